import type { TDeps } from '../../../deps.ts';
import type { Idea, IdeaStatus, WebhookEvent } from '../../../generated/prisma/client.ts';
import { changelogUrl } from '../../changelog/changelog-links.ts';
import type { TReleaseWithParts } from '../../release/find-releases.ts';
import { slackLang, slackMessage } from './slack-message.ts';
import type { TSlackEvent, TSlackIdea, TSlackNotice } from './slack-message.ts';

type TScope = { companyId: number; boardIds: number[] };

/**
 * Queues a Slack message for every connection of the company that chose one of `events` and
 * whose board filter matches one of `boardIds`: one delivery row each on the webhook delivery
 * queue (same worker, retries and log). A connection that chose several of `events` gets the
 * first of them only (an accepted idea is one message, not also a status change). The notice
 * is built only when some connection wants it, once per event, and rendered in each
 * connection's language. Never throws (the change happened either way): it logs.
 */
export async function emitSlackEvent(
  deps: TDeps,
  events: TSlackEvent[],
  scope: TScope,
  noticeOf: (event: TSlackEvent) => Promise<TSlackNotice>,
): Promise<void> {
  if (events.length === 0) return;
  try {
    // Compared as text: an enum-array parameter is not sent the same way by every adapter.
    const connections = await deps.prisma.$queryRaw<
      { id: number; events: string[]; language: string }[]
    >`
      SELECT "id", "events"::text[] AS "events", "language" FROM "SlackConnection"
      WHERE "companyId" = ${scope.companyId}
        AND "events"::text[] && ${events}::text[]
        AND ("boardId" IS NULL OR "boardId" = ANY(${scope.boardIds}::int[]))
      ORDER BY "id"`;
    if (connections.length === 0) return;
    const notices = new Map<TSlackEvent, TSlackNotice>();
    const rows = [];
    for (const connection of connections) {
      const event = events.find((e) => connection.events.includes(e));
      if (!event) continue;
      const notice = notices.get(event) ?? (await noticeOf(event));
      notices.set(event, notice);
      const body = JSON.stringify(slackMessage(notice, slackLang(connection.language)));
      rows.push({ slackConnectionId: Number(connection.id), event, body });
    }
    await deps.prisma.webhookDelivery.createMany({ data: rows });
    deps.webhooks.wake();
  } catch (error) {
    deps.log.error(`Slack messages about ${events.join('/')} not queued`, error);
  }
}

type TIdeaFields = Pick<Idea, 'id' | 'boardId' | 'authorId' | 'title' | 'status'>;

/** Where the team opens an idea: its page in the console (the channel is the team's). */
function ideaConsoleUrl(deps: TDeps, idea: TIdeaFields): string {
  return `${deps.config.appUrl}/admin/boards/${idea.boardId}/ideas/${idea.id}`;
}

async function slackIdea(deps: TDeps, idea: TIdeaFields): Promise<TSlackIdea> {
  const board = await deps.prisma.board.findUniqueOrThrow({
    where: { id: idea.boardId },
    select: { name: true },
  });
  return { title: idea.title, boardName: board.name, url: ideaConsoleUrl(deps, idea) };
}

async function authorName(deps: TDeps, userId: number | null | undefined): Promise<string | null> {
  if (!userId) return null;
  const user = await deps.prisma.user.findUnique({
    where: { id: userId },
    select: { displayName: true },
  });
  return user?.displayName ?? null;
}

type TIdeaEventExtra = {
  previousStatus?: IdeaStatus;
  comment?: { text?: string; authorId?: number | null; authorName?: string | null };
};

/**
 * The Slack side of a webhook event about an idea (emitIdeaEvent calls it): a new idea, an
 * accepted one (it left NOT_PUBLIC), a status change (a decline too), a new comment. Votes are
 * not told to Slack.
 */
export function emitSlackIdeaEvent(
  deps: TDeps,
  event: WebhookEvent,
  idea: TIdeaFields,
  companyId: number,
  extra: TIdeaEventExtra,
): Promise<void> {
  const scope = { companyId, boardIds: [idea.boardId] };
  const from = extra.previousStatus;
  if (event === 'IDEA_CREATED') {
    return emitSlackEvent(deps, ['IDEA_CREATED'], scope, async () => ({
      event: 'IDEA_CREATED',
      idea: await slackIdea(deps, idea),
      authorName: await authorName(deps, idea.authorId),
    }));
  }
  if ((event === 'IDEA_STATUS_CHANGED' || event === 'IDEA_DECLINED') && from) {
    const isAccepted = from === 'NOT_PUBLIC' && idea.status !== 'NOT_PUBLIC';
    const events: TSlackEvent[] = isAccepted
      ? ['IDEA_ACCEPTED', 'IDEA_STATUS_CHANGED']
      : ['IDEA_STATUS_CHANGED'];
    return emitSlackEvent(deps, events, scope, async (chosen) =>
      chosen === 'IDEA_ACCEPTED'
        ? { event: 'IDEA_ACCEPTED', idea: await slackIdea(deps, idea) }
        : {
            event: 'IDEA_STATUS_CHANGED',
            idea: await slackIdea(deps, idea),
            from,
            to: idea.status,
          },
    );
  }
  if (event === 'COMMENT_ADDED' && extra.comment) {
    const comment = extra.comment;
    return emitSlackEvent(deps, ['COMMENT_ADDED'], scope, async () => ({
      event: 'COMMENT_ADDED',
      idea: await slackIdea(deps, idea),
      authorName: comment.authorName ?? (await authorName(deps, comment.authorId)),
      text: comment.text ?? '',
    }));
  }
  return Promise.resolve();
}

/** The Slack side of `release.published`: the release, its parts and the changelog's address. */
export function emitSlackReleasePublished(deps: TDeps, release: TReleaseWithParts): Promise<void> {
  return emitSlackEvent(
    deps,
    ['RELEASE_PUBLISHED'],
    { companyId: release.companyId, boardIds: release.boards.map((board) => board.id) },
    async () => {
      const company = await deps.prisma.company.findUniqueOrThrow({
        where: { id: release.companyId },
        select: { slug: true },
      });
      return {
        event: 'RELEASE_PUBLISHED',
        release: {
          name: release.name,
          releaseDate: release.releaseDate.toISOString().slice(0, 10),
          url: changelogUrl(deps, company.slug),
          parts: release.parts.map((part) => part.title),
        },
      };
    },
  );
}
