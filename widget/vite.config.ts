import path from 'node:path';
import { defineConfig } from 'vite';
import { widgetSizePlugin } from './size.ts';

// The embeddable widget: one self-contained IIFE at dist/widget/widget.js (served at /widget.js).
// Preact through its automatic JSX runtime; no CSS files (styles are adopted into the shadow
// root from a string, which a host page's strict CSP allows).
export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [widgetSizePlugin()],
  build: {
    outDir: path.resolve(import.meta.dirname, '../dist/widget'),
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
    lib: {
      entry: path.resolve(import.meta.dirname, 'src/main.tsx'),
      name: 'FeedboardWidget',
      formats: ['iife'],
      fileName: () => 'widget.js',
    },
  },
});
