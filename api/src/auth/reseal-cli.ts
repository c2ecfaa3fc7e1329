import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { resealSecrets } from './reseal-secrets.ts';

/**
 * `npm run secrets:reseal`: after a SECRETS_KEY rotation (docs/operations.md "Rotating SECRETS_KEY"),
 * seals every stored integration secret under the new key, so the old one can be dropped.
 */
const config = loadConfig();
if (!config.secretKeys) {
  console.error('SECRETS_KEY is not set: there is no key to seal secrets under.');
  process.exit(1);
}
// An operator's run over every secret: no request deadline.
const db = await openDatabase({ ...config, statementTimeoutMs: 0 });
try {
  const counts = await resealSecrets(db.prisma, config.secretKeys);
  for (const c of counts) {
    console.log(`${c.table}.${c.column}: ${c.resealed} of ${c.checked} re-sealed`);
  }
  console.log('Every stored secret is sealed under the current SECRETS_KEY.');
} catch (error) {
  console.error(`Re-sealing stopped: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
