/**
 * The floor: a bare `node:http` + `pg` server that runs the product's own statements for a vote,
 * a page read and the team's page sorted by value, word for word (the session lookup, the idea or board check, the vote
 * statement or the page and its count; baseline-server.test.ts compares them with the
 * product's) and nothing else. It uses the product's pool size (10), so the two differ only by what the
 * product adds. Each statement is prepared once per connection, as the product's are (and as
 * pgbench's `-M prepared` runs them). Started by bench/run.ts as a child process; prints
 * `{"port": N}` when listening.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';

/** findIdeasPage's WHERE, its eleven parameters numbered from `$first`. */
function pageWhere(first: number): string {
  const $ = (n: number) => `$${first + n}`;
  return `
    i."boardId" = ${$(0)}::int
    AND (i."status" <> 'NOT_PUBLIC' OR i."authorId" = ${$(1)}::int
         OR ${$(2)}::boolean)
    AND (${$(3)}::boolean OR i."status" = 'NOT_PUBLIC'
         OR (i."createdAt", i."id") <= (${$(4)}::timestamp, ${$(5)}::int))
    AND (CASE WHEN ${$(6)}::text = 'ALL' THEN i."status" <> 'DECLINED'
              ELSE i."status"::text = ${$(7)}::text END)
    AND (${$(8)}::text IS NULL OR i."title" ILIKE ${$(9)}::text
         OR i."description" ILIKE ${$(10)}::text)`;
}

/** The values of pageWhere for a page of ALL ideas seen by an end user, without a plan cutoff. */
export function pageWhereValues(boardId: number, userId: number): unknown[] {
  return [boardId, userId, false, true, null, 0, 'ALL', 'ALL', null, null, null];
}

/** A team member who must enrol a second factor first (MUST_ENROL in authenticate.ts). */
const MUST_ENROL = `(u.role::text IN ('OWNER', 'ADMIN', 'MEMBER') AND u."twoFactorEnabledAt" IS NULL
  AND EXISTS (SELECT 1 FROM "Company" rc WHERE rc.id = u."companyId" AND rc."requireTwoFactor"))`;

export const SQL = {
  // The product's statements for a vote, word for word (services/account/authenticate.ts,
  // services/access.ts findIdeaForMember, services/vote/add-vote.ts), with its parameters. The
  // session lookup reads the session's scope, the sign-up policy and the end user's board grants
  // (confirmed domain, customer companies); the idea check writes the board's visibility rule
  // (boardVisibleSql) for an end user whose grant is their customer companies (every bench end
  // user works for one): values idea, company, company, customer company ids, user, isTeam.
  session:
    `SELECT s.id AS "sessionId", u.id AS "userId", u."companyId", CASE WHEN s.scope = 'END_USER' OR MUST_ENROL THEN 'END_USER' ELSE u.role::text END AS role,
           u.kind::text AS kind, u."blockedAt" IS NOT NULL AS "isBlocked", s."lastUsedAt",
           (c."signupPolicy" = 'EMAIL_DOMAINS' AND u.kind = 'REGULAR'
             AND (s.scope = 'END_USER' OR u.role = 'END_USER')
             AND u."emailConfirmedAt" IS NULL) AS "mustConfirmEmail",
           (s.scope = 'END_USER' AND u.role <> 'END_USER') AS "isTeamAccountInWidget",
           (s.scope = 'FULL' AND MUST_ENROL) AS "twoFactorEnrolmentRequired",
           CASE WHEN u."emailConfirmedAt" IS NOT NULL
             AND position('@' in coalesce(u."email", '')) > 0
             THEN nullif(lower(substring(u."email" from '@([^@]*)$')), '') END
             AS "confirmedEmailDomain",
           CASE WHEN u.role = 'END_USER' OR u.kind <> 'REGULAR'
             THEN ARRAY(SELECT m."customerCompanyId" FROM "CustomerCompanyMember" m
                        WHERE m."userId" = u.id) END AS "customerCompanyIds"
    FROM "Session" s JOIN "User" u ON u.id = s."userId" JOIN "Company" c ON c.id = u."companyId"
    WHERE s."tokenHash" = $1 AND s."revokedAt" IS NULL
      AND s."expiresAt" > (now() AT TIME ZONE 'UTC')`.replaceAll('MUST_ENROL', MUST_ENROL),
  idea: `SELECT i."id", i."boardId", i."authorId", i."title", i."description",
           i."status"::text AS "status", i."voteCount", i."value", i."commentCount",
           i."declineReason"::text AS "declineReason", i."declineComment", i."duplicateOfId",
           i."declinedAt", i."rejectedAt", i."rejectionReason", i."createdAt", i."updatedAt",
           i."customStatusId", b."createdAt" AS "boardCreatedAt",
           s."product"::text AS "product", s."expiresAt",
           EXISTS (
             SELECT 1 FROM "Webhook" w
             WHERE w."companyId" = b."companyId" AND w."isEnabled"
               AND 'VOTE_CHANGED' = ANY (w."events")
               AND (w."boardId" IS NULL OR w."boardId" = b."id")
           ) AS "isVoteWatched"
    FROM "Idea" i
    JOIN "Board" b ON b."id" = i."boardId"
    LEFT JOIN "Subscription" s ON s."companyId" = b."companyId"
    WHERE i."id" = $1::int AND b."companyId" = $2::int
      AND (b."isPublic" OR (b."companyId" = $3::int AND (EXISTS (SELECT 1 FROM "BoardCustomerAccess" bca
               WHERE bca."boardId" = b."id" AND bca."customerCompanyId" = ANY($4::int[])))))
      AND (i."status" <> 'NOT_PUBLIC' OR i."authorId" = $5::int
           OR $6::boolean)`,
  // The idea's value and its customers' counts follow the vote (the triggers of migration
  // idea_customer_company), after the company's value lock taken shared
  // (services/customer/idea-value.ts). A vote that changed something by a customer's member
  // reads the value again (`value`).
  upvote: `WITH guard AS (SELECT pg_advisory_xact_lock_shared(1447119957, $1::int)), voter AS (
      SELECT 1 FROM "User"
      WHERE "id" = $2::int AND "blockedAt" IS NULL AND EXISTS (SELECT 1 FROM guard)
      FOR SHARE
    ), inserted AS (
      INSERT INTO "Vote" ("ideaId", "userId")
      SELECT $3::int, $4::int FROM voter
      ON CONFLICT ("ideaId", "userId") DO NOTHING
      RETURNING 1
    )
    UPDATE "Idea" SET "voteCount" = "voteCount" + (SELECT count(*) FROM inserted)::int
    WHERE "id" = $5::int
    RETURNING "voteCount", "value", (SELECT count(*) FROM inserted)::int AS "changed",
              EXISTS (SELECT 1 FROM voter) AS "isAllowed", EXISTS (SELECT 1 FROM "CustomerCompanyMember" m
                         WHERE m."userId" = $6::int) AS "isCustomer"`,
  downvote: `WITH deleted AS (
      DELETE FROM "Vote" WHERE "ideaId" = $1::int AND "userId" = $2::int
      RETURNING 1
    )
    UPDATE "Idea" SET "voteCount" = "voteCount" - (SELECT count(*) FROM deleted)::int
    WHERE "id" = $3::int
    RETURNING "voteCount", "value", (SELECT count(*) FROM deleted)::int AS "changed",
              EXISTS (SELECT 1 FROM "CustomerCompanyMember" m
                         WHERE m."userId" = $4::int) AS "isCustomer"`,
  value: `SELECT i."value" FROM "Idea" i WHERE i."id" = $1::int`,
  // The product's board, page and count statements (services/access.ts,
  // findVisibleBoardWithSubscription; services/idea/find-idea-views.ts, findIdeaPageRows and
  // countListedIdeas) word for word, with its parameters: a page of ALL by VOTES for an end
  // user, no plan cutoff. The board check is the visibility rule's form for an end user granted
  // through customer companies: values board, company, customer company ids.
  board: `SELECT b.*, s."product"::text AS "subscriptionProduct", s."expiresAt" AS "subscriptionExpiresAt"
    FROM "Board" b LEFT JOIN "Subscription" s ON s."companyId" = b."companyId"
    WHERE b."id" = $1::int AND (b."isPublic" OR (b."companyId" = $2::int AND (EXISTS (SELECT 1 FROM "BoardCustomerAccess" bca
               WHERE bca."boardId" = b."id" AND bca."customerCompanyId" = ANY($3::int[])))))`,
  // The same check for the company's team (the value page's owner): its own form of the rule.
  boardTeam: `SELECT b.*, s."product"::text AS "subscriptionProduct", s."expiresAt" AS "subscriptionExpiresAt"
    FROM "Board" b LEFT JOIN "Subscription" s ON s."companyId" = b."companyId"
    WHERE b."id" = $1::int
      AND (b."isPublic" OR b."companyId" = $2::int)`,
  page: `SELECT i."id", i."boardId", i."authorId", i."title", i."description",
             i."status"::text AS "status", i."voteCount", i."commentCount",
             i."declineReason"::text AS "declineReason", i."declineComment", i."duplicateOfId",
             i."declinedAt", i."createdAt", i."updatedAt",
             a."displayName" AS "authorName", a."avatarUrl" AS "authorAvatarUrl",
             d."title" AS "duplicateTitle",
             EXISTS (SELECT 1 FROM "Vote" v
                     WHERE v."ideaId" = i."id" AND v."userId" = $1::int)
               AS "isVotedByMe"
      FROM "Idea" i
      LEFT JOIN "User" a ON a."id" = i."authorId"
      LEFT JOIN "Idea" d ON d."id" = i."duplicateOfId"
      WHERE ${pageWhere(2)}
      ORDER BY i."voteCount" DESC, i."id" DESC
      LIMIT $13::int OFFSET $14::int`,
  // The product's page statement now, as GraphQL's `ideas(first: 50)` runs it
  // (services/idea/find-idea-views.ts, ideaPageFreshStatement; one row more tells whether a next
  // page exists): the ideas' counts, the caller's votes and the company's content version, each
  // choice written into the text and LIMIT a literal, so PostgreSQL keeps a generic plan. The
  // product takes each idea's card (text, author, status, tags) from memory under that version
  // (services/idea/idea-cards.ts); the baseline answers the rows as they are. `page` above is
  // today's, the reference. Values: pageNowValues.
  pageNow: `SELECT i."id", i."voteCount", i."commentCount",
             EXISTS (SELECT 1 FROM "Vote" v
                     WHERE v."ideaId" = i."id" AND v."userId" = $1::int)
               AS "isVotedByMe",
             coalesce((SELECT cv."version" FROM "ContentVersion" cv WHERE cv."companyId" = $2::int), 0)::text AS "contentVersion"
      FROM "Idea" i
      WHERE i."boardId" = $3::int
        AND (i."status" <> 'NOT_PUBLIC' OR i."authorId" = $4::int) AND i."status" <> 'DECLINED'
      ORDER BY i."voteCount" DESC, i."id" DESC
      LIMIT 51`,
  // The cards of the ideas a page shows that the product does not hold in memory yet
  // (services/idea/idea-cards.ts, cardStatement), word for word: what an end user sees (a kept
  // idea only where the reader may be told of it: access.ts, keptIdeaJoinSql), and
  // (`cardsTeam`) what the company's team sees, private tags too. Values: the company's id
  // twice, the ideas' ids.
  cards: `SELECT i."id", i."boardId", i."authorId", i."title", i."description",
             i."status"::text AS "status", i."declineReason"::text AS "declineReason",
             i."declineComment", i."duplicateOfId", i."declinedAt", i."rejectedAt",
             i."rejectionReason", i."createdAt",
             i."updatedAt", i."customStatusId", i."importSource", i."importExternalId", i."importJobId",
             i."isSample", a."displayName" AS "authorName", a."avatarUrl" AS "authorAvatarUrl",
             d."title" AS "duplicateTitle",
             CASE WHEN b."language" = 'pl-PL' THEN s."namePl" ELSE s."nameEn" END
               AS "customStatusName",
             s."color" AS "customStatusColor",
             COALESCE((
               SELECT json_agg(json_build_object('id', t."id", 'name', t."name", 'color', t."color")
                               ORDER BY t."nameKey", t."id")
               FROM "IdeaTag" it JOIN "Tag" t ON t."id" = it."tagId"
               WHERE it."ideaId" = i."id" AND NOT t."isPrivate"), '[]'::json) AS "tags",
             coalesce((SELECT cv."version" FROM "ContentVersion" cv WHERE cv."companyId" = $1::int), 0)::text AS "contentVersion"
      FROM "Idea" i
      JOIN "Board" ib ON ib."id" = i."boardId" AND ib."companyId" = $2::int
      LEFT JOIN "User" a ON a."id" = i."authorId"
      LEFT JOIN "Idea" d ON d."id" = i."duplicateOfId" AND d."status" <> 'NOT_PUBLIC'
             AND (d."boardId" = i."boardId"
                  OR EXISTS (SELECT 1 FROM "Board" db WHERE db."id" = d."boardId" AND db."isPublic"))
      LEFT JOIN "BoardStatus" s ON s."id" = i."customStatusId"
      LEFT JOIN "Board" b ON b."id" = s."boardId"
      WHERE i."id" = ANY($3::int[])`,
  cardsTeam: `SELECT i."id", i."boardId", i."authorId", i."title", i."description",
             i."status"::text AS "status", i."declineReason"::text AS "declineReason",
             i."declineComment", i."duplicateOfId", i."declinedAt", i."rejectedAt",
             i."rejectionReason", i."createdAt",
             i."updatedAt", i."customStatusId", i."importSource", i."importExternalId", i."importJobId",
             i."isSample", a."displayName" AS "authorName", a."avatarUrl" AS "authorAvatarUrl",
             d."title" AS "duplicateTitle",
             CASE WHEN b."language" = 'pl-PL' THEN s."namePl" ELSE s."nameEn" END
               AS "customStatusName",
             s."color" AS "customStatusColor",
             COALESCE((
               SELECT json_agg(json_build_object('id', t."id", 'name', t."name", 'color', t."color")
                               ORDER BY t."nameKey", t."id")
               FROM "IdeaTag" it JOIN "Tag" t ON t."id" = it."tagId"
               WHERE it."ideaId" = i."id"), '[]'::json) AS "tags",
             coalesce((SELECT cv."version" FROM "ContentVersion" cv WHERE cv."companyId" = $1::int), 0)::text AS "contentVersion"
      FROM "Idea" i
      JOIN "Board" ib ON ib."id" = i."boardId" AND ib."companyId" = $2::int
      LEFT JOIN "User" a ON a."id" = i."authorId"
      LEFT JOIN "Idea" d ON d."id" = i."duplicateOfId"
      LEFT JOIN "BoardStatus" s ON s."id" = i."customStatusId"
      LEFT JOIN "Board" b ON b."id" = s."boardId"
      WHERE i."id" = ANY($3::int[])`,
  // Today's count reads every idea of the list; the product now runs `counted` (services/idea/
  // count-listed-ideas.ts, countListedIdeas) instead. Both stay here: `count` is the reference.
  count: `SELECT count(*)::int AS "count" FROM "Idea" i WHERE ${pageWhere(1)}`,
  counted: `SELECT ((SELECT coalesce(sum(c."ideaCount"), 0) FROM "BoardIdeaCount" c
             WHERE c."boardId" = $1::int AND c."status" = ANY($2::"IdeaStatus"[]))
          + (SELECT count(*) FROM "Idea" i
             WHERE i."authorId" = $3::int AND i."boardId" = $4::int
               AND i."status" = 'NOT_PUBLIC'))::int AS "count"`,
  // The team's page sorted by value within a customer segment, and its count (a segment counts
  // by scan): GraphQL `board { ideas(first: 50, sort: VALUE, segment: {plan, minSpend}) }` as
  // the owner, word for word (services/idea/find-idea-views.ts, ideaPageFreshStatement, with
  // services/customer/idea-value.ts and idea-segment.ts; count-listed-ideas.ts): as `pageNow`,
  // the cards come from memory in the product. Values: valuePageValues, valueCountValues.
  valuePage: `SELECT i."id", i."voteCount", i."commentCount",
             EXISTS (SELECT 1 FROM "Vote" v
                     WHERE v."ideaId" = i."id" AND v."userId" = $1::int)
               AS "isVotedByMe", i."value" AS "value",
             coalesce((SELECT cv."version" FROM "ContentVersion" cv WHERE cv."companyId" = $2::int), 0)::text AS "contentVersion"
      FROM "Idea" i
      WHERE i."boardId" = $3::int
      AND i."status" <> 'DECLINED'
      AND i."rejectedAt" IS NULL
    AND EXISTS (SELECT 1 FROM "IdeaCustomerCompany" sx
                  JOIN "CustomerCompany" sc ON sc."id" = sx."customerCompanyId"
                                           AND sc."companyId" = $4::int
                  WHERE sx."ideaId" = i."id"
                  AND sc."plan" = $5::text
                  AND sc."monthlySpend" >= $6::numeric )
      ORDER BY i."value" DESC, i."voteCount" DESC, i."id" DESC
      LIMIT 51`,
  valueCount: `SELECT count(*)::int AS "count" FROM "Idea" i WHERE
    i."boardId" = $1::int
      AND i."status" <> 'DECLINED'
      AND i."rejectedAt" IS NULL
    AND EXISTS (SELECT 1 FROM "IdeaCustomerCompany" sx
                  JOIN "CustomerCompany" sc ON sc."id" = sx."customerCompanyId"
                                           AND sc."companyId" = $2::int
                  WHERE sx."ideaId" = i."id"
                  AND sc."plan" = $3::text
                  AND sc."monthlySpend" >= $4::numeric )`,
} as const;

/** The customer segment the value scenario narrows to (bench/dataset.ts makes its customers). */
export const VALUE_SEGMENT = { plan: 'gold', minSpend: 100 } as const;

/** The values of `valuePage` for the company's owner. */
export function valuePageValues(boardId: number, companyId: number, userId: number): unknown[] {
  return [userId, companyId, boardId, companyId, VALUE_SEGMENT.plan, VALUE_SEGMENT.minSpend];
}

/** The values of `valueCount`. */
export function valueCountValues(boardId: number, companyId: number): unknown[] {
  return [boardId, companyId, VALUE_SEGMENT.plan, VALUE_SEGMENT.minSpend];
}

/** The values of `pageNow`: the same page as `page` with pageWhereValues. */
export function pageNowValues(boardId: number, companyId: number, userId: number): unknown[] {
  return [userId, companyId, boardId, userId];
}

/**
 * The values of `counted` for the same list as pageWhereValues: ALL for an end user, no plan
 * cutoff (so the product writes no range read into the text), their own pending ideas.
 */
export function countedValues(boardId: number, userId: number): unknown[] {
  return [boardId, '{OPEN,REVIEW,PLANNED,IN_PROGRESS,COMPLETE}', userId, boardId];
}

type TCaller = {
  userId: number;
  companyId: number;
  isAdmin: boolean;
  /** On the company's team (the product's isTeamMember): sees every board of its company. */
  isTeam: boolean;
  /** The customer companies whose board grants apply to this end user (none for the team). */
  customerCompanyIds: number[];
};

/** Runs one of the statements above, prepared under its own name. */
function run(pool: pg.Pool, name: keyof typeof SQL, values: unknown[]) {
  return pool.query({ name, text: SQL[name], values });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function caller(pool: pg.Pool, req: IncomingMessage): Promise<TCaller | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return null;
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await run(pool, 'session', [hash]);
  const row = rows[0];
  if (!row) return null;
  // The statement answers the role the session acts with (SESSION_ROLE in authenticate.ts).
  const role = row.role;
  return {
    userId: row.userId,
    companyId: row.companyId,
    isAdmin: role === 'OWNER' || role === 'ADMIN',
    isTeam: row.kind === 'REGULAR' && ['OWNER', 'ADMIN', 'MEMBER'].includes(role),
    customerCompanyIds: (row.customerCompanyIds as number[] | null) ?? [],
  };
}

type TStatementRun = [keyof typeof SQL, unknown[]];

/**
 * The page reads: after the session and the board check, a page and its count side by side.
 * `/ideas` runs the reference statements (issue 22's day), `/ideas-now` the product's of now
 * (GraphQL's page, the count from the per-board counters, and the cards it does not hold yet),
 * `/ideas-by-value` the team's page by value within a customer segment. A page statement may
 * read one row more (GraphQL's has-next-page): 50 are answered.
 */
const PAGE_READS: Record<
  string,
  {
    isTeamOnly?: boolean;
    /** Which cards the page's rows take (the product's idea cards), if any. */
    cards?: 'cards' | 'cardsTeam';
    statements: (boardId: number, who: TCaller) => TStatementRun[];
  }
> = {
  '/ideas': {
    statements: (boardId, who) => [
      ['page', [who.userId, ...pageWhereValues(boardId, who.userId), 50, 0]],
      ['count', pageWhereValues(boardId, who.userId)],
    ],
  },
  '/ideas-now': {
    cards: 'cards',
    statements: (boardId, who) => [
      ['pageNow', pageNowValues(boardId, who.companyId, who.userId)],
      ['counted', countedValues(boardId, who.userId)],
    ],
  },
  '/ideas-by-value': {
    isTeamOnly: true,
    cards: 'cardsTeam',
    statements: (boardId, who) => [
      ['valuePage', valuePageValues(boardId, who.companyId, who.userId)],
      ['valueCount', valueCountValues(boardId, who.companyId)],
    ],
  },
};

type TRow = Record<string, unknown> & { id: number; contentVersion: string };

/**
 * The simplest keeping of the product's idea cards (services/idea/idea-cards.ts): one set per
 * kind under the content version the page was read under (the bench has one company), the
 * missing ones read with the product's card statement, each row its card with its counts.
 */
const cardSets = new Map<string, { version: string; cards: Map<number, object> }>();

async function withCards(
  pool: pg.Pool,
  kind: 'cards' | 'cardsTeam',
  companyId: number,
  rows: TRow[],
): Promise<object[]> {
  const version = rows[0]?.contentVersion ?? '0';
  let set = cardSets.get(kind);
  if (set?.version !== version) {
    set = { version, cards: new Map() };
    cardSets.set(kind, set);
  }
  const missing = rows.filter((row) => !set.cards.has(row.id)).map((row) => row.id);
  if (missing.length > 0) {
    const read = await run(pool, kind, [companyId, companyId, missing]);
    for (const card of read.rows as TRow[]) set.cards.set(card.id, card);
  }
  return rows.map((fresh) => ({ ...set.cards.get(fresh.id), ...fresh }));
}

async function handle(pool: pg.Pool, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://baseline');
  const vote = /^\/(upvote|downvote)\/(\d+)$/.exec(url.pathname);
  if (req.method === 'POST' && vote) {
    req.resume(); // the body is empty: drain it
    const who = await caller(pool, req);
    if (!who) return json(res, 401, { error: 'unauthenticated' });
    const ideaId = Number(vote[2]);
    const idea = (
      await run(pool, 'idea', [
        ideaId,
        who.companyId,
        who.companyId,
        who.customerCompanyIds,
        who.userId,
        who.isTeam,
      ])
    ).rows[0];
    if (!idea) return json(res, 404, { error: 'not found' });
    const { rows } =
      vote[1] === 'upvote'
        ? await run(pool, 'upvote', [
            who.companyId,
            who.userId,
            ideaId,
            who.userId,
            ideaId,
            who.userId,
          ])
        : await run(pool, 'downvote', [ideaId, who.userId, ideaId, who.userId]);
    if (rows[0].changed > 0 && rows[0].isCustomer) await run(pool, 'value', [ideaId]);
    return json(res, 200, { voteCount: rows[0].voteCount, isVotedByMe: vote[1] === 'upvote' });
  }
  const page = req.method === 'GET' ? PAGE_READS[url.pathname] : undefined;
  if (page) {
    const who = await caller(pool, req);
    if (!who) return json(res, 401, { error: 'unauthenticated' });
    if (page.isTeamOnly && !who.isAdmin) return json(res, 403, { error: 'forbidden' });
    const boardId = Number(url.searchParams.get('board'));
    const board = (
      who.isTeam
        ? await run(pool, 'boardTeam', [boardId, who.companyId])
        : await run(pool, 'board', [boardId, who.companyId, who.customerCompanyIds])
    ).rows[0];
    if (!board) return json(res, 404, { error: 'not found' });
    const [rows, count] = await Promise.all(
      page.statements(boardId, who).map(([name, values]) => run(pool, name, values)),
    );
    const shown = (rows!.rows as TRow[]).slice(0, 50);
    const ideas = page.cards ? await withCards(pool, page.cards, who.companyId, shown) : shown;
    return json(res, 200, { ideas, totalCount: count!.rows[0].count });
  }
  json(res, 404, { error: 'not found' });
}

async function main(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const server = createServer((req, res) => {
    handle(pool, req, res).catch((error: Error) => json(res, 500, { error: error.message }));
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(JSON.stringify({ port: typeof address === 'object' ? address?.port : 0 }));
  });
  process.on('SIGTERM', () => {
    server.close();
    void pool.end().then(() => process.exit(0));
  });
}

if (process.argv[1] === import.meta.filename) await main();
