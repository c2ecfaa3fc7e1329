import { writeFile } from 'node:fs/promises';
import type { TDeps } from '../deps.ts';
import { restApi } from './index.ts';
import { openApiDocument } from './openapi.ts';

/**
 * `tsx api/src/rest/openapi-print.ts FILE`: writes the OpenAPI document of /api/v1 to FILE (for
 * `npm run lint:openapi`), built from the route table alone: no database, no configuration.
 * Building the routes touches no dependency (each is read when a request comes), which the
 * stand-in below checks.
 */
const noDeps = new Proxy({} as TDeps, {
  get(_target, key) {
    throw new Error(
      `The OpenAPI document is built without dependencies, but deps.${String(key)} was read.`,
    );
  },
});

const target = process.argv[2];
if (!target) {
  console.error('Usage: tsx api/src/rest/openapi-print.ts FILE');
  process.exit(2);
}
await writeFile(target, `${JSON.stringify(openApiDocument(restApi(noDeps)), null, 2)}\n`);
