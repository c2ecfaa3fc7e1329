// Bundles the server (api/src/main.ts and its TypeScript) into dist/server/main.js, which
// `npm start` runs with plain node. Running the sources through tsx instead keeps its loader
// (a second V8 isolate and every module's transformed source) in the process: 87 MB of RSS of
// the embedded default's 530 at idle. Packages stay in node_modules (`packages: 'external'`).
// Fast enough (about a second) to run on every start, so the bundle is never older than the
// sources.
import { build } from 'esbuild';

await build({
  entryPoints: ['api/src/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // For a stack trace's file and line: `node --enable-source-maps dist/server/main.js`.
  sourcemap: 'linked',
  logLevel: 'warning',
});
