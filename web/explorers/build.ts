import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { EXPLORERS_DIST, EXPLORERS_READY } from '../../api/src/pages/explorers.ts';

/*
 * The API explorers' files (api/src/pages/explorers.ts): GraphiQL and Swagger UI, each copied from its
 * npm package as published, beside a small start script of our own compiled from TypeScript.
 */

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

const VENDOR: Record<string, [string, string[]]> = {
  graphiql: [
    path.join(packageDir('@graphql-yoga/graphiql'), 'dist'),
    [
      'yoga-graphiql.es.js',
      'graphiql.css',
      'monacoeditorwork/editor.worker.bundle.js',
      'monacoeditorwork/json.worker.bundle.js',
      'monacoeditorwork/graphql.worker..bundle.js',
    ],
  ],
  'api-docs': [packageDir('swagger-ui-dist'), ['swagger-ui-bundle.js', 'swagger-ui.css']],
};

/** Our start scripts, TypeScript compiled to a browser module each. */
function compile(source: string): string {
  return ts.transpileModule(readFileSync(source, 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  }).outputText;
}

/**
 * Builds dist/explorers. Writes into a fresh folder beside it and renames it into place, so a
 * server never serves half a build. `keepExisting` (tests starting together): a build another
 * process put in place meanwhile is kept, not swapped out under its server.
 */
export function buildExplorers(options: { keepExisting?: boolean } = {}): void {
  const parent = path.dirname(EXPLORERS_DIST);
  mkdirSync(parent, { recursive: true });
  const outDir = mkdtempSync(path.join(parent, 'explorers-build-'));
  try {
    for (const [name, [from, files]] of Object.entries(VENDOR)) {
      for (const file of files) {
        const target = path.join(outDir, name, file);
        mkdirSync(path.dirname(target), { recursive: true });
        copyFileSync(path.join(from, file), target);
      }
      const script = path.join(import.meta.dirname, `${name}.ts`);
      writeFileSync(path.join(outDir, name, `${name}.js`), compile(script));
      const styles = path.join(import.meta.dirname, `${name}.css`);
      // Named apart from the package's own stylesheet (GraphiQL's is graphiql.css too).
      if (existsSync(styles)) copyFileSync(styles, path.join(outDir, name, `${name}-fixes.css`));
    }
    if (!options.keepExisting) rmSync(EXPLORERS_DIST, { recursive: true, force: true });
    try {
      renameSync(outDir, EXPLORERS_DIST);
    } catch (error) {
      if (!(options.keepExisting && existsSync(EXPLORERS_READY))) throw error;
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Builds the explorers when they are missing (tests, like `npm start`, serve the built files). */
export function ensureExplorersBuilt(): void {
  if (!existsSync(EXPLORERS_READY)) buildExplorers({ keepExisting: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildExplorers();
