import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's folder (where package.json, prisma/ and dist/ are): the nearest folder above
 * this module's that holds prisma/schema.prisma. From the sources (api/src/) and from the server
 * bundle (dist/server/main.js) that is two levels up; the operators' commands bundled into
 * dist/cli share their code in dist/cli/chunks/, three levels down, where two levels up named
 * dist/ and `db:migrate` found no schema nor migrations there (it then took the database for up
 * to date and applied nothing).
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'prisma', 'schema.prisma'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '../..');
  }
}

export const ROOT = findRoot(import.meta.dirname);
