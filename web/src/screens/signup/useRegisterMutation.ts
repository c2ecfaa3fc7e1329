import { graphql, useFetchMutation } from '../../relay/post-graphql.ts';
import type { useRegisterMutation as TRegisterMutation } from '../../../__generated__/useRegisterMutation.graphql.ts';

/** Creates a company and its owner. */
export function useRegisterMutation() {
  return useFetchMutation<TRegisterMutation>(graphql`
    mutation useRegisterMutation(
      $email: String!
      $password: String!
      $company: String
      $displayName: String
      $ref: String
      $language: String
    ) {
      register(
        email: $email
        password: $password
        company: $company
        displayName: $displayName
        ref: $ref
        language: $language
      ) {
        __typename
        ... on MutationRegisterSuccess {
          data {
            status
            token
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
