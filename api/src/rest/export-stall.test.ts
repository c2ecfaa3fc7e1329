import { STATUS_LABELS } from '../services/notification/notification-texts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDataset, sessionToken } from '../../../bench/dataset.ts';
import type { TDataset } from '../../../bench/dataset.ts';
import { csvLines } from '../services/export/csv-stream.ts';
import { boardConsoleUrl } from '../services/webhook/emit-webhook-event.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

// Issue 33.2 (F3): an export of a big board must not hold the server until it ends. On the
// embedded database a statement runs in the server's own thread, and the old export read its
// pages one after another without ever letting another request in.

let server: TTestServer;
let dataset: TDataset;

const IMPORTANCES = ['NICE_TO_HAVE', 'IMPORTANT', 'MUST_HAVE', null] as const;
const LABELS: Record<string, string> = {
  NICE_TO_HAVE: 'nice to have',
  IMPORTANT: 'important',
  MUST_HAVE: 'must have',
};

beforeAll(async () => {
  // The board is written by the bench's set-based statements (seconds each on PostgreSQL).
  server = await startTestServer({ statementTimeoutMs: 60_000 });
  const run = (sql: string) => server.deps.prisma.$queryRawUnsafe<Record<string, unknown>[]>(sql);
  dataset = await generateDataset(run, { ideas: 2_000, users: 100, votes: 10_000, comments: 0 });
  // Importance, notes and votes added on behalf on some votes, so every column has content.
  await run(`
    UPDATE "Vote" SET
      "importance" = (ARRAY[${IMPORTANCES.map((i) => (i ? `'${i}'` : 'NULL')).join(',')}])[1 + id % 4]::"VoteImportance",
      "note" = CASE WHEN id % 7 = 0 THEN 'note, "quoted" ' || id END,
      "addedById" = CASE WHEN id % 7 = 0 THEN ${dataset.userIds[0]} END`);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const owner = () => ({ authorization: `Bearer ${sessionToken(0)}` });

/** The board's file read whole by Prisma, one statement per table, as the old export wrote it. */
async function expectedCsv(what: 'ideas' | 'voters'): Promise<string> {
  const prisma = server.deps.prisma;
  if (what === 'ideas') {
    const ideas = await prisma.idea.findMany({
      where: { boardId: dataset.boardId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      include: {
        author: true,
        tags: { include: { tag: true } },
        votes: {
          include: {
            user: { include: { customerCompanies: { include: { customerCompany: true } } } },
          },
        },
      },
    });
    return csvLines(
      ideas.map((idea) => {
        const companies = [
          ...new Set(
            idea.votes.flatMap((vote) =>
              vote.user.customerCompanies.map((m) => m.customerCompany.name),
            ),
          ),
        ].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const count = (importance: string) =>
          idea.votes.filter((vote) => vote.importance === importance).length;
        return [
          idea.id,
          idea.title,
          idea.status,
          idea.voteCount,
          idea.commentCount,
          idea.author?.displayName ?? '',
          idea.createdAt,
          `${boardConsoleUrl(server.deps, dataset.boardId).replace(/\/list$/, '')}/ideas/${idea.id}`,
          idea.value.toFixed(2),
          companies.join('; '),
          count('NICE_TO_HAVE'),
          count('IMPORTANT'),
          count('MUST_HAVE'),
          // The exporting owner reads English; the dataset's ideas show no custom status.
          STATUS_LABELS.en[idea.status],
          idea.description ?? '',
          idea.tags
            .map(({ tag }) => tag)
            .sort((a, b) => (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : 0))
            .map((tag) => tag.name)
            .join('; '),
        ];
      }),
    );
  }
  const votes = await prisma.vote.findMany({
    where: { idea: { boardId: dataset.boardId } },
    orderBy: [{ ideaId: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
    include: {
      idea: true,
      addedBy: true,
      user: { include: { customerCompanies: { include: { customerCompany: true } } } },
    },
  });
  return csvLines(
    votes.map((vote) => [
      vote.idea.id,
      vote.idea.title,
      vote.user.id,
      vote.user.displayName,
      vote.user.email ?? '',
      vote.createdAt,
      vote.user.customerCompanies
        .map((m) => m.customerCompany.name)
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        .join('; '),
      LABELS[vote.importance ?? ''] ?? '',
      vote.addedBy?.displayName ?? '',
      vote.note ?? '',
    ]),
  );
}

describe('exports of a big board (issue 33 F3)', () => {
  for (const what of ['ideas', 'voters'] as const) {
    it(`answers /healthz sent while ${what}.csv of 2,000 ideas and 10,000 votes is streaming before the export ends`, async () => {
      const order: string[] = [];
      // Two open connections (the client keeps them), so that the health check below needs no
      // new one: what is measured is the server's answering, not the client's connecting.
      await Promise.all(
        [1, 2].map(() => fetch(`${server.url}/healthz`).then((answer) => answer.text())),
      );
      const response = await fetch(
        `${server.url}/api/v1/boards/${dataset.boardId}/export/${what}.csv`,
        { headers: owner() },
      );
      expect(response.status).toBe(200);
      // The export has begun (its head is here); the body is still being read page by page.
      const body = response.text().then((text) => {
        order.push('export');
        return text;
      });
      const health = fetch(`${server.url}/healthz`).then((answer) => {
        order.push('healthz');
        return answer.status;
      });
      expect(await health).toBe(200);
      const text = await body;
      expect(order).toEqual(['healthz', 'export']);
      expect(text.split('\r\n').length).toBeGreaterThan(what === 'ideas' ? 2_000 : 10_000);
    });

    it(`writes ${what}.csv of the big board as the whole board read at once writes it`, async () => {
      const response = await fetch(
        `${server.url}/api/v1/boards/${dataset.boardId}/export/${what}.csv`,
        { headers: owner() },
      );
      const text = await response.text();
      const firstLineEnd = text.indexOf('\r\n') + 2;
      expect(text.slice(firstLineEnd)).toBe(await expectedCsv(what));
    });
  }
});
