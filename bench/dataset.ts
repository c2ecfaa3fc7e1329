import type { TDatasetSizes } from './options.ts';

/** Runs one SQL statement and answers its rows (a `pg` client, or Prisma's raw query). */
export type TRunSql = (sql: string) => Promise<Record<string, unknown>[]>;

export type TDataset = {
  companyId: number;
  companySlug: string;
  boardId: number;
  boardSlug: string;
  /** Idea ids in creation order (ordinal → id). */
  ideaIds: number[];
  /** User ids in creation order; user 0 is the company's OWNER, the others end users. */
  userIds: number[];
};

/** The session token of user number `n` (each generated user has one session). */
export function sessionToken(n: number): string {
  return `bench-session-${n}`;
}

/** Votes each generated user holds (the last users may hold fewer when `votes` runs out). */
export function votesPerUser(sizes: Pick<TDatasetSizes, 'votes' | 'users'>): number {
  return Math.ceil(sizes.votes / sizes.users);
}

/**
 * The idea ordinal of user `user`'s `k`-th vote: the same formula as the data set's votes
 * below, so that k < votesPerUser are the data set's votes and every k from votesPerUser up to
 * `ideas` - 1 is an idea that user has no vote on (104729 is a prime that divides no idea count
 * used here, so the k give distinct ideas).
 */
export function votedIdeaOrdinal(user: number, k: number, ideas: number): number {
  return (user * 7919 + k * 104729) % ideas;
}

/**
 * The `n`-th (user, idea) pair a vote scenario may upvote then take back: a pair with no vote in
 * the data set, and no pair again before (users - 1) × (ideas - votesPerUser) pairs have gone
 * by, so concurrent connections never share a pair. Users 1..users-1 take turns (user 0 is the
 * owner).
 */
export function freeVotePair(
  n: number,
  sizes: { users: number; ideas: number; votesPerUser: number },
): { user: number; ideaOrdinal: number } {
  const voters = sizes.users - 1;
  const user = 1 + (n % voters);
  const round = Math.floor(n / voters) % (sizes.ideas - sizes.votesPerUser);
  return { user, ideaOrdinal: votedIdeaOrdinal(user, sizes.votesPerUser + round, sizes.ideas) };
}

const COMPANY_SLUG = 'bench';
const BOARD_SLUG = 'ideas';

/**
 * Fills an empty, migrated Feedboard database with one company on the ULTRA plan, one public
 * board, customer companies (users / 100, every end user working for one), `users` users (each with a session whose token is `sessionToken(n)`), `ideas` ideas,
 * `votes` votes and `comments` comments. Set-based SQL only (generate_series), so the full size
 * takes seconds; every idea's voteCount and commentCount match its rows.
 */
export async function generateDataset(run: TRunSql, sizes: TDatasetSizes): Promise<TDataset> {
  const { ideas, users, votes, comments } = sizes;
  const perUser = votesPerUser(sizes);
  // The vote scenarios need ideas each user has no vote on (freeVotePair).
  if (perUser >= ideas) throw new Error('As many votes per user as ideas');

  const [company] = await run(`
    INSERT INTO "Company" (name, slug, secret, "updatedAt")
    VALUES ('Bench Co', '${COMPANY_SLUG}', 'bench-secret-bench-secret-bench-secret', now())
    RETURNING id`);
  const companyId = Number(company!.id);
  await run(`
    INSERT INTO "Subscription" ("companyId", product, "updatedAt")
    VALUES (${companyId}, 'ULTRA', now())`);
  const [board] = await run(`
    INSERT INTO "Board" ("companyId", name, slug, description, "isPublic", "widgetHash", "updatedAt")
    VALUES (${companyId}, 'Product ideas', '${BOARD_SLUG}', 'What should we build next?', true,
            'bench-board-hash', now())
    RETURNING id`);
  const boardId = Number(board!.id);

  await run(`
    INSERT INTO "User" ("companyId", kind, role, "loginEmail", email, "displayName", "createdAt", "updatedAt")
    SELECT ${companyId}, 'REGULAR', (CASE WHEN g = 0 THEN 'OWNER' ELSE 'END_USER' END)::"Role",
           'user' || g || '@bench.test', 'user' || g || '@bench.test', 'Bench user ' || g,
           now() - interval '1 day', now()
    FROM generate_series(0, ${users - 1}) AS g
    ORDER BY g`);
  const userRows = await run(`SELECT id FROM "User" WHERE "companyId" = ${companyId} ORDER BY id`);
  const userIds = userRows.map((row) => Number(row.id));

  // Customer companies (a hundredth of the users, at least two): every end user works for one,
  // gold (even) or silver (odd), spending 100 to 5,090 a month; the value scenario reads them.
  const customers = Math.max(2, Math.floor(users / 100));
  await run(`
    INSERT INTO "CustomerCompany" ("companyId", "externalId", name, "monthlySpend", plan, "updatedAt")
    SELECT ${companyId}, 'customer-' || g, 'Customer ' || g, 100 + (g * 37 % 500) * 10,
           (CASE WHEN g % 2 = 0 THEN 'gold' ELSE 'silver' END), now()
    FROM generate_series(0, ${customers - 1}) AS g`);
  await run(`
    WITH u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "User" WHERE "companyId" = ${companyId}),
         c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "CustomerCompany" WHERE "companyId" = ${companyId})
    INSERT INTO "CustomerCompanyMember" ("customerCompanyId", "userId")
    SELECT c.id, u.id FROM u JOIN c ON c.n = u.n % ${customers} WHERE u.n > 0`);

  await run(`
    WITH u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "User" WHERE "companyId" = ${companyId})
    INSERT INTO "Session" ("userId", "tokenHash", "expiresAt")
    SELECT u.id, encode(sha256(convert_to('bench-session-' || u.n, 'UTF8')), 'hex'),
           now() + interval '30 days'
    FROM u`);

  await run(`
    WITH u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "User" WHERE "companyId" = ${companyId})
    INSERT INTO "Idea" ("boardId", "authorId", title, description, status, "createdAt", "updatedAt")
    SELECT ${boardId}, u.id,
           'Idea ' || g || ': ' || (ARRAY['Export to CSV', 'Dark mode', 'Slack alerts',
             'Single sign-on', 'Keyboard shortcuts', 'Public roadmap', 'Custom domains',
             'Zapier integration'])[1 + g % 8],
           'It would help our team a lot if this worked the way the title says. ' ||
             repeat('Details follow. ', 1 + g % 5),
           (CASE WHEN g % 20 = 0 THEN 'PLANNED' WHEN g % 50 = 1 THEN 'IN_PROGRESS'
                 WHEN g % 97 = 2 THEN 'COMPLETE' ELSE 'OPEN' END)::"IdeaStatus",
           now() - (${ideas} - g) * interval '1 minute', now()
    FROM generate_series(0, ${ideas - 1}) AS g
    JOIN u ON u.n = (g * 13) % ${users}
    ORDER BY g`);
  const ideaRows = await run(`SELECT id FROM "Idea" WHERE "boardId" = ${boardId} ORDER BY id`);
  const ideaIds = ideaRows.map((row) => Number(row.id));

  // User u votes for ideas (u·7919 + k·104729) mod ideas, k < votesPerUser: distinct per user
  // because 104729 is a prime that divides no idea count used here (votedIdeaOrdinal).
  await run(`
    WITH u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "User" WHERE "companyId" = ${companyId}),
         i AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "Idea" WHERE "boardId" = ${boardId}),
         pairs AS (
           SELECT u.n AS un, k, (u.n * 7919 + k * 104729) % ${ideas} AS "in"
           FROM u CROSS JOIN generate_series(0, ${perUser - 1}) AS k
           ORDER BY u.n, k
           LIMIT ${votes})
    INSERT INTO "Vote" ("ideaId", "userId", "createdAt")
    SELECT i.id, u.id, now() - interval '1 hour'
    FROM pairs JOIN u ON u.n = pairs.un JOIN i ON i.n = pairs."in"
    ON CONFLICT DO NOTHING`);

  await run(`
    WITH u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "User" WHERE "companyId" = ${companyId}),
         i AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "Idea" WHERE "boardId" = ${boardId})
    INSERT INTO "Comment" ("ideaId", "authorId", text, "createdAt", "updatedAt")
    SELECT i.id, u.id, 'Comment ' || g || ': we need this too.', now() - interval '1 hour', now()
    FROM generate_series(0, ${comments - 1}) AS g
    JOIN i ON i.n = (g * 7 + g / 3) % ${ideas}
    JOIN u ON u.n = (g * 11) % ${users}`);

  await run(`
    UPDATE "Idea" SET
      "voteCount" = (SELECT count(*) FROM "Vote" v WHERE v."ideaId" = "Idea".id)::int,
      "commentCount" = (SELECT count(*) FROM "Comment" c WHERE c."ideaId" = "Idea".id)::int
    WHERE "boardId" = ${boardId}`);
  await run('ANALYZE');

  return { companyId, companySlug: COMPANY_SLUG, boardId, boardSlug: BOARD_SLUG, ideaIds, userIds };
}
