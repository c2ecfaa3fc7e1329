import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { boardVisibleToUserCondition } from '../access.ts';
import type { TMailTexts } from './notification-texts.ts';
import {
  COMPANY,
  NAME,
  PREFERENCES_PLACE,
  PREFERENCES_PLACES,
  UNSUBSCRIBE_URL,
} from './notification-texts.ts';
import { TEAM_ROLES } from '../../viewer.ts';
import { inlineText } from '../../mail/inline-text.ts';
import { unsubscribeTokenSql } from './unsubscribe-token.ts';

export type TNotificationTopic =
  | 'IDEA_STATUS'
  | 'IDEA_REJECTED'
  | 'RELEASE'
  | 'ADMIN_COMMENT'
  | 'NEW_IDEA'
  | 'NEW_IDEA_DIGEST'
  | 'MENTION';

export type TNotification = {
  companyId: number;
  topic: TNotificationTopic;
  /**
   * SQL answering rows of ("userId" int, "mine" boolean): who the change concerns, and whether
   * it is about an idea they submitted (what MY_IDEAS users get). A user may appear many times.
   */
  recipients: Prisma.Sql;
  /** Who made the change: never mailed about it. */
  actorId: number | null;
  texts: TMailTexts;
  /** With a key, each user gets at most one mail under it, ever (e.g. one per release). */
  dedupeKey?: string;
  /**
   * SQL over the recipient `u` that replaces the `notifications` preference check, for a topic
   * with its own preference (mentions: `notifyMentions`).
   */
  allows?: Prisma.Sql;
  /**
   * The boards the mail is about (an idea's board; a release's boards): only users who may see
   * at least one of them get it (services/access.ts, as each user is when the mail is queued).
   */
  boardIds: number[];
  /** SQL answering rows of ("id" int): users not to mail (another mail tells them). */
  except?: Prisma.Sql;
  /**
   * A per-recipient part of the text: `placeholder` is replaced by the SQL text expression over
   * the recipient `u` (e.g. which of their own ideas a release completed).
   */
  fill?: { placeholder: string; sql: Prisma.Sql };
};

/** The company's slug and the key its unsubscribe links are signed with. */
export async function loadMailCompany(
  deps: TDeps,
  companyId: number,
): Promise<{ slug: string; mailKey: string; name: string }> {
  return deps.prisma.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { slug: true, mailKey: true, name: true },
  });
}

/**
 * Queues one mail per concerned user in one INSERT … SELECT (5,000 voters are one statement,
 * not 5,000): users of the company with a confirmed email, not the actor, whose preference allows it,
 * each in their language (pl-* gets Polish, anything else English) with their own signed
 * unsubscribe link and List-Unsubscribe headers. Answers how many mails were queued.
 */
export async function enqueueNotifications(deps: TDeps, n: TNotification): Promise<number> {
  const company = await loadMailCompany(deps, n.companyId);
  const { mailKey } = company;
  // The company's name in the subject and signature of a mail about its board (one line: a
  // name is someone else's text).
  const companyName = inlineText(company.name);
  const fill = (text: TMailTexts['en']) => ({
    subject: text.subject.replaceAll(COMPANY, companyName),
    text: text.text.replaceAll(COMPANY, companyName),
  });
  const en = fill(n.texts.en);
  const pl = fill(n.texts.pl);
  const isPolish = Prisma.sql`u."language" LIKE 'pl%'`;
  const url = Prisma.sql`${`${deps.config.appUrl}/unsubscribe/`}::text || ${unsubscribeTokenSql(mailKey, Prisma.sql`u."id"`)}`;
  const isTeam = Prisma.sql`u."role"::text = ANY(${[...TEAM_ROLES]}::text[])`;
  const place = Prisma.sql`CASE WHEN ${isPolish}
      THEN CASE WHEN ${isTeam} THEN ${PREFERENCES_PLACES.pl.team}::text
        ELSE ${PREFERENCES_PLACES.pl.endUser}::text END
      ELSE CASE WHEN ${isTeam} THEN ${PREFERENCES_PLACES.en.team}::text
        ELSE ${PREFERENCES_PLACES.en.endUser}::text END END`;
  const chosen = Prisma.sql`CASE WHEN ${isPolish} THEN ${pl.text}::text ELSE ${en.text}::text END`;
  const text = n.fill
    ? Prisma.sql`replace(${chosen}, ${n.fill.placeholder}::text, ${n.fill.sql})`
    : chosen;
  const dedupe = n.dedupeKey ? Prisma.sql`${`${n.dedupeKey}:`}::text || u."id"` : Prisma.sql`NULL`;
  const queued = await deps.prisma.$queryRaw<{ id: number; to: string; subject: string }[]>`
    INSERT INTO "Mail" ("to", "subject", "text", "headers", "topic", "userId", "dedupeKey")
    SELECT u."email",
      CASE WHEN ${isPolish} THEN ${pl.subject}::text ELSE ${en.subject}::text END,
      replace(replace(replace(${text}, ${UNSUBSCRIBE_URL}::text, l."url"),
        ${PREFERENCES_PLACE}::text, ${place}), ${NAME}::text, u."displayName"),
      jsonb_build_object('List-Unsubscribe', '<' || l."url" || '>',
        'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'),
      ${n.topic}, u."id", ${dedupe}
    ${recipientRows(n, Prisma.sql`CROSS JOIN LATERAL (SELECT ${url} AS "url") l`)}
    ORDER BY u."id"
    ON CONFLICT ("dedupeKey") DO NOTHING
    RETURNING "id", "to", "subject"`;
  // Without SMTP the outbox prints them whole, as every other mail (README: an evaluator reads
  // what end users would get there).
  if (queued.length > 0) deps.mailer.wake(queued.map((mail) => mail.id));
  return queued.length;
}

/**
 * The FROM … WHERE of a notification's recipients (`u`, with `r."mine"`): the concerned users
 * of the company with a confirmed address, not the actor, who may see one of its boards and whose
 * preference allows it. One rule for queueing the mails and for counting them beforehand.
 */
function recipientRows(
  n: Omit<TNotification, 'texts'>,
  join: Prisma.Sql = Prisma.empty,
): Prisma.Sql {
  return Prisma.sql`
    FROM (SELECT r."userId", bool_or(r."mine") AS "mine" FROM (${n.recipients}) r
          GROUP BY r."userId") r
    JOIN "User" u ON u."id" = r."userId"
    ${join}
    WHERE u."companyId" = ${n.companyId}
      AND u."email" LIKE '%_@_%'
      -- Only to an address its owner confirmed (or the company's SSO token vouched for):
      -- anyone can sign up with someone else's.
      AND u."emailConfirmedAt" IS NOT NULL
      AND u."id" <> ${n.actorId ?? 0}
      AND EXISTS (SELECT 1 FROM "Board" b WHERE b."id" = ANY(${n.boardIds}::int[])
                  AND ${Prisma.raw(boardVisibleToUserCondition('b', 'u'))})
      ${n.except ? Prisma.sql`AND u."id" NOT IN (SELECT x."id" FROM (${n.except}) x)` : Prisma.empty}
      AND ${
        n.allows ??
        Prisma.sql`(u."notifications" = 'ALL' OR (u."notifications" = 'MY_IDEAS' AND r."mine"))`
      }
`;
}

/**
 * How many mails enqueueNotifications would queue now: the same recipients, less those who got
 * the mail under its dedupe key already (a republished release mails nobody twice).
 */
export async function countNotificationRecipients(
  deps: TDeps,
  n: Omit<TNotification, 'texts'>,
): Promise<number> {
  const [row] = await deps.prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM (${notificationReach(n)}) r`;
  return Number(row?.count ?? 0);
}

/**
 * SQL answering rows of ("id" int): the users enqueueNotifications would mail now (the same
 * recipients, less those who got the mail under its dedupe key already).
 */
export function notificationReach(n: Omit<TNotification, 'texts'>): Prisma.Sql {
  const already = n.dedupeKey
    ? Prisma.sql`AND NOT EXISTS (SELECT 1 FROM "Mail" m
        WHERE m."dedupeKey" = ${`${n.dedupeKey}:`}::text || u."id")`
    : Prisma.empty;
  return Prisma.sql`SELECT u."id" ${recipientRows(n)} ${already}`;
}

/**
 * Runs a notification step after the change committed. A failure is logged, never thrown: the
 * change the user made has happened whatever becomes of its mails.
 */
export async function notifySafely(
  deps: TDeps,
  what: string,
  step: () => Promise<unknown>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    deps.log.error(`Notifications for ${what} were not queued`, error);
  }
}
