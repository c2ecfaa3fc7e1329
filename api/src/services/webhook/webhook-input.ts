import { z } from 'zod';
import type { WebhookEvent } from '../../generated/prisma/client.ts';
import { messages, requiredOr } from '../../validation.ts';

/** Events an admin can subscribe a webhook to (TEST is the "send test" action's own). */
export const SUBSCRIBABLE_EVENTS = [
  'IDEA_CREATED',
  'IDEA_STATUS_CHANGED',
  'IDEA_DECLINED',
  'COMMENT_ADDED',
  'VOTE_CHANGED',
  'RELEASE_PUBLISHED',
] as const satisfies readonly WebhookEvent[];

/** The `type` of each event in the JSON body and the Feedboard-Event header. */
export const EVENT_TYPES: Record<WebhookEvent, string> = {
  IDEA_CREATED: 'idea.created',
  IDEA_STATUS_CHANGED: 'idea.status_changed',
  IDEA_DECLINED: 'idea.declined',
  COMMENT_ADDED: 'comment.added',
  VOTE_CHANGED: 'vote.changed',
  RELEASE_PUBLISHED: 'release.published',
  TEST: 'webhook.test',
  IDEA_ACCEPTED: 'idea.accepted',
};

const ZUrl = z
  .string({ error: requiredOr('It has to be text.') })
  .trim()
  .min(1, { error: messages.required })
  .max(2000, { error: messages.max(2000) });

const ZEvents = z
  .array(z.enum(SUBSCRIBABLE_EVENTS, { error: messages.oneOf(SUBSCRIBABLE_EVENTS) }), {
    error: requiredOr('It has to be a list of events.'),
  })
  .min(1, { error: 'Pick one event at least.' })
  .transform((events) => [...new Set(events)]);

/** A new webhook: where, which events, and optionally only one board's events. */
export const ZCreateWebhook = z.object({
  url: ZUrl,
  events: ZEvents,
  boardId: z.union([z.string(), z.number()]).nullish(),
});
export type TCreateWebhook = z.infer<typeof ZCreateWebhook>;

/** A change to a webhook: any of its address, events, board filter, and whether it is on. */
export const ZUpdateWebhook = z.object({
  url: ZUrl.optional(),
  events: ZEvents.optional(),
  boardId: z.union([z.string(), z.number()]).nullish(),
  isEnabled: z.boolean({ error: 'It has to be true or false.' }).optional(),
});
