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
    include: [
      'api/**/*.test.ts',
      'bench/**/*.test.ts',
      'web/**/*.test.ts',
      'widget/**/*.test.ts',
      'e2e/**/*.test.ts',
    ],
    pool: 'forks',
    testTimeout: 60_000,
    // Browser assertions poll; on a busy two-core CI a first page load can take longer than
    // vitest's default second, so a poll waits up to 5 s (a passing poll returns at once).
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 120_000,
  },
});
