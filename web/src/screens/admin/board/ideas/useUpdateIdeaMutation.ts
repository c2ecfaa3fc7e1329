import { graphql } from 'react-relay';
import type { useUpdateIdeaMutation as TMutation } from '../../../../../__generated__/useUpdateIdeaMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Replaces an idea's title and description. */
export function useUpdateIdeaMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateIdeaMutation($ideaId: ID!, $title: String!, $description: String) {
      updateIdea(ideaId: $ideaId, title: $title, description: $description) {
        __typename
        ... on MutationUpdateIdeaSuccess {
          data {
            id
            title
            description
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
