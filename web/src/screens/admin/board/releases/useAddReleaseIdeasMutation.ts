import { graphql } from 'react-relay';
import type { useAddReleaseIdeasMutation as TMutation } from '../../../../../__generated__/useAddReleaseIdeasMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Adds ideas as parts; an idea already there is not added twice. */
export function useAddReleaseIdeasMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useAddReleaseIdeasMutation($releaseId: ID!, $ideaIds: [ID!]!) {
      addReleaseIdeas(releaseId: $releaseId, ideaIds: $ideaIds) {
        __typename
        ... on MutationAddReleaseIdeasSuccess {
          data {
            id
            ...ReleaseCard_release
          }
        }
        ... on AppError {
          code
          message
          fields {
            field
            message
          }
        }
      }
    }
  `);
}
