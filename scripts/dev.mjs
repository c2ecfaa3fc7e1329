// `npm run dev`: the API with reload on change (port 4000) and the console through Vite (port
// 5173, proxying /graphql and /api to the API). Relay artifacts are compiled once first: rerun
// `npm run relay` after changing a graphql`` tag.
import { spawn, spawnSync } from 'node:child_process';

const relay = spawnSync('npm', ['run', '-s', 'relay'], { stdio: 'inherit' });
if (relay.status !== 0) process.exit(relay.status ?? 1);

const children = [
  spawn('npx', ['tsx', 'watch', 'api/src/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    process.exitCode ??= code ?? 0;
    stop();
  });
}
