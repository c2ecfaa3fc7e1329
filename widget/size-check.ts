// `npm run widget:size`: the built widget's gzipped size against its budget (CI runs it).
import path from 'node:path';
import { WIDGET_BUDGET_BYTES, gzippedSize } from './size.ts';

const file = path.resolve(import.meta.dirname, '../dist/widget/widget.js');
const size = gzippedSize(file);
console.log(
  `widget.js: ${(size / 1024).toFixed(1)} KB gzipped, budget ${WIDGET_BUDGET_BYTES / 1024} KB`,
);
if (size > WIDGET_BUDGET_BYTES) {
  console.error('widget.js is over its budget');
  process.exit(1);
}
