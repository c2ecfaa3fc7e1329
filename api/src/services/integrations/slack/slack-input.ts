import { z } from 'zod';
import { ZLanguage, messages, requiredOr } from '../../../validation.ts';
import { SLACK_EVENTS } from './slack-message.ts';

const ZUrl = z
  .string({ error: requiredOr('It has to be text.') })
  .trim()
  .min(1, { error: messages.required })
  .max(2000, { error: messages.max(2000) });

const ZEvents = z
  .array(z.enum(SLACK_EVENTS, { error: messages.oneOf(SLACK_EVENTS) }), {
    error: requiredOr('It has to be a list of events.'),
  })
  .min(1, { error: 'Pick one event at least.' })
  .transform((events) => [...new Set(events)]);

const ZBoardId = z.union([z.string(), z.number()]).nullish();

/** A new Slack connection: the incoming-webhook URL, its events, a board or all, a language. */
export const ZConnectSlack = z.object({
  url: ZUrl,
  events: ZEvents,
  boardId: ZBoardId,
  language: ZLanguage,
});

/** A change to a connection: a new URL, events, board filter or language (each optional). */
export const ZUpdateSlackConnection = z.object({
  url: ZUrl.optional(),
  events: ZEvents.optional(),
  boardId: ZBoardId,
  language: ZLanguage.optional(),
});
