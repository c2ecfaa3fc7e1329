import { loadConfig } from '../config.ts';
import { checkIdeaCounts } from '../services/idea/check-idea-counts.ts';
import { openDatabase } from './client.ts';

/**
 * `npm run db:idea-counts`: compares the boards' idea counters with a recount and lists the
 * differences (exit code 1 when there are any); `-- --repair` also corrects them.
 */
const repair = process.argv.includes('--repair');
const db = await openDatabase(loadConfig());
try {
  const mismatches = await checkIdeaCounts(db.prisma, { repair });
  for (const m of mismatches) {
    console.log(`board ${m.boardId} ${m.status}: counter ${m.stored}, ideas ${m.actual}`);
  }
  if (mismatches.length === 0) console.log('Every board idea counter equals its recount.');
  else if (repair) console.log(`Repaired ${mismatches.length} counter(s).`);
  else {
    console.log(`${mismatches.length} counter(s) differ: run with -- --repair to correct them.`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
