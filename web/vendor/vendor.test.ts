import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as reactRelayHooks from 'react-relay';
import * as relayRuntime from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import * as reactRouterDom from 'react-router-dom';
import { markReactRouterPureCalls } from './bundle.ts';
// @ts-expect-error: plain JavaScript, for the bundle (see the file)
import * as reactRelayEntry from './react-relay.js';
import * as routerEntry from './react-router-dom.tsx';
// @ts-expect-error: plain JavaScript, for the bundle (see the file)
import * as relayRuntimeEntry from './relay-runtime.js';

const require = createRequire(import.meta.url);
const runtime = relayRuntime as unknown as Record<string, unknown>;
const hooks = reactRelayHooks as unknown as Record<string, unknown>;
const runtimeEntry = relayRuntimeEntry as Record<string, unknown>;
const hooksEntry = reactRelayEntry as Record<string, unknown>;

/**
 * The names read from `relay-runtime` by a module of react-relay's and the modules it requires,
 * transitively (`var _x = require('relay-runtime')` then `_x.name`, and `__internal.name`).
 */
function relayRuntimeNamesReadFrom(files: string[]): Set<string> {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, spec] of source.matchAll(/require\(['"](\.[^'"]+)['"]\)/g)) {
      visit(require.resolve(path.resolve(path.dirname(file), spec!)));
    }
    for (const [, variable] of source.matchAll(/var (\w+) = require\(['"]relay-runtime['"]\)/g)) {
      for (const [, name] of source.matchAll(new RegExp(`\\b${variable}\\.(\\w+)`, 'g'))) {
        names.add(name!);
      }
    }
    for (const [, name] of source.matchAll(/\b__internal\.(\w+)/g)) names.add(`__internal.${name}`);
  };
  files.forEach(visit);
  return names;
}

describe("the console's Relay entry modules (web/vendor/)", () => {
  it('export the same hooks as react-relay', () => {
    for (const [name, value] of Object.entries(hooksEntry)) expect(value, name).toBe(hooks[name]);
  });

  it('export the same values as relay-runtime', () => {
    const internal = runtime.__internal as Record<string, unknown>;
    for (const [name, value] of Object.entries(runtimeEntry)) {
      if (name !== '__internal') expect(value, name).toBe(runtime[name]);
    }
    for (const [name, value] of Object.entries(runtimeEntry.__internal as object)) {
      expect(value, `__internal.${name}`).toBe(internal[name]);
    }
  });

  it('have everything the hooks read from relay-runtime', () => {
    const hookModules = Object.keys(hooksEntry)
      .filter((name) => !['fetchQuery', 'graphql'].includes(name))
      .map((name) => require.resolve(`react-relay/lib/relay-hooks/${name}`));
    const internal = runtimeEntry.__internal as Record<string, unknown>;
    const names = relayRuntimeNamesReadFrom(hookModules);
    expect(names.size).toBeGreaterThan(20);
    for (const name of names) {
      if (name.startsWith('__internal.')) {
        expect(internal[name.slice('__internal.'.length)], name).toBeDefined();
      } else {
        expect(runtimeEntry[name], name).toBeDefined();
      }
    }
  });
});

describe('the parts of Relay left out of the bundle (web/vendor/relay-left-out.js)', () => {
  const src = path.resolve(import.meta.dirname, '../src');
  const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => [name, readFileSync(path.join(src, name), 'utf8')] as const);

  it('leave out the fragment hook Relay’s default feature flags do not select', () => {
    expect(relayRuntime.RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY).toBe(true);
    for (const [file, source] of sources) expect(source, file).not.toContain('RelayFeatureFlags');
  });

  it('leave out what the console does not use: updatable queries, declarative mutation configs', () => {
    for (const [file, source] of sources) {
      expect(source, file).not.toMatch(/readUpdatable(Query|Fragment)|@updatable/);
      expect(source, file).not.toMatch(/\bconfigs\s*:/);
    }
  });
});

describe('react-router in the bundle (web/vendor/bundle.ts, react-router-dom.tsx)', () => {
  it('marks the production module’s component and context declarations pure', () => {
    const dist = path.dirname(require.resolve('react-router/package.json'));
    const chunks = readdirSync(path.join(dist, 'dist/production')).filter((name) =>
      /^chunk-.*\.mjs$/.test(name),
    );
    const code = chunks.map((name) =>
      readFileSync(path.join(dist, 'dist/production', name), 'utf8'),
    );
    const marked = markReactRouterPureCalls(code.join('\n'));
    for (const name of ['Link', 'NavLink', 'Form', 'DataRouterContext', 'FetchersContext']) {
      expect(marked, name).toMatch(
        new RegExp(`^var ${name} = /\\* @__PURE__ \\*/ React\\d*\\.`, 'm'),
      );
    }
    expect(marked).not.toMatch(/^\w+\.displayName = /m);
  });

  it('links: the console uses none of the props its own Link and NavLink leave out', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    let links = 0;
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.tsx')) continue;
      const source = readFileSync(path.join(src, file), 'utf8');
      for (const [link] of source.matchAll(/<(?:Nav)?Link\b[^>]*>/g)) {
        links += 1;
        expect(link, file).not.toMatch(
          /\b(prefetch|discover|viewTransition|mask|style)=|className=\{\(/,
        );
      }
    }
    expect(links).toBeGreaterThan(20);
  });

  it('exports what react-router-dom does, with the console’s own links', () => {
    expect(Object.keys(routerEntry).sort()).toEqual(Object.keys(reactRouterDom).sort());
    // The rest is react-router's own (`export *`); the test runner may load its modules twice.
    expect(routerEntry.Link).not.toBe(reactRouterDom.Link);
    expect(routerEntry.NavLink).not.toBe(reactRouterDom.NavLink);
  });
});
