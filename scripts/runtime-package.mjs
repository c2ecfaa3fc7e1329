// Lays out what the bundled server needs at run time in one folder, for the image's last stage
// (deploy/Dockerfile) or a bare host:
//
//   node scripts/runtime-package.mjs <folder>     (after npm run build and build-server.mjs --cli)
//
// - dist/ without source maps (the server, the operators' commands, the console, the widget and
//   the API explorers);
// - prisma/ (the schema and the migrations the server applies at start);
// - scripts/serve.sh;
// - node_modules/ with only the packages the bundle leaves outside (RUNTIME_PACKAGES in
//   scripts/build-server.mjs) and what they depend on, found the way Node resolves them and
//   copied at the same places, without type declarations, source maps and the like: about
//   60 MB where `npm prune --omit=dev` keeps 465;
// - a package.json whose scripts run the bundled commands (`npm run plan -- list`,
//   `npm run db:migrate`, `db:backup`, `db:restore`, `secrets:reseal`, `db:idea-counts`,
//   `db:move-to-postgres`).
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RUNTIME_PACKAGES } from './build-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files a running server never reads. */
const LEFT_OUT = /(\.map|\.d\.ts|\.d\.mts|\.d\.cts|\.tsbuildinfo|\.md|\.markdown)$/i;

async function exists(file) {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function readJson(file) {
  return JSON.parse(await readFile(file, 'utf8'));
}

/** Where Node finds package `name` from `dir`: the nearest node_modules/name going up. */
async function findPackage(name, dir) {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name);
    if (await exists(path.join(candidate, 'package.json'))) return candidate;
    if (at === ROOT || at === path.dirname(at)) return undefined;
  }
}

/** RUNTIME_PACKAGES with `scope/*` read as every dependency of package.json in that scope. */
async function rootPackages() {
  const { dependencies = {} } = await readJson(path.join(ROOT, 'package.json'));
  return RUNTIME_PACKAGES.flatMap((name) =>
    name.endsWith('/*')
      ? Object.keys(dependencies).filter((dep) => dep.startsWith(name.slice(0, -1)))
      : [name],
  );
}

/** The package folders the runtime packages need, themselves included. */
async function closure() {
  const found = new Set();
  const pending = [];
  for (const name of await rootPackages()) {
    const dir = await findPackage(name, ROOT);
    if (dir) pending.push(dir); // pg-native is optional: absent, pg does without it
  }
  while (pending.length) {
    const dir = pending.pop();
    if (found.has(dir)) continue;
    found.add(dir);
    const manifest = await readJson(path.join(dir, 'package.json'));
    const names = Object.keys({
      ...manifest.dependencies,
      ...manifest.optionalDependencies,
      ...manifest.peerDependencies,
    });
    for (const name of names) {
      const dep = await findPackage(name, dir);
      if (dep) pending.push(dep);
    }
  }
  return [...found].sort();
}

/** Copies a package folder without its nested node_modules (those come as packages of their own). */
async function copyPackage(dir, out) {
  const target = path.join(out, path.relative(ROOT, dir));
  await cp(dir, target, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(dir, source);
      if (relative.split(path.sep)[0] === 'node_modules') return false;
      // The preview cards read four of the font package's ~300 files (api/src/portal/og-image.ts).
      if (path.basename(dir) === 'inter' && relative.startsWith(`files${path.sep}`)) {
        return /^inter-latin(-ext)?-(400|700)-normal\.woff$/.test(path.basename(source));
      }
      return !LEFT_OUT.test(source) || /license/i.test(path.basename(source));
    },
  });
}

async function sizeOf(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

export async function layOutRuntime(out) {
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  for (const folder of ['dist/server', 'dist/cli', 'dist/web', 'dist/widget', 'dist/explorers']) {
    if (!(await exists(path.join(ROOT, folder)))) {
      throw new Error(
        `${folder} is missing: run npm run build and node scripts/build-server.mjs --cli first`,
      );
    }
  }
  await cp(path.join(ROOT, 'dist'), path.join(out, 'dist'), {
    recursive: true,
    filter: (source) =>
      !source.endsWith('.map') && !path.basename(source).startsWith('test-server-'),
  });
  await cp(path.join(ROOT, 'prisma'), path.join(out, 'prisma'), { recursive: true });
  await mkdir(path.join(out, 'scripts'));
  await cp(path.join(ROOT, 'scripts/serve.sh'), path.join(out, 'scripts/serve.sh'));
  const packages = await closure();
  for (const dir of packages) await copyPackage(dir, out);
  const manifest = await readJson(path.join(ROOT, 'package.json'));
  await writeFile(
    path.join(out, 'package.json'),
    `${JSON.stringify(
      {
        name: manifest.name,
        version: manifest.version,
        private: true,
        type: 'module',
        engines: manifest.engines,
        scripts: {
          start: 'sh scripts/serve.sh',
          'db:migrate': 'node dist/cli/db-migrate.js',
          'db:backup': 'node dist/cli/db-backup.js backup',
          'db:restore': 'node dist/cli/db-backup.js restore',
          'db:idea-counts': 'node dist/cli/db-idea-counts.js',
          'db:move-to-postgres': 'node dist/cli/db-move-to-postgres.js',
          'secrets:reseal': 'node dist/cli/secrets-reseal.js',
          plan: 'node dist/cli/plan.js',
        },
      },
      null,
      2,
    )}\n`,
  );
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(
    `runtime in ${out}: dist ${mb(await sizeOf(path.join(out, 'dist')))}, node_modules ${mb(
      await sizeOf(path.join(out, 'node_modules')),
    )} (${packages.length} packages)`,
  );
}

const out = process.argv[2];
if (!out) {
  console.error('usage: node scripts/runtime-package.mjs <folder>');
  process.exit(2);
}
await layOutRuntime(path.resolve(out));
