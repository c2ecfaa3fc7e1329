// Stands in, in the bundle, for the parts of Relay that the console's code can never reach
// (vite.config.ts points react-relay's and relay-runtime's own imports of them here;
// vendor.test.ts checks the conditions below). Each would otherwise come with every signed-in
// page: about 1.5 KB gzipped together.
const leftOut = (what, why) => () => {
  throw new Error(
    `${what} is left out of the console's bundle (web/vendor/relay-left-out.js): ${why}`,
  );
};

/**
 * react-relay's useFragmentInternal_CURRENT: react-relay picks it or
 * useFragmentInternal_EXPERIMENTAL at each call by RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY,
 * which is on by default and which the console does not change.
 */
export default leftOut(
  'useFragmentInternal_CURRENT',
  'RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY is on',
);

/** Updatable queries and fragments (`store.readUpdatableQuery`), which the console does not use. */
export const readUpdatableQuery = leftOut('readUpdatableQuery', 'the console does not use it');
export const readUpdatableFragment = leftOut(
  'readUpdatableFragment',
  'the console does not use it',
);

/** The legacy declarative mutation configs (`configs` of a mutation or subscription). */
export const convert = leftOut('Declarative mutation configs', 'the console does not use them');
