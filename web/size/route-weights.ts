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
/**
 * What every signed-in route loads: the console shell's layout, and with it the chunk of Relay,
 * its layout and loaders (web/vendor/bundle.ts groups them, so they have no chunk of their own).
 */
const SIGNED_IN = ['src/layout/AdminLayout.tsx'];

/**
 * The routes issue 22 budgets: the sign-in page, the console shell, the board area, settings.
 * Each budget is the route's figure of 2026-11-26 rounded up to the next whole KB, so that the
 * routes do not grow unnoticed: sign-in 109.9 KB, console shell 164.6, board area 178.9 (the
 * issue's 180 KB), settings 180.5.
 *
 * The floor is the libraries (gzipped, each package's share of its chunks by its minified
 * bytes): react-dom with the scheduler 64.0 KB, react 2.5, react-router 23.7, react-intl with
 * formatjs 6.6 (messages precompiled, no parser), relay-runtime 39.4, react-relay's hooks 9.3,
 * Relay's helpers (@babel/runtime, fbjs, invariant) 1.4: about 97 KB for the sign-in page (no
 * Relay) and 147 KB for every signed-in route. The rest is the console's own code, about 32 KB
 * on the board area: its layouts, the ideas list with its query and cards, the router's table,
 * the icons. The libraries were 161 KB before web/vendor/ (2026-11-26): Relay's modules
 * imported one by one and without what the console cannot reach, react-router's production
 * build with its unused components left out and lighter links (web/vendor/bundle.ts). Chunks
 * are grouped by what loads together (board area 29 files to 9). What only opens on use loads
 * on use (the idea dialog and its query, the add/edit/remove dialogs, bulk actions, the
 * segment's fields, the phone drawer, the create-board dialog, graphql-sse with the first
 * subscription); the board's live updates load beside its query, not before its first paint.
 * Radix went for the native <dialog> and ui/MenuButton.tsx (board area 245.2 KB before,
 * console shell 224.0, settings 235.1).
 */
export const CONSOLE_ROUTES: TRoute[] = [
  {
    name: 'login',
    path: '/login',
    modules: ['src/screens/login/LoginScreen.tsx'],
    // 111 KB since issue 33 (2026-11-27): a refused sign-in says how many minutes to wait
    // (Retry-After, plural forms) instead of the generic error; 110.3 KB measured. 113 KB since
    // one address may be on several companies' teams: the company picker; 112.1 KB measured.
    budgetBytes: 113 * 1024,
  },
  {
    name: 'console shell',
    path: '/admin/boards',
    modules: [...SIGNED_IN, 'src/screens/admin/boards/BoardsScreen.tsx'],
    // 166 KB since issue 33 (2026-11-28): the layout asks whether the session must set up
    // two-factor sign-in first (the page that says so loads only when shown); 165.2 KB measured.
    // 167 KB since issue 34.4/34.6: the grouped side menu with the moderation queue's count
    // badge (the queue screen itself loads only when opened); 166.1 KB measured. 168 KB since
    // 2026-11-29: form fields show their length rule before the first try (Field's lengthRule)
    // and refusals carry their code to be said in the console's language (the sentences load
    // with the Polish catalogue): 167.0 KB measured, at the limit to the byte.
    budgetBytes: 168 * 1024,
  },
  {
    name: 'board area',
    path: '/admin/boards/:boardId',
    modules: [
      ...SIGNED_IN,
      'src/screens/admin/board/BoardLayout.tsx',
      'src/screens/admin/board/ideas/IdeasScreen.tsx',
    ],
    // 180 KB since issues 33 and 34 (2026-11-27): 429 waits, board access at creation;
    // 179.5 KB measured (the 180 KB). 181 KB with the two-factor check of the
    // layout (179.7 KB measured). 182 KB with the account menu's 'Switch company' (181.6).
    // 183 KB since 2026-11-28: 182.0 KB measured after the idea list's status names, the
    // members' hidden controls and the voters' connection (three things made lazy to get
    // there), and a build moves it by about 40 bytes (hashed chunk names): at the byte limit
    // a rebuild could fail CI with nothing changed.
    budgetBytes: 183 * 1024,
  },
  {
    name: 'settings',
    path: '/admin/settings',
    modules: [...SIGNED_IN, 'src/screens/admin/settings/SettingsScreen.tsx'],
    // 182 KB since issue 33 (2026-11-27): the two-factor turn-off asks for a code and the
    // portal card says whether its own domain is proven (the DNS proof itself loads on use);
    // 181.6 KB measured. 183 KB since the 429 waits and invitation links (182.2 KB measured);
    // 184 KB with the layout's two-factor check (182.5 KB measured).
    budgetBytes: 184 * 1024,
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
