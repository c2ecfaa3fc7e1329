import { graphql } from 'react-relay';
import type { useUpdateCompanyNameMutation as TMutation } from '../../../../__generated__/useUpdateCompanyNameMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Renames the company (6 to 50 characters); the top bar and the card read the name back. */
export function useUpdateCompanyNameMutation() {
  return usePromiseMutation<TMutation>(graphql`
    mutation useUpdateCompanyNameMutation($name: String!) {
      updateCompanyName(name: $name) {
        __typename
        ... on MutationUpdateCompanyNameSuccess {
          data {
            id
            name
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
