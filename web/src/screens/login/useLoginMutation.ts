import { graphql, useFetchMutation } from '../../relay/post-graphql.ts';
import type { useLoginMutation as TLoginMutation } from '../../../__generated__/useLoginMutation.graphql.ts';

/**
 * Signs in; answers a session token, a second-factor challenge, the companies to choose from (the
 * password opens several; sign in again with one's slug), or an AppError.
 */
export function useLoginMutation() {
  return useFetchMutation<TLoginMutation>(graphql`
    mutation useLoginMutation($email: String!, $password: String!, $companySlug: String) {
      login(email: $email, password: $password, companySlug: $companySlug) {
        __typename
        ... on MutationLoginSuccess {
          data {
            token
            secondFactor {
              challenge
              enrolmentRequired
            }
            companies {
              name
              slug
            }
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
