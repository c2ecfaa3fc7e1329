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
      'clients/**/*.test.ts',
      'web/**/*.test.ts',
      'widget/**/*.test.ts',
      'e2e/**/*.test.ts',
    ],
    // One migrated database (PGlite snapshot, PostgreSQL template) that every file's copies.
    globalSetup: ['api/src/testing/global-setup.ts'],
    pool: 'forks',
    // A worker keeps its modules from one file to the next instead of importing the whole app
    // again for each (the suite's import time fell from 740 s to 32 s on the loaded two-core
    // machine, and the PGlite pass from 47 to 19 minutes). Files keep their own servers and
    // databases; the few that stub globals or the environment restore them.
    isolate: false,
    // Each file pays several seconds of fork and import before its first test, and most files
    // then wait on sockets, a browser or a database: two files at a time keep both cores busy
    // (vitest's default on two cores is one). Every file has its own database and server port.
    maxWorkers: 2,
    // Transformed modules are kept on disk, so the second file (and the PostgreSQL pass) do not
    // transform the same TypeScript again.
    experimental: { fsModuleCache: true },
    testTimeout: 60_000,
    // Browser assertions poll; on a busy two-core CI a first page load can take longer than
    // vitest's default second, so a poll waits up to 5 s (a passing poll returns at once).
    expect: { poll: { timeout: 5_000 } },
    hookTimeout: 120_000,
  },
});
