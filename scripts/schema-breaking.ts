// Refuses a breaking change of schema.graphql against the last tagged version (graphql-inspector)
// unless CHANGELOG.md's "Unreleased" section names it by its path (`AppError.code`). Run by CI
// (`npm run schema:breaking`); `--base <ref>` compares with another commit.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { breakingChanges, unannounced } from '../api/src/schema/breaking-changes.ts';

function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** The newest release's commit named in CHANGELOG.md, for a clone that has no tags. */
function releasedCommit(): string | null {
  const match = /<!-- released-commit: ([0-9a-f]{40})/.exec(readFileSync('CHANGELOG.md', 'utf8'));
  return match?.[1] ?? null;
}

const at = process.argv.indexOf('--base');
const base =
  at > 0
    ? process.argv[at + 1]
    : (git('describe', '--tags', '--abbrev=0', '--match', 'v*') ?? releasedCommit());
if (!base) {
  console.error('schema.graphql: no tagged version (v*) and no released-commit in CHANGELOG.md.');
  process.exit(1);
}
const before = git('show', `${base}:schema.graphql`);
if (before === null) {
  console.error(`schema.graphql: ${base} has no schema.graphql to compare with.`);
  process.exit(1);
}
const changes = await breakingChanges(before, readFileSync('schema.graphql', 'utf8'));
const missing = unannounced(changes, readFileSync('CHANGELOG.md', 'utf8'));
for (const change of changes) {
  const mark = missing.includes(change) ? '✗' : '✓';
  console.log(`${mark} ${change.path}: ${change.message}`);
}
if (missing.length) {
  console.error(
    `\nschema.graphql breaks ${missing.length} thing(s) clients of ${base} may use. Keep the old field or type (deprecate it), or name each path under "## Unreleased" in CHANGELOG.md with what clients should do.`,
  );
  process.exit(1);
}
console.log(
  `schema.graphql against ${base}: ${changes.length} breaking change(s), each in CHANGELOG.md.`,
);
