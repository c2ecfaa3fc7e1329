// The hooks the console uses, for the bundle (vite.config.ts points `react-relay` here;
// TypeScript still reads the package's own types). react-relay/hooks is CommonJS and requires
// every hook, entry points and the query loader included, which the bundler cannot trim; these
// are the same modules, imported one by one (vendor.test.ts checks that they are the package's).
import loadQueryModule from 'react-relay/lib/relay-hooks/loadQuery';
import RelayEnvironmentProvider from 'react-relay/lib/relay-hooks/RelayEnvironmentProvider';
import useFragment from 'react-relay/lib/relay-hooks/useFragment';
import useLazyLoadQuery from 'react-relay/lib/relay-hooks/useLazyLoadQuery';
import useMutation from 'react-relay/lib/relay-hooks/useMutation';
import usePaginationFragment from 'react-relay/lib/relay-hooks/usePaginationFragment';
import usePreloadedQuery from 'react-relay/lib/relay-hooks/usePreloadedQuery';
import useRefetchableFragment from 'react-relay/lib/relay-hooks/useRefetchableFragment';
import useRelayEnvironment from 'react-relay/lib/relay-hooks/useRelayEnvironment';
import useSubscription from 'react-relay/lib/relay-hooks/useSubscription';

export { fetchQuery, graphql } from 'relay-runtime';
export const { loadQuery } = loadQueryModule;
export {
  RelayEnvironmentProvider,
  useFragment,
  useLazyLoadQuery,
  useMutation,
  usePaginationFragment,
  usePreloadedQuery,
  useRefetchableFragment,
  useRelayEnvironment,
  useSubscription,
};
