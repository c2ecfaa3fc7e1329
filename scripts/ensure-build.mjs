// `npm start` serves the built console, widget and API explorers; build them once when one is missing.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const outputs = [
  'dist/web/index.html',
  'dist/widget/widget.js',
  'dist/explorers/api-docs/api-docs.js',
];
if (outputs.some((file) => !existsSync(file))) {
  console.log('Building the console (first start)…');
  // Not spawnSync: a SIGTERM or SIGINT to `npm start` during the build reaches this process,
  // which passes it on, so no build is left running without its parent.
  const build = spawn('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => build.kill(signal));
  const status = await new Promise((resolve) =>
    build.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
  if (status !== 0) process.exit(status);
}
