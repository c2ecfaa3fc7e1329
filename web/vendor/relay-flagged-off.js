// Stands in for react-relay's useFragmentInternal_CURRENT in the bundle (vite.config.ts).
// react-relay requires it beside useFragmentInternal_EXPERIMENTAL and picks one at each call by
// RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY, which is on by default and which the console
// does not change (vendor.test.ts checks both): the other one is code every signed-in page
// downloads and never runs.
export default function useFragmentInternalFlaggedOff() {
  throw new Error(
    "RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY is off, but the console's bundle leaves out the hook that flag selects (web/vendor/relay-flagged-off.js)",
  );
}
