import { graphql } from 'react-relay';
import type { useWebhookMutationsCreateMutation as TCreate } from '../../../../__generated__/useWebhookMutationsCreateMutation.graphql.ts';
import type { useWebhookMutationsDeleteMutation as TDelete } from '../../../../__generated__/useWebhookMutationsDeleteMutation.graphql.ts';
import type { useWebhookMutationsRotateMutation as TRotate } from '../../../../__generated__/useWebhookMutationsRotateMutation.graphql.ts';
import type { useWebhookMutationsTestMutation as TTest } from '../../../../__generated__/useWebhookMutationsTestMutation.graphql.ts';
import type { useWebhookMutationsUpdateMutation as TUpdate } from '../../../../__generated__/useWebhookMutationsUpdateMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Registers a webhook; the answer carries the secret, shown once. */
export function useCreateWebhookMutation() {
  return usePromiseMutation<TCreate>(graphql`
    mutation useWebhookMutationsCreateMutation(
      $url: String!
      $events: [WebhookEvent!]!
      $boardId: ID
    ) {
      createWebhook(url: $url, events: $events, boardId: $boardId) {
        __typename
        ... on MutationCreateWebhookSuccess {
          data {
            secret
            webhook {
              id
              ...WebhookCard_webhook
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

/** Turns a webhook on or off. */
export function useSetWebhookEnabledMutation() {
  return usePromiseMutation<TUpdate>(graphql`
    mutation useWebhookMutationsUpdateMutation($webhookId: ID!, $isEnabled: Boolean!) {
      updateWebhook(webhookId: $webhookId, isEnabled: $isEnabled) {
        __typename
        ... on MutationUpdateWebhookSuccess {
          data {
            id
            isEnabled
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

/** Sends a webhook.test event; the answer refreshes the card's log. */
export function useSendWebhookTestMutation() {
  return usePromiseMutation<TTest>(graphql`
    mutation useWebhookMutationsTestMutation($webhookId: ID!) {
      sendWebhookTest(webhookId: $webhookId) {
        __typename
        ... on MutationSendWebhookTestSuccess {
          data {
            status
            webhook {
              ...WebhookCard_webhook
            }
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

/** Replaces the signing secret; the answer carries the new one, shown once. */
export function useRotateWebhookSecretMutation() {
  return usePromiseMutation<TRotate>(graphql`
    mutation useWebhookMutationsRotateMutation($webhookId: ID!) {
      rotateWebhookSecret(webhookId: $webhookId) {
        __typename
        ... on MutationRotateWebhookSecretSuccess {
          data {
            secret
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

/** Deletes a webhook with its log. */
export function useDeleteWebhookMutation() {
  return usePromiseMutation<TDelete>(graphql`
    mutation useWebhookMutationsDeleteMutation($webhookId: ID!) {
      deleteWebhook(webhookId: $webhookId) {
        __typename
        ... on MutationDeleteWebhookSuccess {
          data {
            deletedWebhookId @deleteRecord
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
