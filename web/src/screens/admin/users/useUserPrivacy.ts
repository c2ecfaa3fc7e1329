import { useCallback } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { ConnectionHandler } from 'relay-runtime';
import type { useUserPrivacyEraseMutation as TErase } from '../../../../__generated__/useUserPrivacyEraseMutation.graphql.ts';
import type { useUserPrivacyExportQuery as TExport } from '../../../../__generated__/useUserPrivacyExportQuery.graphql.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';

const exportQuery = graphql`
  query useUserPrivacyExportQuery($userId: ID!) {
    endUserExport(userId: $userId) {
      __typename
      ... on QueryEndUserExportSuccess {
        data
      }
      ... on AppError {
        message
      }
    }
  }
`;

/**
 * Fetches everything stored about a user (GDPR export) and saves it as a JSON file; answers the
 * server's message when it refused, null when the file was saved.
 */
export function useExportUserData(): (userId: string, fileName: string) => Promise<string | null> {
  const environment = useRelayEnvironment();
  return useCallback(
    async (userId, fileName) => {
      const answer = await fetchQuery<TExport>(
        environment,
        exportQuery,
        { userId },
        {
          fetchPolicy: 'network-only',
        },
      ).toPromise();
      const result = answer?.endUserExport;
      if (result?.__typename !== 'QueryEndUserExportSuccess') {
        return result?.__typename === 'AppError' ? result.message : '';
      }
      const url = URL.createObjectURL(new Blob([result.data], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      return null;
    },
    [environment],
  );
}

/** Erases a user; on success their row leaves the users table. */
export function useEraseUserMutation() {
  const [commit, isPending] = usePromiseMutation<TErase>(graphql`
    mutation useUserPrivacyEraseMutation($userId: ID!, $contentMode: ErasureContentMode!) {
      eraseEndUser(userId: $userId, contentMode: $contentMode) {
        __typename
        ... on MutationEraseEndUserSuccess {
          data {
            wasSsoUser
          }
        }
        ... on AppError {
          code
          message
        }
      }
    }
  `);
  const erase = useCallback(
    (userId: string, contentMode: 'DELETE' | 'ANONYMISE', kind: 'SSO' | 'REGULAR') =>
      commit({ userId, contentMode }, (store, response) => {
        if (response?.eraseEndUser.__typename !== 'MutationEraseEndUserSuccess') return;
        const connection = ConnectionHandler.getConnection(
          store.getRoot(),
          'UsersScreen_companyUsers',
        );
        if (connection) ConnectionHandler.deleteNode(connection, userId);
        // The counts above the table lose the erased user too.
        for (const field of ['totalCount', kind === 'SSO' ? 'ssoCount' : 'regularCount']) {
          const count = connection?.getValue(field);
          if (connection && typeof count === 'number') connection.setValue(count - 1, field);
        }
      }),
    [commit],
  );
  return [erase, isPending] as const;
}
