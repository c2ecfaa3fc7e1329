import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The widget's budget: it loads on customers' own pages (issue 7). */
export const WIDGET_BUDGET_BYTES = 40 * 1024;

/** The gzipped size of a file, as a CDN would serve it. */
export function gzippedSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Prints the bundle's gzipped size after each build and fails the build above the budget. */
export function widgetSizePlugin(): Plugin {
  return {
    name: 'feedboard-widget-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const size = gzipSync(chunk.code, { level: 9 }).length;
        const line = `widget: ${chunk.fileName} ${(chunk.code.length / 1024).toFixed(1)} KB, ${(size / 1024).toFixed(1)} KB gzipped (budget ${WIDGET_BUDGET_BYTES / 1024} KB)`;
        console.log(line);
        if (size > WIDGET_BUDGET_BYTES) this.error(`${line}: over the budget`);
      }
    },
  };
}
