/**
 * Every column holding a value sealed by the secret box (secret-box.ts): what
 * `npm run secrets:reseal` walks after SECRETS_KEY is rotated. Add a row with each new
 * integration secret; names are the database's (Prisma model = table, field = column).
 */
export type TSealedColumn = {
  /** The table (the Prisma model's name). */
  table: string;
  /** Its primary-key column. */
  idColumn: string;
  /** The column holding the sealed value (nullable columns are fine: nulls are skipped). */
  column: string;
};

export const SEALED_COLUMNS: readonly TSealedColumn[] = [
  // Slack incoming-webhook URLs (services/integrations/slack).
  { table: 'SlackConnection', idColumn: 'id', column: 'sealedUrl' },
  // GitHub tokens, Linear API keys and their webhook signing secrets (services/integrations/trackers).
  { table: 'IssueTrackerConnection', idColumn: 'id', column: 'sealedToken' },
  { table: 'IssueTrackerConnection', idColumn: 'id', column: 'sealedWebhookSecret' },
];
