import path from 'node:path';

export type TStartFacts = {
  appUrl: string;
  /** The embedded database's folder, or null on a PostgreSQL server. */
  dataDir: string | null;
  /** The demo company's owner, when this start created it (its password is shown once). */
  demo: { email: string; password: string } | null;
};

/**
 * What `npm start` prints for a person at a terminal once the server listens (the log lines stay
 * JSON for machines): where to open it, how to sign in, where the data lives and how to stop.
 */
export function startBanner(facts: TStartFacts): string {
  const rows: [string, string][] = [
    ['Open', `${facts.appUrl}/login`],
    [
      'Sign in',
      facts.demo
        ? `${facts.demo.email} / ${facts.demo.password} (the demo company; shown this once)`
        : 'with your account, or create a company at /signup',
    ],
    [
      'Data',
      facts.dataDir
        ? `embedded database in ${path.resolve(facts.dataDir)} (DATA_DIR)`
        : 'PostgreSQL (DATABASE_URL)',
    ],
    ['Stop', 'Ctrl+C (open requests finish first)'],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  const lines = rows.map(([label, value]) => `  ${`${label}:`.padEnd(width + 3)}${value}`);
  return ['', '  Feedboard is running.', ...lines, ''].join('\n') + '\n';
}
