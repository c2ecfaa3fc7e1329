// Compiles the console's graphql`` tags against schema.graphql into web/__generated__ (not
// committed). relay-compiler refuses to start when its artifact folder is missing.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

mkdirSync('web/__generated__', { recursive: true });
const result = spawnSync('relay-compiler', process.argv.slice(2), {
  stdio: 'inherit',
  shell: true,
});
process.exit(result.status ?? 1);
