// What the console takes from relay-runtime, for the bundle (vite.config.ts points `relay-runtime`
// here; TypeScript still reads the package's own types). The package's main module is CommonJS
// and requires all of Relay in one object, which the bundler cannot trim: the experimental APIs,
// the mutation configs, the live resolver helpers and the rest came with every signed-in page.
// These are the same modules, imported one by one: the console's own imports and what
// react-relay's hooks read (vendor.test.ts checks that both are here and are the package's own).
import ConnectionHandler from 'relay-runtime/lib/handlers/connection/ConnectionHandler';
import ConnectionInterface from 'relay-runtime/lib/handlers/connection/ConnectionInterface';
import commitMutation from 'relay-runtime/lib/mutations/commitMutation';
import Network from 'relay-runtime/lib/network/RelayNetwork';
import Observable from 'relay-runtime/lib/network/RelayObservable';
import fetchQuery from 'relay-runtime/lib/query/fetchQuery';
import fetchQueryInternal from 'relay-runtime/lib/query/fetchQueryInternal';
import GraphQLTag from 'relay-runtime/lib/query/GraphQLTag';
import PreloadableQueryRegistry from 'relay-runtime/lib/query/PreloadableQueryRegistry';
import createRelayContext from 'relay-runtime/lib/store/createRelayContext';
import createRelayLoggingContext from 'relay-runtime/lib/store/createRelayLoggingContext';
import Environment from 'relay-runtime/lib/store/RelayModernEnvironment';
import RelayModernOperationDescriptor from 'relay-runtime/lib/store/RelayModernOperationDescriptor';
import Record from 'relay-runtime/lib/store/RelayModernRecord';
import RelayModernSelector from 'relay-runtime/lib/store/RelayModernSelector';
import Store from 'relay-runtime/lib/store/RelayModernStore';
import RecordSource from 'relay-runtime/lib/store/RelayRecordSource';
import RelayStoreUtils from 'relay-runtime/lib/store/RelayStoreUtils';
import requestSubscription from 'relay-runtime/lib/subscription/requestSubscription';
import getFragmentIdentifier from 'relay-runtime/lib/util/getFragmentIdentifier';
import getPaginationMetadata from 'relay-runtime/lib/util/getPaginationMetadata';
import getPaginationVariables from 'relay-runtime/lib/util/getPaginationVariables';
import getPendingOperationsForFragment from 'relay-runtime/lib/util/getPendingOperationsForFragment';
import getRefetchMetadata from 'relay-runtime/lib/util/getRefetchMetadata';
import getRequestIdentifier from 'relay-runtime/lib/util/getRequestIdentifier';
import getValueAtPath from 'relay-runtime/lib/util/getValueAtPath';
import snapshotErrors from 'relay-runtime/lib/util/handlePotentialSnapshotErrors';
import isPromise from 'relay-runtime/lib/util/isPromise';
import recycleNodesInto from 'relay-runtime/lib/util/recycleNodesInto';
import RelayFeatureFlags from 'relay-runtime/lib/util/RelayFeatureFlags';
import ReplaySubject from 'relay-runtime/lib/util/RelayReplaySubject';

export const { getFragment, getRequest, graphql } = GraphQLTag;
export const { createOperationDescriptor } = RelayModernOperationDescriptor;
export const { areEqualSelectors, getSelector, getVariablesFromFragment } = RelayModernSelector;
export const { ID_KEY } = RelayStoreUtils;
export const { handlePotentialSnapshotErrors } = snapshotErrors;
/** The part of relay-runtime's `__internal` that react-relay's hooks use. */
export const __internal = {
  createRelayContext,
  createRelayLoggingContext,
  fetchQuery: fetchQueryInternal.fetchQuery,
  fetchQueryDeduped: fetchQueryInternal.fetchQueryDeduped,
  getObservableForActiveRequest: fetchQueryInternal.getObservableForActiveRequest,
  getPromiseForActiveRequest: fetchQueryInternal.getPromiseForActiveRequest,
};
export {
  ConnectionHandler,
  ConnectionInterface,
  commitMutation,
  Environment,
  fetchQuery,
  getFragmentIdentifier,
  getPaginationMetadata,
  getPaginationVariables,
  getPendingOperationsForFragment,
  getRefetchMetadata,
  getRequestIdentifier,
  getValueAtPath,
  isPromise,
  Network,
  Observable,
  PreloadableQueryRegistry,
  Record,
  RecordSource,
  recycleNodesInto,
  RelayFeatureFlags,
  ReplaySubject,
  requestSubscription,
  Store,
};
