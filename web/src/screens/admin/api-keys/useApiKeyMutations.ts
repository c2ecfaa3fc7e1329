import { graphql } from 'react-relay';
import type { useApiKeyMutationsCreateMutation as TCreate } from '../../../../__generated__/useApiKeyMutationsCreateMutation.graphql.ts';
import type { useApiKeyMutationsRevokeMutation as TRevoke } from '../../../../__generated__/useApiKeyMutationsRevokeMutation.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

/** Creates a company API key; the answer carries the key itself, shown once. */
export function useCreateApiKeyMutation() {
  return usePromiseMutation<TCreate>(graphql`
    mutation useApiKeyMutationsCreateMutation($name: String!, $isReadOnly: Boolean) {
      createApiKey(name: $name, isReadOnly: $isReadOnly) {
        __typename
        ... on MutationCreateApiKeySuccess {
          data {
            key
            apiKey {
              id
              ...ApiKeyRow_apiKey
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

/** Revokes a key; the answer's `revokedAt` updates its row. */
export function useRevokeApiKeyMutation() {
  return usePromiseMutation<TRevoke>(graphql`
    mutation useApiKeyMutationsRevokeMutation($apiKeyId: ID!) {
      revokeApiKey(apiKeyId: $apiKeyId) {
        __typename
        ... on MutationRevokeApiKeySuccess {
          data {
            id
            ...ApiKeyRow_apiKey
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
