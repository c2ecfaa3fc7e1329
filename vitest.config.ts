import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CommonJS (main) and ESM (module) copies with no "exports" map: Node
    // loads the CommonJS one for Pothos and Yoga, so the tests must load that same copy.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['api/**/*.test.ts', 'web/**/*.test.ts', 'widget/**/*.test.ts', 'e2e/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
