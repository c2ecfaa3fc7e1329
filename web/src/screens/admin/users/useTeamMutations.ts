import { graphql } from 'react-relay';
import type { useTeamMutationsChangeRoleMutation as TChangeRole } from '../../../../__generated__/useTeamMutationsChangeRoleMutation.graphql.ts';
import type { useTeamMutationsRemoveMutation as TRemove } from '../../../../__generated__/useTeamMutationsRemoveMutation.graphql.ts';
import type { useTeamMutationsInviteMutation as TInvite } from '../../../../__generated__/useTeamMutationsInviteMutation.graphql.ts';
import type { useTeamMutationsResendMutation as TResend } from '../../../../__generated__/useTeamMutationsResendMutation.graphql.ts';
import type { useTeamMutationsRevokeMutation as TRevoke } from '../../../../__generated__/useTeamMutationsRevokeMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Makes a team member an ADMIN or a MEMBER; the answer updates their row. */
export function useChangeRoleMutation() {
  return usePromiseMutation<TChangeRole>(graphql`
    mutation useTeamMutationsChangeRoleMutation($userId: ID!, $role: AssignableRole!) {
      changeMemberRole(userId: $userId, role: $role) {
        __typename
        ... on MutationChangeMemberRoleSuccess {
          data {
            id
            role
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

/** Takes a person off the team (they become an end user); the answer updates their row. */
export function useRemoveMemberMutation() {
  return usePromiseMutation<TRemove>(graphql`
    mutation useTeamMutationsRemoveMutation($userId: ID!) {
      removeMember(userId: $userId) {
        __typename
        ... on MutationRemoveMemberSuccess {
          data {
            id
            role
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

/** Invites a person by email with a role; the answer has the link to copy, shown this once. */
export function useInviteMutation() {
  return usePromiseMutation<TInvite>(graphql`
    mutation useTeamMutationsInviteMutation($email: String!, $role: AssignableRole!) {
      inviteMember(email: $email, role: $role) {
        __typename
        ... on MutationInviteMemberSuccess {
          data {
            id
            email
            link
            expiresAt
            isMailHeld
            ...InvitationRow_invitation
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

/** Gives a pending invitation a new link (to copy, shown this once; also mailed). */
export function useResendInvitationMutation() {
  return usePromiseMutation<TResend>(graphql`
    mutation useTeamMutationsResendMutation($invitationId: ID!) {
      resendInvitation(invitationId: $invitationId) {
        __typename
        ... on MutationResendInvitationSuccess {
          data {
            id
            email
            link
            expiresAt
            isMailHeld
            ...InvitationRow_invitation
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

/** Revokes a pending invitation; the caller drops it from the list. */
export function useRevokeInvitationMutation() {
  return usePromiseMutation<TRevoke>(graphql`
    mutation useTeamMutationsRevokeMutation($invitationId: ID!) {
      revokeInvitation(invitationId: $invitationId) {
        __typename
        ... on MutationRevokeInvitationSuccess {
          data {
            id
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
