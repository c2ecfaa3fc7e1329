import { loadConfig } from '../config.ts';
import {
  checkIdeaCustomerCompanies,
  checkIdeaValues,
} from '../services/customer/check-idea-values.ts';
import { checkIdeaCounts } from '../services/idea/check-idea-counts.ts';
import { openDatabase } from './client.ts';

/**
 * `npm run db:idea-counts`: compares the boards' idea counters, the ideas' voter counts per
 * customer company (IdeaCustomerCompany) and their stored values (Idea.value) with a recount and lists the differences (exit code 1 when there are any);
 * `-- --repair` also corrects them.
 */
const repair = process.argv.includes('--repair');

/** Says what a check found: `kind` is `counter`, `customer count` or `value`, `every` the all-equal sentence. */
function report(kind: string, found: number, every: string): void {
  if (found === 0) console.log(every);
  else if (repair) console.log(`Repaired ${found} ${kind}(s).`);
  else {
    console.log(`${found} ${kind}(s) differ: run with -- --repair to correct them.`);
    process.exitCode = 1;
  }
}

// An operator's whole-database recount: no request deadline.
const db = await openDatabase({ ...loadConfig(), statementTimeoutMs: 0 });
try {
  const counts = await checkIdeaCounts(db.prisma, { repair });
  for (const m of counts) {
    console.log(`board ${m.boardId} ${m.status}: counter ${m.stored}, ideas ${m.actual}`);
  }
  report('counter', counts.length, 'Every board idea counter equals its recount.');
  const pairs = await checkIdeaCustomerCompanies(db.prisma, { repair });
  for (const m of pairs) {
    console.log(
      `idea ${m.ideaId}, customer ${m.customerCompanyId}: voters ${m.stored}, recount ${m.actual}`,
    );
  }
  report('customer count', pairs.length, 'Every idea voter count per customer equals its recount.');
  const values = await checkIdeaValues(db.prisma, { repair });
  for (const m of values) {
    console.log(`idea ${m.ideaId} (board ${m.boardId}): value ${m.stored}, recount ${m.actual}`);
  }
  report('value', values.length, 'Every idea value equals its recount.');
} finally {
  await db.close();
}
