// Generates the Prisma client and the Pothos Prisma types (api/src/generated/).
// `prisma generate` does not use the schema engine, but Prisma's CLI tries to download one
// unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file; machines here have no internet.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spreadParamGraph } from './spread-param-graph.mjs';

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve('prisma/package.json')), 'build/index.js');
const result = spawnSync(process.execPath, [cli, 'generate'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
if (result.status !== 0) process.exit(result.status ?? 1);
// 14 MB less of every server's heap: see spread-param-graph.mjs.
spreadParamGraph(
  path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../api/src/generated/prisma/internal/class.ts',
  ),
);
