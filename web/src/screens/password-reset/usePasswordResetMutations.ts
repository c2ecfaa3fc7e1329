import { graphql, useFetchMutation } from '../../relay/post-graphql.ts';
import type { usePasswordResetMutationsCheckTokenMutation as TCheckToken } from '../../../__generated__/usePasswordResetMutationsCheckTokenMutation.graphql.ts';
import type { usePasswordResetMutationsSendLinkMutation as TSendLink } from '../../../__generated__/usePasswordResetMutationsSendLinkMutation.graphql.ts';
import type { usePasswordResetMutationsSetPasswordMutation as TSetPassword } from '../../../__generated__/usePasswordResetMutationsSetPasswordMutation.graphql.ts';

/** Mails a reset link; answers the same whether or not the email has an account. */
export function useSendResetLinkMutation() {
  return useFetchMutation<TSendLink>(graphql`
    mutation usePasswordResetMutationsSendLinkMutation($email: String!) {
      sendPasswordResetLink(email: $email) {
        __typename
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

/**
 * Exchanges the mailed token for a new-password token and the account's address. `email` only
 * for links mailed before they carried the token alone.
 */
export function useCheckResetTokenMutation() {
  return useFetchMutation<TCheckToken>(graphql`
    mutation usePasswordResetMutationsCheckTokenMutation($email: String, $token: String!) {
      checkPasswordResetToken(email: $email, token: $token) {
        __typename
        ... on MutationCheckPasswordResetTokenSuccess {
          data {
            newPasswordToken
            email
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
}

/** Sets the new password (and signs out every session of the account). */
export function useSetNewPasswordMutation() {
  return useFetchMutation<TSetPassword>(graphql`
    mutation usePasswordResetMutationsSetPasswordMutation(
      $email: String
      $newPasswordToken: String!
      $password: String!
    ) {
      setNewPassword(email: $email, newPasswordToken: $newPasswordToken, password: $password) {
        __typename
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
