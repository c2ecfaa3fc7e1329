import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ZConfig } from './config.ts';
import { ROOT } from './root.ts';

/**
 * The deploy/ folder's text. (api/src/image.test.ts builds and runs the image;
 * api/src/fleet.test.ts runs deploy/haproxy.cfg in front of three real processes; main.test.ts
 * starts the bundle through scripts/serve.sh as the Dockerfile and the systemd unit do.)
 */

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const settings = new Set(Object.keys(ZConfig.shape));
const readme = read('README.md');

describe('deploy/', () => {
  it('sets only settings the server knows, each documented in the README', () => {
    const compose = read('deploy/compose.yaml');
    // Every service of the image takes the environment of `x-env`.
    const env = compose.slice(compose.indexOf('x-env:'), compose.indexOf('x-app:'));
    const fromCompose = [...env.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]!);
    expect(fromCompose).toEqual(expect.arrayContaining(['SECRETS_KEY', 'TWO_FACTOR_KEY']));
    expect(compose.match(/<<: \*env/g)).toHaveLength(2);
    const fromUnit = [...read('deploy/feedboard.service').matchAll(/^Environment=([A-Z_]+)=/gm)]
      .map((match) => match[1]!)
      .filter((name) => name !== 'NODE_ENV');
    // The server's settings the image sets (its ENV lines; ARG NODE_IMAGE is the build's).
    const envLines = read('deploy/Dockerfile')
      .split('\n')
      .filter((line) => line.startsWith('ENV '))
      .join('\n');
    const fromImage = [...envLines.matchAll(/\b([A-Z][A-Z_]+)=/g)]
      .map((match) => match[1]!)
      .filter((name) => name !== 'NODE_ENV');
    const named = [...new Set([...fromCompose, ...fromUnit, ...fromImage])];
    expect(named).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'TRUST_PROXY']));
    expect(named.filter((name) => !settings.has(name))).toEqual([]);
    expect(named.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('runs the bundle through scripts/serve.sh and ships every folder the server reads', () => {
    const dockerfile = read('deploy/Dockerfile');
    expect(dockerfile).toMatch(/^CMD \["sh", "scripts\/serve.sh"\]$/m);
    expect(read('scripts/serve.sh')).toMatch(
      /exec node \$\{semi:\+--max-semi-space-size="\$semi"\} "\$@" dist\/server\/main\.js/,
    );
    // The last stage takes the folder scripts/runtime-package.mjs lays out, and nothing else.
    expect(dockerfile).toMatch(/^COPY --from=build \/runtime\/ \.\/$/m);
    expect(dockerfile.match(/^COPY --from=/gm)).toHaveLength(1);
    const runtime = read('scripts/runtime-package.mjs');
    for (const folder of ['prisma', 'scripts/serve.sh', 'package.json', 'dist']) {
      expect(runtime).toContain(`'${folder}`);
    }
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(read('deploy/feedboard.service')).toMatch(/^ExecStart=\/bin\/sh scripts\/serve\.sh$/m);
  });

  it.skipIf(!existsSync('/usr/sbin/haproxy') && process.env.CI !== 'true')(
    'has a HAProxy configuration that HAProxy accepts',
    async () => {
      const { stdout, stderr } = await promisify(execFile)('/usr/sbin/haproxy', [
        '-c',
        '-f',
        path.join(ROOT, 'deploy/haproxy.cfg'),
      ]);
      expect(`${stdout}${stderr}`).toMatch(/Configuration file is valid/);
    },
  );
});
