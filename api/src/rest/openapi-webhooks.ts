import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { IdeaStatus } from '../generated/prisma/enums.ts';
import type { WebhookEvent } from '../generated/prisma/client.ts';
import { DECLINE_REASONS } from '../services/idea/idea-input.ts';
import { SIGNATURE_HEADER } from '../services/webhook/sign-webhook.ts';
import { EVENT_TYPES, SUBSCRIBABLE_EVENTS } from '../services/webhook/webhook-input.ts';

type OpenAPIRegistry = OpenAPIHono['openAPIRegistry'];

/**
 * The outgoing webhooks in the OpenAPI document's `webhooks` section: for each event a webhook
 * is sent (services/webhook/: emit-webhook-event.ts, emit-release-published.ts and the "send
 * test" action), the JSON body POSTed to the integrator's URL and the headers it carries.
 * webhooks.test.ts holds every delivery it receives to these schemas, field for field.
 */

/** The events a webhook is sent: those an admin subscribes to, and the "send test" action's. */
export const SENT_EVENTS = [...SUBSCRIBABLE_EVENTS, 'TEST'] as const satisfies WebhookEvent[];
type TSentEvent = (typeof SENT_EVENTS)[number];

const ZWhen = z.iso.datetime().meta({ description: 'ISO 8601, UTC.' });

const ZWebhookIdea = z
  .object({
    id: z.number().int(),
    boardId: z.number().int(),
    authorId: z.number().int().nullable().meta({ description: 'Null once the author is deleted.' }),
    title: z.string(),
    status: z.enum(IdeaStatus),
    voteCount: z.number().int(),
    commentCount: z.number().int(),
    createdAt: ZWhen,
    url: z.url().meta({ description: 'The board’s idea list in the console.' }),
  })
  .meta({ id: 'WebhookIdea', description: 'An idea as webhook bodies carry it (numeric ids).' });

const ZWebhookRelease = z
  .object({
    id: z.number().int(),
    name: z.string(),
    releaseDate: z.iso.date(),
    publishedAt: ZWhen.nullable(),
    boardIds: z.array(z.number().int()),
    parts: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        ideaId: z.number().int().nullable().meta({ description: 'Null for a generic part.' }),
      }),
    ),
  })
  .meta({ id: 'WebhookRelease' });

/** Each event's `data`. */
const EVENT_DATA = {
  IDEA_CREATED: z.object({ idea: ZWebhookIdea }),
  IDEA_STATUS_CHANGED: z.object({ idea: ZWebhookIdea, previousStatus: z.enum(IdeaStatus) }),
  IDEA_DECLINED: z.object({
    idea: ZWebhookIdea,
    previousStatus: z.enum(IdeaStatus),
    reason: z.enum(DECLINE_REASONS),
    comment: z.string().nullable(),
    duplicateOf: ZWebhookIdea.nullable().meta({
      description: 'The idea it was merged into (reason DUPLICATE), else null.',
    }),
    votesMerged: z.boolean().meta({ description: 'Whether its votes moved to `duplicateOf`.' }),
  }),
  COMMENT_ADDED: z.object({
    idea: ZWebhookIdea,
    comment: z.object({
      id: z.number().int(),
      text: z.string().meta({ description: 'Plain text.' }),
      authorId: z.number().int().nullable(),
      authorName: z.string().nullable(),
      createdAt: ZWhen,
      parentId: z.number().int().nullable().meta({ description: 'A reply: its comment.' }),
    }),
  }),
  VOTE_CHANGED: z.object({
    idea: ZWebhookIdea.meta({ description: 'With its new vote count.' }),
    userId: z.number().int(),
    change: z.enum(['added', 'removed']),
  }),
  RELEASE_PUBLISHED: z.object({ release: ZWebhookRelease }),
  TEST: z.object({ webhookId: z.number().int(), message: z.string() }),
} satisfies Record<TSentEvent, z.ZodType>;

/** What each event says, and an example of its `data`. */
const EVENT_DOCS: Record<
  TSentEvent,
  { summary: string; data: z.input<(typeof EVENT_DATA)[TSentEvent]> }
> = (() => {
  const idea = {
    id: 42,
    boardId: 7,
    authorId: 12,
    title: 'Dark mode for the widget',
    status: 'OPEN' as const,
    voteCount: 3,
    commentCount: 1,
    createdAt: '2025-03-14T09:26:53.000Z',
    url: 'https://feedboard.example/admin/boards/Qm9hcmQ6Nw%3D%3D/list',
  };
  return {
    IDEA_CREATED: { summary: 'A new idea', data: { idea } },
    IDEA_STATUS_CHANGED: {
      summary: 'An idea moved to another status',
      data: { idea: { ...idea, status: 'PLANNED' }, previousStatus: 'OPEN' },
    },
    IDEA_DECLINED: {
      summary: 'An idea was declined, or merged into another as a duplicate',
      data: {
        idea: { ...idea, id: 43, status: 'DECLINED' },
        previousStatus: 'OPEN',
        reason: 'DUPLICATE',
        comment: null,
        duplicateOf: idea,
        votesMerged: true,
      },
    },
    COMMENT_ADDED: {
      summary: 'A comment on an idea',
      data: {
        idea: { ...idea, commentCount: 2 },
        comment: {
          id: 310,
          text: 'We are on it.',
          authorId: 3,
          authorName: 'Ada Admin',
          createdAt: '2025-03-15T10:00:00.000Z',
          parentId: null,
        },
      },
    },
    VOTE_CHANGED: {
      summary: 'A vote cast or taken back',
      data: { idea: { ...idea, voteCount: 4 }, userId: 21, change: 'added' },
    },
    RELEASE_PUBLISHED: {
      summary: 'A release was published',
      data: {
        release: {
          id: 5,
          name: 'Spring 2025',
          releaseDate: '2025-04-01',
          publishedAt: '2025-04-01T08:00:00.000Z',
          boardIds: [7],
          parts: [{ id: 11, title: 'Dark mode for the widget', ideaId: 42 }],
        },
      },
    },
    TEST: {
      summary: 'The "send test" action (cannot be subscribed to)',
      data: { webhookId: 9, message: 'A test delivery from Feedboard.' },
    },
  };
})();

/** The JSON body of one event (emit-webhook-event.ts, eventBody). */
export function webhookBodySchema(event: TSentEvent) {
  return z.object({
    id: z.string().meta({ description: 'Unique per event: `evt_` and a UUID.' }),
    type: z.literal(EVENT_TYPES[event]),
    createdAt: ZWhen,
    companyId: z.number().int(),
    data: EVENT_DATA[event],
  });
}

const ZDeliveryHeaders = z.object({
  'feedboard-event': z.string().meta({ description: 'The event’s `type`.' }),
  'feedboard-delivery': z
    .string()
    .meta({ description: 'The delivery’s id: a retry sends the same id and body.' }),
  'webhook-id': z.string().meta({
    description:
      'Standard Webhooks message id (`msg_<delivery id>`): the same on every retry, so a receiver can drop repeats.',
    example: 'msg_1042',
  }),
  'webhook-timestamp': z.string().meta({
    description:
      'Standard Webhooks: the attempt’s time in Unix seconds. Refuse one outside your replay window (the libraries: 5 minutes).',
    example: '1741944413',
  }),
  'webhook-signature': z.string().meta({
    description:
      'Standard Webhooks signatures, space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the key the secret’s base64 part stands for; for 24 hours after a rotation, one with the new secret and one with the old. Verify with any Standard Webhooks library and the `whsec_…` secret.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  }),
  [SIGNATURE_HEADER.toLowerCase()]: z.string().meta({
    description:
      'Deprecated (kept for one release beside the Standard Webhooks headers): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook’s secret>`, the current secret only. Check it, and refuse an old `t`.',
    example: 't=1741944413,v1=5d41402abc4b2a76b9719d911017c592c0c1a9d0f9a5f3b0f4c1e3b7a1c2d3e4',
  }),
});

/** Registers every sent event under `webhooks`, named by its `type` (`idea.created`). */
export function registerWebhooks(registry: OpenAPIRegistry): void {
  for (const event of SENT_EVENTS) {
    const type = EVENT_TYPES[event];
    const { summary, data } = EVENT_DOCS[event];
    registry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `on${type
        .split(/[._]/)
        .map((word) => word[0]?.toUpperCase() + word.slice(1))
        .join('')}`,
      tags: ['Webhooks'],
      summary,
      description: `POSTed to the webhook’s URL when it subscribed to ${event}${event === 'TEST' ? ' (sent to any webhook by the "send test" action)' : ''}. Any 2xx answer within 10 seconds counts as delivered; anything else is retried with exponential backoff (a 429’s Retry-After is honoured) up to WEBHOOK_MAX_ATTEMPTS.`,
      security: [],
      request: {
        headers: ZDeliveryHeaders,
        body: {
          required: true,
          content: {
            'application/json': {
              schema: webhookBodySchema(event),
              example: {
                id: 'evt_6f1c2a9e-3b7d-4c1a-9e2f-8d4b5a6c7e81',
                type,
                createdAt: '2025-03-14T09:26:54.000Z',
                companyId: 1,
                data,
              },
            },
          },
        },
      },
      responses: {
        '200': { description: 'Received (any 2xx answer counts).' },
      },
    });
  }
}
