// Bundles the server (api/src/main.ts, its TypeScript and the packages it imports) into
// dist/server/main.js (and server.js, which main.js imports), which `npm start` runs with plain
// node. Running the sources through tsx instead keeps its loader (a second V8 isolate and every
// module's transformed source) in the process: 87 MB of RSS of the embedded default's 530 at
// idle. The packages are bundled too, all but those named in `external` below: resolving and
// opening their ~1,800 files was half of the start's CPU (1.6-1.8 s against 0.8-0.9 s bundled,
// on a loaded two-core machine).
// Modules the server imports on first use (`await import(...)`, e.g. the MCP server, the mail,
// payment and webhook clients, the release Markdown renderer) become chunks of their own in
// chunks/, read only when first needed. What every start does load is kept small and in one
// byte a character: see assertAscii, queryCompiler (Prisma's WebAssembly as a file, not a
// base64 string in the heap) and zodEnglishOnly below.
// Fast enough (about a second) to run on every start, so the bundle is never older than the
// sources.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
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
  const { metafile } = await build({
    ...BUNDLE,
    // main.js starts tracing when configured, then imports server.js (api/src/main.ts says
    // why): both sit here, not in chunks/, since the server finds dist/web and the other built
    // files from its own folder. The import worker (services/import/read-import-files.ts) is a
    // script of its own.
    entryPoints: {
      main: 'api/src/main.ts',
      server: 'api/src/run-server.ts',
      'import-worker': 'api/src/services/import/read-import-files-worker.ts',
    },
    outdir: out,
    plugins: [queryCompiler.plugin, zodEnglishOnly],
  });
  await queryCompiler.writeWasm(metafile);
  await assertAscii(metafile);
}

/**
 * The operators' commands (package.json's `db:migrate`, `db:backup`, `db:restore`,
 * `secrets:reseal`, `plan`, `db:idea-counts`, `db:move-to-postgres`) bundled into dist/cli, for an image or a host that
 * has the bundle and its runtime packages but neither the sources nor tsx
 * (scripts/runtime-package.mjs gives them `npm run` names there). Built apart from the server
 * so that its chunks stay as they are; `node scripts/build-server.mjs --cli` builds both.
 */
export async function buildCli(outdir = 'dist/cli') {
  const out = path.resolve(ROOT, outdir);
  await rm(out, { recursive: true, force: true });
  const { metafile } = await build({
    ...BUNDLE,
    entryPoints: {
      'db-migrate': 'api/src/db/migrate-cli.ts',
      'db-backup': 'api/src/db/backup-cli.ts',
      'db-idea-counts': 'api/src/db/idea-counts-cli.ts',
      'db-move-to-postgres': 'api/src/db/move-to-postgres-cli.ts',
      'secrets-reseal': 'api/src/auth/reseal-cli.ts',
      plan: 'api/src/billing/plan-cli.ts',
    },
    outdir: out,
    plugins: [queryCompiler.plugin, zodEnglishOnly],
  });
  await queryCompiler.writeWasm(metafile);
}

/**
 * Packages that stay in node_modules (`external` below, by package name): what an image or a
 * bare host must carry beside dist/ (scripts/runtime-package.mjs copies them with their
 * dependencies). `@opentelemetry/*` stands for every such package in package.json.
 */
export const RUNTIME_PACKAGES = [
  '@electric-sql/pglite',
  'pino',
  'pino-pretty',
  'thread-stream',
  'pg-native',
  'pg',
  'ioredis',
  'graphql',
  '@opentelemetry/*',
  // The portal's preview images (api/src/portal/og-image.ts): satori loads its WebAssembly
  // beside its modules, resvg its native binding (an optional package per platform), and the
  // font files are read from their package.
  'satori',
  '@resvg/resvg-js',
  '@fontsource/inter',
  // Not external: the bundled schema engine finds its WebAssembly through the package
  // (api/src/db/schema-engine.ts).
  '@prisma/schema-engine-wasm',
];

const BUNDLE = {
  absWorkingDir: ROOT,
  bundle: true,
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node22.15',
  // Stay in node_modules: PGlite reads its WebAssembly and data files beside its own modules;
  // pino may start transports by file name; pg-native is pg's optional native driver.
  // OpenTelemetry's instrumentations patch pg, ioredis and graphql as Node loads them, which
  // a copy inside the bundle never is (api/src/observability/telemetry.ts); its own packages are loaded
  // only when tracing is configured.
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    'pino',
    'pino-pretty',
    'thread-stream',
    'pg-native',
    'pg',
    'pg/*',
    'ioredis',
    'ioredis/*',
    'graphql',
    'graphql/*',
    '@opentelemetry/*',
    'satori',
    '@resvg/resvg-js',
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
  // The packages' license comments go to main.js.LEGAL.txt (and one per chunk) instead of the
  // end of the code, where their authors' names would be the only non-ASCII (assertAscii).
  legalComments: 'external',
  metafile: true,
  logLevel: 'warning',
};

/**
 * zod's namespace object carries every locale's messages (`z.locales`, 300 KB of the bundle in
 * 49 languages); esbuild keeps them all, since a package hands the `z` object around whole.
 * Nothing here reads `z.locales`: zod's own messages are English (zod configures `en` from its
 * own module), and ours are written in our schemas. The bundle's `z.locales` has English only.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]node_modules[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ },
      (args) => ({
        contents: "export { default as en } from './en.js';",
        resolveDir: path.dirname(args.path),
        loader: 'js',
      }),
    );
  },
};

const WASM_MODULE = 'feedboard:query-compiler-wasm';
const WASM_FILE = 'query_compiler.wasm';

/**
 * Prisma's generated client carries its query compiler as a 4.4 MB base64 string in a module
 * of its own, decoded at the first query. V8 then holds that module's source and the string
 * literal in it for the life of the process: 8.7 MB of the idle heap for 3.3 MB of WebAssembly
 * used once. In the bundle the client reads the WebAssembly from a file beside the chunk that
 * loads it instead (the same bytes, written here from Prisma's module); anything else that
 * runs the sources (tsx, the tests) keeps Prisma's own loader.
 */
const queryCompiler = (() => {
  const LOADER =
    /getQueryCompilerWasmModule: async \(\) => \{\n\s*const \{ wasm \} = await import\("([^"]+\.wasm-base64\.mjs)"\)\n\s*return await decodeBase64AsWasm\(wasm\)\n\s*\}/;
  let base64Module;
  return {
    plugin: {
      name: 'query-compiler-wasm',
      setup(build) {
        build.onLoad(
          { filter: /[\\/]generated[\\/]prisma[\\/]internal[\\/]class\.ts$/ },
          async (args) => {
            const source = await readFile(args.path, 'utf8');
            const match = LOADER.exec(source);
            if (!match) {
              throw new Error(
                `${args.path}: Prisma's query compiler loader is not in the expected form (see scripts/build-server.mjs)`,
              );
            }
            base64Module = match[1];
            return {
              contents: source.replace(
                LOADER,
                `getQueryCompilerWasmModule: async () => (await import('${WASM_MODULE}')).compileQueryCompiler()`,
              ),
              loader: 'ts',
            };
          },
        );
        build.onResolve({ filter: new RegExp(`^${WASM_MODULE}$`) }, () => ({
          path: WASM_MODULE,
          namespace: 'feedboard',
        }));
        build.onLoad({ filter: /.*/, namespace: 'feedboard' }, () => ({
          contents: [
            "import { readFile } from 'node:fs/promises';",
            'export async function compileQueryCompiler() {',
            `  return WebAssembly.compile(await readFile(new URL('./${WASM_FILE}', import.meta.url)));`,
            '}',
          ].join('\n'),
          loader: 'js',
        }));
      },
    },
    /** Writes the WebAssembly beside the chunk that reads it. */
    async writeWasm(metafile) {
      const chunk = Object.entries(metafile.outputs).find(
        ([file, output]) => file.endsWith('.js') && `feedboard:${WASM_MODULE}` in output.inputs,
      );
      if (!chunk || !base64Module) throw new Error('the query compiler loader was not bundled');
      const require = createRequire(path.join(ROOT, 'package.json'));
      const { wasm } = await import(pathToFileURL(require.resolve(base64Module)).href);
      await writeFile(
        path.join(path.dirname(path.resolve(ROOT, chunk[0])), WASM_FILE),
        Buffer.from(wasm, 'base64'),
      );
    },
  };
})();

/**
 * V8 keeps every module's source text in the heap for as long as the process runs, and a
 * source with one character past Latin-1 is held as two bytes a character: main.js (3 MB)
 * took 6 MB of the idle heap for an 'ł' in slugify's pattern. esbuild escapes non-ASCII
 * characters in strings but not in regular expressions, tagged templates or comments, so the
 * files every start loads (main.js, server.js and the chunks they import statically) must be
 * ASCII, the simpler rule: write the character as an escape, or load its package on first use
 * (as markdown-it, which has a '…' in a pattern). Chunks loaded on first use may keep theirs.
 */
async function assertAscii(metafile) {
  const outputs = metafile.outputs;
  // main.js, and server.js, which main.js always imports.
  const entries = Object.keys(outputs).filter((file) => /\/(main|server)\.js$/.test(file));
  const eager = new Set();
  const pending = [...entries];
  while (pending.length) {
    const file = pending.pop();
    if (eager.has(file)) continue;
    eager.add(file);
    for (const imported of outputs[file].imports) {
      if (imported.kind === 'import-statement' && outputs[imported.path])
        pending.push(imported.path);
    }
  }
  for (const file of eager) {
    const text = await readFile(path.resolve(ROOT, file), 'utf8');
    const at = text.search(/[\u0080-\uffff]/);
    if (at < 0) continue;
    throw new Error(
      `${file} has a non-ASCII character (${JSON.stringify(text.slice(at - 40, at + 10))}), and every start loads it: V8 would hold its ${Math.round(text.length / 1024)} KB as twice that. Write the character as an escape, or load its module on first use.`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServer();
  if (process.argv.includes('--cli')) await buildCli();
}
