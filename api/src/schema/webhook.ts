import { WebhookEvent } from '../generated/prisma/client.ts';
import { administeredCompanyId, toRowId } from '../services/access.ts';
import { sendWebhookTest } from '../services/webhook/send-webhook-test.ts';
import { SUBSCRIBABLE_EVENTS } from '../services/webhook/webhook-input.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
} from '../services/webhook/webhooks.ts';
import type { TWebhookWithSecret } from '../services/webhook/webhooks.ts';
import { BoardType } from './board.ts';
import { builder } from './builder.ts';
import { decodeClearableId, decodeId, decodeOptionalId, globalId } from './ids.ts';
import { WebhookDeliveryType } from './webhook-delivery.ts';

export const WebhookEventEnum = builder.enumType(WebhookEvent, {
  name: 'WebhookEvent',
  description: 'What a webhook is told about (the `type` in the JSON body in brackets).',
  values: {
    IDEA_CREATED: { description: 'A new idea (idea.created).' },
    IDEA_STATUS_CHANGED: { description: 'An idea moved to another status (idea.status_changed).' },
    IDEA_DECLINED: {
      description: 'An idea was declined, or merged into another as a duplicate (idea.declined).',
    },
    COMMENT_ADDED: { description: 'A comment on an idea (comment.added).' },
    VOTE_CHANGED: { description: 'A vote cast or taken back (vote.changed).' },
    RELEASE_PUBLISHED: { description: 'A release was published (release.published).' },
    TEST: { description: 'The "send test" action (webhook.test); cannot be subscribed to.' },
    IDEA_ACCEPTED: {
      description:
        'An idea awaiting acceptance was made public (idea.accepted); Slack connections only.',
    },
  },
});

export const WebhookType = builder.prismaNode('Webhook', {
  description:
    'An integrator’s endpoint: the company’s events (or one board’s) are POSTed to it as JSON, signed with HMAC-SHA256 in the Feedboard-Signature header.',
  id: { field: 'id' },
  findUnique: (id, context) => ({
    id: toRowId(id),
    companyId: administeredCompanyId(context.viewer),
  }),
  nullable: true,
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Where events are POSTed (http or https).' }),
    events: t.field({
      type: [WebhookEventEnum],
      description: 'The events it receives.',
      resolve: (webhook) => webhook.events.filter((event) => event !== 'TEST'),
    }),
    board: t.relation('board', {
      type: BoardType,
      nullable: true,
      description: 'Only this board’s events; null: every board of the company.',
    }),
    isEnabled: t.exposeBoolean('isEnabled', {
      description: 'False: no events are queued for it (tests still go out).',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was registered.' }),
    previousSecretExpiresAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'After a rotation, until when deliveries also carry a Standard Webhooks signature made with the secret before it (null: only the current secret signs).',
      resolve: (webhook) =>
        webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > new Date()
          ? webhook.previousSecretExpiresAt
          : null,
    }),
    deliveries: t.prismaField({
      type: [WebhookDeliveryType],
      description: 'The delivery log, newest first.',
      args: { first: t.arg.int({ defaultValue: 20, description: 'How many (1 to 100).' }) },
      resolve: (_query, webhook, args, context) =>
        listWebhookDeliveries(context.deps, context.viewer, webhook.id, args.first ?? 20),
    }),
  }),
});

const WebhookWithSecretType = builder.objectRef<TWebhookWithSecret>('WebhookWithSecret').implement({
  description: 'A webhook with its signing secret: shown this once (at creation or rotation).',
  fields: (t) => ({
    webhook: t.field({
      type: WebhookType,
      description: 'The webhook.',
      resolve: (result) => result.webhook,
    }),
    secret: t.exposeString('secret', {
      description: 'The HMAC-SHA256 key receivers verify signatures with: copy it now.',
    }),
  }),
});

const DeletedWebhookType = builder.objectRef<{ id: number }>('DeletedWebhook').implement({
  description: 'A webhook that was deleted.',
  fields: (t) => ({
    deletedWebhookId: t.id({
      description: 'The id it had (remove it from client stores).',
      resolve: (d) => globalId('Webhook', d.id),
    }),
  }),
});

builder.queryField('webhooks', (t) =>
  t.field({
    type: [WebhookType],
    authScopes: { companyAdmin: true },
    description: "The company's webhooks, newest first (admins only).",
    resolve: (_root, _args, context) => listWebhooks(context.deps, context.viewer),
  }),
);

const webhookId = (id: string | number) => decodeId(id, 'Webhook');

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: WebhookWithSecretType,
    errors: {},
    authScopes: { signedIn: true },
    description: `Registers a webhook of the company (admins): an http(s) URL, one event at least (${SUBSCRIBABLE_EVENTS.join(', ')}), optionally one board. Answers the signing secret this once.`,
    args: {
      url: t.arg.string({
        required: true,
        description: 'The address (up to 2000 characters) the events are POSTed to.',
      }),
      events: t.arg({
        type: [WebhookEventEnum],
        required: true,
        description: 'The events to deliver (at least one).',
      }),
      boardId: t.arg.id({ required: false, description: 'Only this board’s events.' }),
    },
    resolve: (_root, args, context) =>
      createWebhook(context.deps, context.viewer, {
        url: args.url,
        events: args.events,
        boardId: decodeOptionalId(args.boardId, 'Board') ?? null,
      }),
  }),
  updateWebhook: t.field({
    type: WebhookType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Changes a webhook (admins): any of its URL, events, board filter (null: every board) and whether it is enabled.',
    args: {
      webhookId: t.arg.id({
        required: true,
        description: 'The global id of the webhook to change.',
      }),
      url: t.arg.string({ required: false, description: 'A new address; unchanged when absent.' }),
      events: t.arg({
        type: [WebhookEventEnum],
        required: false,
        description: 'A new set of events; unchanged when absent.',
      }),
      boardId: t.arg.id({
        required: false,
        description: "Only this board's events (global id); unchanged when absent.",
      }),
      isEnabled: t.arg.boolean({
        required: false,
        description: 'False pauses deliveries; unchanged when absent.',
      }),
    },
    resolve: (_root, args, context) =>
      updateWebhook(context.deps, context.viewer, webhookId(args.webhookId), {
        url: args.url ?? undefined,
        events: args.events ?? undefined,
        boardId: decodeClearableId(args.boardId, 'Board'),
        isEnabled: args.isEnabled ?? undefined,
      }),
  }),
  rotateWebhookSecret: t.field({
    type: WebhookWithSecretType,
    errors: {},
    authScopes: { signedIn: true },
    description: 'Replaces the signing secret (admins); answers the new one this once.',
    args: { webhookId: t.arg.id({ required: true, description: 'The global id of the webhook.' }) },
    resolve: (_root, args, context) =>
      rotateWebhookSecret(context.deps, context.viewer, webhookId(args.webhookId)),
  }),
  deleteWebhook: t.field({
    type: DeletedWebhookType,
    errors: {},
    authScopes: { signedIn: true },
    description: 'Deletes a webhook and its delivery log (admins).',
    args: { webhookId: t.arg.id({ required: true, description: 'The global id of the webhook.' }) },
    resolve: (_root, args, context) =>
      deleteWebhook(context.deps, context.viewer, webhookId(args.webhookId)),
  }),
  sendWebhookTest: t.field({
    type: WebhookDeliveryType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Sends a webhook.test event now (admins; also to a disabled webhook) and answers the attempt: status, answer code, duration, error.',
    args: { webhookId: t.arg.id({ required: true, description: 'The global id of the webhook.' }) },
    resolve: (_root, args, context) =>
      sendWebhookTest(context.deps, context.viewer, webhookId(args.webhookId)),
  }),
}));
