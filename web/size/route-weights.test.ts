import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, measureRoutes, routeFiles } from './route-weights.ts';

// A build in miniature: the entry, a lazily loaded screen importing a shared chunk, which imports
// another; a second screen nobody on the route loads; a stylesheet.
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_relay.js': { file: 'assets/relay.js', imports: ['_react.js', '_graphql-sse.js'] },
  '_graphql-sse.js': { file: 'assets/graphql-sse.js' },
  'src/screens/A.tsx': { file: 'assets/A.js', isDynamicEntry: true, imports: ['_relay.js'] },
  'src/screens/B.tsx': { file: 'assets/B.js', isDynamicEntry: true, imports: ['_big.js'] },
  '_big.js': { file: 'assets/big.js' },
  'style.css': { file: 'assets/index.css' },
};

describe('what a console route loads', () => {
  it('is the entry, the route’s lazy modules and their static imports, transitively, once each', () => {
    expect(routeFiles(manifest, ['src/screens/A.tsx']).sort()).toEqual([
      'assets/A.js',
      'assets/graphql-sse.js',
      'assets/index.js',
      'assets/react.js',
      'assets/relay.js',
    ]);
    expect(() => routeFiles(manifest, ['src/screens/Gone.tsx'])).toThrow(
      /not in the build manifest/,
    );
  });

  it('is measured gzipped, file by file', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'route-weights-'));
    const modules = CONSOLE_ROUTES[0]!.modules;
    const fake = {
      'index.html': { file: 'entry.js' },
      ...Object.fromEntries(modules.map((key, n) => [key, { file: `m${n}.js` }])),
    };
    // Incompressible bytes: the gzipped size is about the size.
    const random = (bytes: number) =>
      Buffer.from(Array.from({ length: bytes }, () => Math.floor(Math.random() * 256)));
    writeFileSync(path.join(dist, 'entry.js'), random(30_000));
    modules.forEach((_, n) => writeFileSync(path.join(dist, `m${n}.js`), random(10_000)));
    const [login] = measureRoutes(fake, dist, [CONSOLE_ROUTES[0]!]);
    expect(login!.name).toBe('login');
    const expected = 30_000 + modules.length * 10_000;
    expect(login!.gzipBytes).toBeGreaterThan(expected);
    expect(login!.gzipBytes).toBeLessThan(expected * 1.01 + 200);
  });
});
