// `npm start` serves the built console; build it once when dist/web is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/web/index.html')) {
  console.log('Building the console (first start)…');
  const result = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
