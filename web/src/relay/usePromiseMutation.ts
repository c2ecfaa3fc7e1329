import { useCallback } from 'react';
import { useMutation } from 'react-relay';
import type {
  GraphQLTaggedNode,
  MutationParameters,
  SelectorStoreUpdater,
  UploadableMap,
} from 'relay-runtime';

/**
 * useMutation with a promise: resolves with the response (which may be an AppError result),
 * rejects on a network or GraphQL error.
 */
export function usePromiseMutation<TMutation extends MutationParameters>(
  mutation: GraphQLTaggedNode,
): [
  (
    variables: TMutation['variables'],
    updater?: SelectorStoreUpdater<TMutation['response']>,
    optimisticUpdater?: SelectorStoreUpdater<TMutation['response']>,
    uploadables?: UploadableMap,
  ) => Promise<TMutation['response']>,
  boolean,
] {
  const [commit, isInFlight] = useMutation<TMutation>(mutation);
  const run = useCallback(
    (
      variables: TMutation['variables'],
      updater?: SelectorStoreUpdater<TMutation['response']>,
      optimisticUpdater?: SelectorStoreUpdater<TMutation['response']>,
      uploadables?: UploadableMap,
    ) =>
      new Promise<TMutation['response']>((resolve, reject) => {
        commit({
          variables,
          ...(updater ? { updater } : {}),
          // Relay rolls an optimistic change back by itself when the call fails.
          ...(optimisticUpdater ? { optimisticUpdater } : {}),
          // Files go as parts of a multipart request (post-graphql.ts), keyed by variable path.
          ...(uploadables ? { uploadables } : {}),
          onCompleted: (response, errors) => {
            if (errors?.length) reject(new Error(errors[0]?.message));
            else resolve(response);
          },
          onError: reject,
        });
      }),
    [commit],
  );
  return [run, isInFlight];
}
