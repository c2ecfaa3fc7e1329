// Bundles the server (api/src/main.ts, its TypeScript and the packages it imports) into
// dist/server/main.js, which `npm start` runs with plain node. Running the sources through tsx
// instead keeps its loader (a second V8 isolate and every module's transformed source) in the
// process: 87 MB of RSS of the embedded default's 530 at idle. The packages are bundled too:
// resolving and opening their ~1,800 files was half of the start's CPU (1.6-1.8 s against
// 0.8-0.9 s bundled, on a loaded two-core machine), since Node 20 has no compile cache.
// Modules the server imports on first use (`await import(...)`, e.g. the MCP server) become
// chunks of their own beside main.js, read only when first needed.
// Fast enough (about a second) to run on every start, so the bundle is never older than the
// sources.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds the server into `outdir` (relative to the repository; it must stay inside it, so that
 * the bundle's external packages resolve from node_modules). The tests' global setup builds
 * one for the server processes they start.
 */
export async function buildServer(outdir = 'dist/server') {
  const out = path.resolve(ROOT, outdir);
  await rm(out, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'api/src/main.ts' },
    outdir: out,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stay in node_modules: PGlite reads its WebAssembly and data files beside its own modules;
    // pino may start transports by file name; pg-native is pg's optional native driver.
    external: [
      '@electric-sql/pglite',
      '@electric-sql/pglite/*',
      'pino',
      'pino-pretty',
      'thread-stream',
      'pg-native',
    ],
    // CommonJS packages in an ES module bundle: their `require` of Node's modules and their
    // `__dirname` need these (esbuild leaves them to the platform).
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module';",
        "import { fileURLToPath as __fileURLToPath } from 'node:url';",
        "import { dirname as __pathDirname } from 'node:path';",
        'const require = __createRequire(import.meta.url);',
        'const __filename = __fileURLToPath(import.meta.url);',
        'const __dirname = __pathDirname(__filename);',
      ].join('\n'),
    },
    // For a stack trace's file and line: `node --enable-source-maps dist/server/main.js`.
    // Less source for V8 to hold and parse; identifiers keep their names for stack traces.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildServer();
