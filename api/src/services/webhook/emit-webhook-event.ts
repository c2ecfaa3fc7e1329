import { randomUUID } from 'node:crypto';
import { encodeGlobalID } from '@pothos/plugin-relay';
import type { TDeps } from '../../deps.ts';
import type { Idea, WebhookEvent } from '../../generated/prisma/client.ts';
import { emitSlackIdeaEvent } from '../integrations/slack/emit-slack-event.ts';
import { EVENT_TYPES } from './webhook-input.ts';

type TIdeaFields = Pick<
  Idea,
  'id' | 'boardId' | 'authorId' | 'title' | 'status' | 'voteCount' | 'commentCount' | 'createdAt'
>;

/** A board's area in the console (its sections follow). */
function boardConsoleBase(deps: Pick<TDeps, 'config'>, boardId: number): string {
  return `${deps.config.appUrl}/admin/boards/${encodeURIComponent(encodeGlobalID('Board', boardId))}`;
}

/** Where an admin finds a board's ideas in the console. */
export function boardConsoleUrl(deps: Pick<TDeps, 'config'>, boardId: number): string {
  return `${boardConsoleBase(deps, boardId)}/list`;
}

/** An idea's own address in the console: the board's list with the idea open over it. */
export function ideaConsoleUrl(
  deps: Pick<TDeps, 'config'>,
  boardId: number,
  ideaId: number,
): string {
  return `${boardConsoleBase(deps, boardId)}/ideas/${encodeURIComponent(encodeGlobalID('Idea', ideaId))}`;
}

/** An idea as webhook bodies carry it (plain numeric ids, as the REST API). */
export function ideaPayload(deps: Pick<TDeps, 'config'>, idea: TIdeaFields) {
  return {
    id: idea.id,
    boardId: idea.boardId,
    authorId: idea.authorId,
    title: idea.title,
    status: idea.status,
    voteCount: idea.voteCount,
    commentCount: idea.commentCount,
    createdAt: idea.createdAt.toISOString(),
    url: boardConsoleUrl(deps, idea.boardId),
  };
}

/** The JSON body of one event: the same for every webhook it goes to. */
export function eventBody(event: WebhookEvent, companyId: number, data: object): string {
  return JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: EVENT_TYPES[event],
    createdAt: new Date().toISOString(),
    companyId,
    data,
  });
}

/**
 * Queues an event for every enabled webhook of the company that subscribed to it and whose
 * board filter matches one of `boardIds`: one delivery row each, which the delivery worker
 * sends. One statement whether or not the company has webhooks (votes run through here). Called
 * by the services after their write committed; it never throws (the write happened either
 * way), it logs.
 */
export async function emitWebhookEvent(
  deps: TDeps,
  event: WebhookEvent,
  scope: { companyId: number; boardIds: number[] },
  data: object,
): Promise<void> {
  try {
    const queued = await deps.prisma.$executeRaw`
      INSERT INTO "WebhookDelivery" ("webhookId", "event", "body")
      SELECT "id", ${event}::"WebhookEvent", ${eventBody(event, scope.companyId, data)}
      FROM "Webhook"
      WHERE "companyId" = ${scope.companyId} AND "isEnabled"
        AND ${event}::"WebhookEvent" = ANY("events")
        AND ("boardId" IS NULL OR "boardId" = ANY(${scope.boardIds}::int[]))`;
    if (queued > 0) deps.webhooks.wake();
  } catch (error) {
    deps.log.error(`Webhook event ${EVENT_TYPES[event]} not queued`, error);
  }
}

/**
 * Queues an event about one idea (its board decides which filtered webhooks get it), and the
 * Slack messages of the connections that chose it.
 */
export async function emitIdeaEvent(
  deps: TDeps,
  event: WebhookEvent,
  idea: TIdeaFields,
  companyId: number,
  extra: object = {},
): Promise<void> {
  await emitWebhookEvent(
    deps,
    event,
    { companyId, boardIds: [idea.boardId] },
    { idea: ideaPayload(deps, idea), ...extra },
  );
  await emitSlackIdeaEvent(deps, event, idea, companyId, extra);
}
