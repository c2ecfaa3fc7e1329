import { WebhookDeliveryStatus } from '../generated/prisma/client.ts';
import { EVENT_TYPES } from '../services/webhook/webhook-input.ts';
import { builder } from './builder.ts';

export const WebhookDeliveryStatusEnum = builder.enumType(WebhookDeliveryStatus, {
  name: 'WebhookDeliveryStatus',
  description: 'Where a delivery stands.',
  values: {
    PENDING: { description: 'Waiting for its first or next attempt.' },
    SUCCEEDED: { description: 'The receiver answered 2xx.' },
    FAILED: { description: 'Every attempt failed; no more are made.' },
  },
});

export const WebhookDeliveryType = builder.prismaObject('WebhookDelivery', {
  description:
    'One event sent (or to be sent) to one webhook or Slack connection: a line of its delivery log.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The number sent in the Feedboard-Delivery header.' }),
    type: t.string({
      description: 'The event type: idea.created, idea.status_changed, … or webhook.test.',
      resolve: (delivery) => EVENT_TYPES[delivery.event],
    }),
    status: t.expose('status', {
      type: WebhookDeliveryStatusEnum,
      description: 'Where it stands.',
    }),
    attempts: t.exposeInt('attempts', { description: 'Attempts made so far.' }),
    responseStatus: t.exposeInt('responseStatus', {
      nullable: true,
      description: 'HTTP status of the last answer (null: none, e.g. refused or timed out).',
    }),
    durationMs: t.exposeInt('durationMs', {
      nullable: true,
      description: 'How long the last attempt took, in milliseconds.',
    }),
    lastError: t.exposeString('lastError', {
      nullable: true,
      description:
        "Why the last attempt failed: the answer's status with its standard reason (`HTTP 500 Internal Server Error`; Slack adds its error code), or the error. Never the answer's body.",
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the event happened.' }),
    lastAttemptAt: t.expose('lastAttemptAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the last attempt started.',
    }),
    nextAttemptAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When PENDING: when the next attempt is due.',
      resolve: (delivery) => (delivery.status === 'PENDING' ? delivery.nextAttemptAt : null),
    }),
    deliveredAt: t.expose('deliveredAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the receiver accepted it.',
    }),
    webhook: t.relation('webhook', {
      nullable: true,
      description: 'The webhook it was sent to (null: a Slack connection’s message).',
    }),
    slackConnection: t.relation('slackConnection', {
      nullable: true,
      description: 'The Slack connection it was posted to (null: a webhook’s delivery).',
    }),
  }),
});
