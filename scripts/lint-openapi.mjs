// `npm run lint:openapi`: writes the OpenAPI document of /api/v1 to a temporary file and lints it
// with Redocly's recommended rules, failing on any problem, warnings included (redocly itself
// fails on errors only). Offline: no telemetry, no update check, nothing fetched (the document
// has no remote $ref).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const folder = mkdtempSync(path.join(tmpdir(), 'feedboard-openapi-'));
const document = path.join(folder, 'openapi.json');
const run = (command, args, options = {}) =>
  spawnSync(command, args, { encoding: 'utf8', ...options });

/** Prints the document, lints it, and answers the exit code. */
function lint() {
  const printed = run('tsx', ['api/src/rest/openapi-print.ts', document], { stdio: 'inherit' });
  if (printed.status !== 0) return printed.status ?? 1;
  const linted = run(
    'redocly',
    ['lint', '--extends=recommended', '--format=json', '--max-problems=1000', document],
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  );
  let report;
  try {
    report = JSON.parse(linted.stdout);
  } catch {
    process.stderr.write(linted.stdout + linted.stderr);
    console.error('redocly lint gave no JSON report.');
    return 1;
  }
  const { errors, warnings } = report.totals;
  for (const problem of report.problems) {
    const where = problem.location?.[0]?.pointer ?? '';
    console.log(`${problem.severity} ${problem.ruleId}: ${problem.message} (${where})`);
  }
  console.log(
    `OpenAPI document (Redocly ${report.version}, recommended rules): ${errors} errors, ${warnings} warnings.`,
  );
  return errors + warnings === 0 ? 0 : 1;
}

try {
  process.exitCode = lint();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
