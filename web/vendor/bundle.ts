// How vite.config.ts bundles the console's libraries and splits its chunks (issue 22's route
// budgets, web/size/route-weights.ts). Figures are gzipped, measured on the board area.
import path from 'node:path';
import type { Alias, Plugin } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '../..');
const vendor = (file: string) => path.join(ROOT, 'web/vendor', file);
const reactRouter = (file: string) =>
  path.join(ROOT, 'node_modules/react-router/dist/production', file);

export const VENDOR_ALIASES: Alias[] = [
  // Relay's packages are CommonJS, one module requiring everything, which the bundler cannot
  // trim: react-relay's hooks module has every hook, relay-runtime's main module the
  // experimental and rarely used APIs. The console imports the modules it uses one by one
  // (react-relay.js, relay-runtime.js: 6.6 KB less on every signed-in page), and goes without
  // the parts of Relay its code cannot reach (relay-left-out.js: 1.5 KB).
  { find: /^react-relay$/, replacement: vendor('react-relay.js') },
  { find: /^relay-runtime$/, replacement: vendor('relay-runtime.js') },
  {
    find: /^(?:\.\/useFragmentInternal_CURRENT|\.\/readUpdatable(?:Query|Fragment)|(?:\.\.\/mutations|\.)\/RelayDeclarativeMutationConfig)$/,
    replacement: vendor('relay-left-out.js'),
  },
  // react-router-dom's own exports, but for lighter links (react-router-dom.tsx).
  { find: /^react-router-dom$/, replacement: vendor('react-router-dom.tsx') },
  // react-router's exports name its development build for every condition; its production
  // build leaves out the development warnings (0.6 KB).
  { find: /^react-router$/, replacement: reactRouter('index.mjs') },
  { find: /^react-router\/dom$/, replacement: reactRouter('dom-export.mjs') },
];

const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/;
const REACT_ROUTER_DECLARATION = /^var (\w+) = (React\d*\.(?:forwardRef|createContext|memo))\(/gm;
const REACT_ROUTER_DISPLAY_NAME = /^\w+\.displayName = "\w+";$/gm;

/** react-router's production module with its component and context declarations marked pure. */
export function markReactRouterPureCalls(code: string): string {
  return code
    .replace(REACT_ROUTER_DECLARATION, 'var $1 = /* @__PURE__ */ $2(')
    .replace(REACT_ROUTER_DISPLAY_NAME, '');
}

/**
 * react-router's production module declares its components and contexts with calls the bundler
 * must assume have effects (`var Form = React10.forwardRef(...)`, then `Form.displayName =
 * "Form"`), so every page kept all of them and what they use: <Form> and its submission code,
 * the links' prefetching, framework mode's contexts. Those calls only build objects and
 * displayName only names them in React's developer tools: marked pure and left out, what the
 * console does not use goes (with react-router-dom.tsx's links, 1.9 KB).
 */
export function reactRouterPureCalls(): Plugin {
  return {
    name: 'feedboard-react-router-pure-calls',
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      // Every line stays where it was, so the module's source map still holds (to the line).
      return { code: markReactRouterPureCalls(code), map: null };
    },
  };
}

/** A test for module ids: any of these files (from the repository root, without extension). */
function files(...paths: string[]): RegExp {
  const escaped = paths.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`[\\\\/](?:${escaped.join('|').replaceAll('/', '[\\\\/]')})\\.[jt]sx?$`);
}

const RELAY_PACKAGES =
  /[\\/]node_modules[\\/](?:relay-runtime|react-relay|fbjs|invariant|@babel[\\/]runtime)[\\/]/;

/** What every signed-in page loads besides the entry: Relay and the shell's small modules. */
const SIGNED_IN = files(
  'web/vendor/react-relay',
  'web/vendor/relay-runtime',
  'web/vendor/relay-left-out',
  'web/src/relay/environment',
  'web/src/relay/preload',
  'web/src/layout/RelayLayout',
  'web/src/layout/nav-items',
  'web/src/ui/Avatar',
  'web/src/ui/initials',
  'web/src/ui/MenuButton',
  'web/src/ui/LoadMoreButton',
  'web/src/screens/admin/boards/board-colors',
);

/** The board's modules that its layout, its ideas list, roadmap and idea dialog share. */
const BOARD_SHARED = files(
  'web/src/screens/admin/board/board-access',
  'web/src/screens/admin/board/ideas/live-lists',
  'web/src/screens/admin/board/ideas/total-count',
  'web/src/screens/admin/board/ideas/messages',
  'web/src/screens/admin/board/ideas/StatusBadge',
  'web/src/screens/admin/board/statuses/CustomStatusBadge',
  'web/src/screens/admin/board/tags/TagChip',
);

/**
 * Fewer, larger chunks. Left to itself the bundler gives every set of modules that the same
 * screens share a chunk of its own: the board area loaded 35 files, many of a few hundred
 * bytes, each gzipped alone (and so compressed worse) and each with its import statements.
 * These groups put together what is loaded together anyway: board area 35 files to 9 and
 * 186.7 KB to 178.9, sign-in page 114.2 to 109.9; every route gains.
 */
export const CHUNK_GROUPS = [
  // What the entry imports (React, the router, react-intl, the layouts before sign-in).
  { name: 'index', tags: ['$initial' as const], priority: 2 },
  // Relay and the console shell: every signed-in page.
  {
    name: 'console',
    test: (id: string) => RELAY_PACKAGES.test(id) || SIGNED_IN.test(id),
    priority: 1,
  },
  // Every board section loads the board's layout, which imports this chunk.
  { name: 'board', test: BOARD_SHARED, priority: 1 },
];
