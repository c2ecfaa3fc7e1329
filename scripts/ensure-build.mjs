// `npm start` serves the built console and widget; build them once when either is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/web/index.html') || !existsSync('dist/widget/widget.js')) {
  console.log('Building the console (first start)…');
  const result = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
