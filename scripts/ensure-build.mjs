// `npm start` serves the built console, widget and API explorers; build them once when one is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const outputs = [
  'dist/web/index.html',
  'dist/widget/widget.js',
  'dist/explorers/api-docs/api-docs.js',
];
if (outputs.some((file) => !existsSync(file))) {
  console.log('Building the console (first start)…');
  const result = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
