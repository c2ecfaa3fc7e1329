import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

export const WIDGET_FILE = path.resolve(import.meta.dirname, '../dist/widget/widget.js');

/**
 * Builds dist/widget/widget.js when it is missing (tests, like `npm start`, serve the built
 * file). Builds beside it and renames, so test files starting together never see half a file.
 */
export async function ensureWidgetBuilt(): Promise<void> {
  if (existsSync(WIDGET_FILE)) return;
  const dir = path.dirname(WIDGET_FILE);
  mkdirSync(dir, { recursive: true });
  const outDir = mkdtempSync(path.join(dir, '..', 'widget-build-'));
  try {
    await build({
      configFile: path.resolve(import.meta.dirname, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    renameSync(path.join(outDir, 'widget.js'), WIDGET_FILE);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
