import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH, launchChromium } from '../e2e/browser.ts';
import { measureRoutes } from '../web/size/route-weights.ts';
import type { TRouteWeight } from '../web/size/route-weights.ts';
import { WIDGET_BUDGET_BYTES, gzippedSize } from '../widget/size.ts';
import { ROOT } from './processes.ts';

type TPage = Awaited<ReturnType<Awaited<ReturnType<typeof launchChromium>>['newPage']>>;

export const LCP_BUDGET_MS = 1_000;

const WEB_DIST = path.join(ROOT, 'dist/web');
const WIDGET_JS = path.join(ROOT, 'dist/widget/widget.js');

/** Builds the console and the widget (`npm run build`) unless told to use the existing build. */
export function ensureBuild(options: { force: boolean }): void {
  const isBuilt = existsSync(path.join(WEB_DIST, 'index.html')) && existsSync(WIDGET_JS);
  if (isBuilt && !options.force) return;
  const result = spawnSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export type TBundleWeights = {
  widgetGzipBytes: number;
  /** The console's entry script and the modules it preloads: what the first screen loads. */
  consoleInitialGzipBytes: number;
  consoleInitialFiles: string[];
  /** What each budgeted route loads in all (web/size/route-weights.ts), with its budget. */
  consoleRoutes: TRouteWeight[];
};

export function measureBundles(): TBundleWeights {
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) {
    files.add(match[1]!);
  }
  const consoleInitialFiles = [...files];
  const consoleInitialGzipBytes = consoleInitialFiles.reduce(
    (sum, file) => sum + gzippedSize(path.join(WEB_DIST, file.replace(/^\//, ''))),
    0,
  );
  return {
    widgetGzipBytes: gzippedSize(WIDGET_JS),
    consoleInitialGzipBytes,
    consoleInitialFiles,
    consoleRoutes: measureRoutes(),
  };
}

export { WIDGET_BUDGET_BYTES };

/**
 * The public board page's Largest Contentful Paint in headless Chromium on loopback, each load
 * in a fresh browser context (empty cache); answers the loads' values, ascending. Null without
 * Chromium.
 */
export async function measureLcp(pageUrl: string, runs: number): Promise<number[] | null> {
  // The widget has rendered the board's most voted ideas.
  return lcpOf(pageUrl, runs, (page) =>
    page
      .getByRole('button', { name: /^Idea \d+:/ })
      .first()
      .waitFor({ timeout: 15_000 }),
  );
}

/**
 * An idea page of the portal (server-rendered, then the widget): its LCP in headless Chromium,
 * each of `runs` loads cold (a fresh context: no cache, no cookies), ascending; null without
 * Chromium.
 */
export async function measureIdeaLcp(pageUrl: string, runs: number): Promise<number[] | null> {
  // The server-rendered page paints first; the widget then takes its container over (its
  // shadow root) and opens the idea: measured once it has, so a later, larger paint counts too.
  return lcpOf(pageUrl, runs, (page) =>
    page
      .locator('#feedboard')
      .getByRole('heading', { name: 'Comments' })
      .first()
      .waitFor({ timeout: 15_000 }),
  );
}

async function lcpOf(
  pageUrl: string,
  runs: number,
  ready: (page: TPage) => Promise<void>,
): Promise<number[] | null> {
  if (!existsSync(CHROMIUM_PATH)) return null;
  const browser = await launchChromium();
  const values: number[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(pageUrl, { waitUntil: 'load' });
      await ready(page);
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries.at(-1)?.startTime ?? 0);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      values.push(lcp);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return values.sort((a, b) => a - b);
}
