import { graphql } from 'react-relay';
import type { useDeleteIdeaMutation as TMutation } from '../../../../../__generated__/useDeleteIdeaMutation.graphql.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';

/** Deletes an idea and takes it out of the lists named in `connections`. */
export function useDeleteIdeaMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useDeleteIdeaMutation($ideaId: ID!, $connections: [ID!]!) {
      deleteIdea(ideaId: $ideaId) {
        __typename
        ... on MutationDeleteIdeaSuccess {
          data {
            deletedIdeaId @deleteEdge(connections: $connections)
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
