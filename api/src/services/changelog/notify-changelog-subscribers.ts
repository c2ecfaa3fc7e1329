import type { TDeps } from '../../deps.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { findPortalRelease } from '../portal/find-portal-changelog.ts';
import { loadMarkdown } from '../release/load-markdown.ts';
import { unsubscribeTokenSql } from '../notification/unsubscribe-token.ts';
import { changelogUrl } from './changelog-links.ts';
import { UNSUBSCRIBE_LINK, releaseMail } from './changelog-mail-texts.ts';
import { SENDER_NAME_HEADER, LANGUAGE_HEADER, COMPANY_HEADER } from '../../mail/mailer.ts';

/**
 * Queues the mail of a published release to every confirmed, still subscribed changelog
 * subscriber of its company, in one INSERT … SELECT on the durable mail queue. Each mail carries
 * the dedupe key `changelog:<release>:<subscriber>`, and the Mail table's unique index on it
 * decides: a release is mailed to a subscriber once, however often it is republished and
 * however many admins publish it at the same moment. Only a release the portal shows (published
 * on a public, active board) is mailed. Answers how many mails were queued now.
 */
export async function notifyChangelogSubscribers(deps: TDeps, releaseId: number): Promise<number> {
  const company = await deps.prisma.company.findFirst({
    where: { releases: { some: { id: releaseId } } },
    select: { id: true, name: true, slug: true, mailKey: true },
  });
  if (!company) return 0;
  const found = await findPortalRelease(deps, company.slug, releaseId);
  if (!found) return 0;
  const { release } = found;
  const base = changelogUrl(deps, company.slug);
  const { releaseExcerpt } = await loadMarkdown();
  const texts = {
    company: company.name,
    name: release.name,
    date: release.releaseDate.toISOString().slice(0, 10),
    summary: releaseExcerpt(release.body, 600),
    parts: release.parts.map((part) => part.title),
    link: `${base}/${release.pathSlug}`,
  };
  const en = releaseMail('en', texts);
  const pl = releaseMail('pl', texts);
  const isPolish = Prisma.sql`s."language" LIKE 'pl%'`;
  const unsubscribeUrl = Prisma.sql`${`${base}/unsubscribe/`}::text || ${unsubscribeTokenSql(
    company.mailKey,
    Prisma.sql`s."id"`,
    'changelog-unsubscribe',
  )}`;
  const queued = await deps.prisma.$queryRaw<{ id: number }[]>`
    INSERT INTO "Mail" ("to", "subject", "text", "headers", "topic", "dedupeKey")
    SELECT s."email",
      CASE WHEN ${isPolish} THEN ${pl.subject}::text ELSE ${en.subject}::text END,
      replace(CASE WHEN ${isPolish} THEN ${pl.text}::text ELSE ${en.text}::text END,
        ${UNSUBSCRIBE_LINK}::text, l."url"),
      jsonb_build_object('List-Unsubscribe', '<' || l."url" || '>',
        'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click',
        -- Sent in the company's name ("<company> via Feedboard": the mailer's senderName).
        ${SENDER_NAME_HEADER}::text, ${company.name}::text,
        -- The HTML part's language and logo (the mailer's notes, never sent as headers).
        ${LANGUAGE_HEADER}::text, s."language", ${COMPANY_HEADER}::text, ${String(company.id)}::text),
      'CHANGELOG',
      ${`changelog:${release.id}:`}::text || s."id"
    FROM "ChangelogSubscriber" s
    CROSS JOIN LATERAL (SELECT ${unsubscribeUrl} AS "url") l
    WHERE s."companyId" = ${company.id}
      AND s."confirmedAt" IS NOT NULL
      -- Subscribers get the releases published after they confirmed, not the back catalogue.
      AND s."confirmedAt" <= ${release.publishedAt ?? new Date()}
      AND s."unsubscribedAt" IS NULL
    ORDER BY s."id"
    ON CONFLICT ("dedupeKey") DO NOTHING
    RETURNING "id"`;
  // Without SMTP the outbox prints them whole (the first few; the rest counted).
  if (queued.length > 0) deps.mailer.wake(queued.map((mail) => mail.id));
  return queued.length;
}

/**
 * How many changelog mails publishing the release now would queue: its company's confirmed,
 * still subscribed subscribers not mailed about it before, when a public board shows it (the
 * portal's changelog, which notifyChangelogSubscribers mails from).
 */
export async function countChangelogRecipients(
  deps: TDeps,
  release: { id: number; companyId: number; boards: { isPublic: boolean }[] },
): Promise<number> {
  if (!release.boards.some((board) => board.isPublic)) return 0;
  const [row] = await deps.prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS "count" FROM "ChangelogSubscriber" s
    WHERE s."companyId" = ${release.companyId}
      AND s."confirmedAt" IS NOT NULL AND s."unsubscribedAt" IS NULL
      AND NOT EXISTS (SELECT 1 FROM "Mail" m
        WHERE m."dedupeKey" = ${`changelog:${release.id}:`}::text || s."id")`;
  return Number(row?.count ?? 0);
}
