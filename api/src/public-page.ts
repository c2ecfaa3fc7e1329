import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Hono } from 'hono';

export const WIDGET_DIST = path.resolve(import.meta.dirname, '../../dist/widget');

/**
 * Serves the widget bundle at /widget.js; the public board pages that load it are the portal's
 * (portal/portal-routes.ts).
 */
export function mountWidgetScript(app: Hono): void {
  app.get('/widget.js', async (c) => {
    const file = path.join(WIDGET_DIST, 'widget.js');
    c.header('content-type', 'text/javascript; charset=utf-8');
    c.header('access-control-allow-origin', '*');
    c.header('cross-origin-resource-policy', 'cross-origin');
    c.header('x-content-type-options', 'nosniff');
    if (!existsSync(file)) {
      return c.body('/* The widget is not built yet: run `npm run build`. */', 503);
    }
    // Short: customers' pages pick up a new widget within minutes.
    c.header('cache-control', 'public, max-age=300');
    return c.body(await readFile(file, 'utf8'));
  });
}
