import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../root.ts';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

/**
 * The API explorers: GraphiQL on GET /graphql (rendered by yoga with this page) and Swagger UI
 * on GET /api/v1/docs. Their code is copied from npm packages into dist/explorers at build time
 * (`npm run build`, web/explorers/build.ts) and served from /explorers/ by this server: nothing
 * loads from another host, so they work offline and under a CSP of 'self'
 * (security-headers.ts, EXPLORER_CSP).
 */
export const EXPLORERS_DIST = path.join(ROOT, 'dist', 'explorers');

/** The file whose presence says the explorers are built (the build writes the folder at once). */
export const EXPLORERS_READY = path.join(EXPLORERS_DIST, 'api-docs', 'api-docs.js');

export const GRAPHIQL_TITLE = 'Feedboard GraphQL API';
export const API_DOCS_TITLE = 'Feedboard REST API';

/** A page of ours around an explorer: its stylesheet and scripts as files, no inline script. */
function page(title: string, body: string, styles: string[], scripts: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<link rel="icon" href="data:,">',
    `<title>${title}</title>`,
    ...styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...scripts,
    '</head>',
    `<body>${body}</body>`,
    '</html>',
  ].join('\n');
}

/** What an explorer's address shows before `npm run build` has made its files. */
function notBuiltPage(title: string): string {
  return page(
    title,
    '<main><p>The API explorers are not built yet: run <code>npm run build</code>.</p></main>',
    [],
    [],
  );
}

/** GraphiQL's page, which yoga answers to a browser's GET /graphql (graphql.ts). */
export function graphiqlPage(): string {
  if (!existsSync(EXPLORERS_READY)) return notBuiltPage(GRAPHIQL_TITLE);
  return page(
    GRAPHIQL_TITLE,
    // GraphiQL's stylesheet sizes #root to the window, as on yoga's own page.
    '<div id="root">Loading GraphiQL…</div>' +
      '<noscript>GraphiQL needs JavaScript. Without it, POST queries to /graphql.</noscript>',
    ['/explorers/graphiql/graphiql.css', '/explorers/graphiql/graphiql-fixes.css'],
    ['<script type="module" src="/explorers/graphiql/graphiql.js"></script>'],
  );
}

/** The REST API reference's page (GET /api/v1/docs). */
export function apiDocsPage(): string {
  return page(
    API_DOCS_TITLE,
    '<main id="swagger-ui">Loading the API reference…</main>' +
      '<noscript>The reference needs JavaScript. The OpenAPI document is at /api/v1/openapi.json.</noscript>',
    ['/explorers/api-docs/swagger-ui.css', '/explorers/api-docs/api-docs-fixes.css'],
    [
      '<script src="/explorers/api-docs/swagger-ui-bundle.js" defer></script>',
      '<script type="module" src="/explorers/api-docs/api-docs.js"></script>',
    ],
  );
}

/** Serves /explorers/* (the built files) and the REST reference page at /api/v1/docs. */
export function mountExplorers(app: Hono): void {
  app.use(
    '/explorers/*',
    serveStatic({
      root: path.relative(process.cwd(), path.dirname(EXPLORERS_DIST)) || '.',
      onFound: (_path, c) => {
        c.header('cache-control', 'public, max-age=3600');
      },
    }),
  );
  app.get('/api/v1/docs', (c) =>
    existsSync(EXPLORERS_READY) ? c.html(apiDocsPage()) : c.html(notBuiltPage(API_DOCS_TITLE), 503),
  );
}
