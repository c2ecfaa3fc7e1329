import path from 'node:path';

/**
 * The project's folder (where package.json, prisma/ and dist/ are). Resolved from this file,
 * two levels down; `npm start` runs the server bundled into dist/server/main.js, also two
 * levels down, where `import.meta.dirname` names the bundle's folder: the same path in both.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');
