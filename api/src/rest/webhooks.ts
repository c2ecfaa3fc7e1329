import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import type { Webhook, WebhookDelivery } from '../generated/prisma/client.ts';
import { sendWebhookTest } from '../services/webhook/send-webhook-test.ts';
import {
  ZCreateWebhook,
  ZUpdateWebhook,
  EVENT_TYPES,
  SUBSCRIBABLE_EVENTS,
} from '../services/webhook/webhook-input.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  rotateWebhookSecret,
  updateWebhook,
} from '../services/webhook/webhooks.ts';
import { readJson } from './http.ts';
import { emptyRoute, idParams, jsonRoute, pathId } from './route.ts';
import type { TRestRoute } from './route.ts';

const tag = 'Webhooks';
const params = idParams('id');

const ZWebhookJson = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(SUBSCRIBABLE_EVENTS)),
    boardId: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Only this board’s events; null: all.' }),
    isEnabled: z.boolean(),
    createdAt: z.string(),
    previousSecretExpiresAt: z.string().nullable().meta({
      description:
        'After a rotation, until when deliveries also carry a Standard Webhooks signature made with the secret before it; null: only the current secret signs.',
    }),
  })
  .meta({ id: 'Webhook' });

const ZWebhookWithSecretJson = z
  .object({
    webhook: ZWebhookJson,
    secret: z.string().meta({ description: 'The signing secret, shown this once.' }),
  })
  .meta({ id: 'WebhookWithSecret' });

const ZDeliveryJson = z
  .object({
    id: z.number().int(),
    type: z.string().meta({
      description: 'idea.created, idea.status_changed, … webhook.test',
      example: 'idea.created',
    }),
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    attempts: z.number().int(),
    responseStatus: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    lastError: z.string().nullable().meta({
      description:
        "Why the last attempt failed: the answer's status with its standard reason (`HTTP 500 Internal Server Error`; Slack adds its error code), or the error. Never the answer's body.",
    }),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable().meta({ description: 'When PENDING: the next attempt.' }),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

function presentWebhook(webhook: Webhook): z.input<typeof ZWebhookJson> {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events.filter((event) => event !== 'TEST') as z.input<
      typeof ZWebhookJson
    >['events'],
    boardId: webhook.boardId,
    isEnabled: webhook.isEnabled,
    createdAt: webhook.createdAt.toISOString(),
    previousSecretExpiresAt:
      webhook.previousSecretExpiresAt && webhook.previousSecretExpiresAt > new Date()
        ? webhook.previousSecretExpiresAt.toISOString()
        : null,
  };
}

function presentDelivery(delivery: WebhookDelivery): z.input<typeof ZDeliveryJson> {
  return {
    id: delivery.id,
    type: EVENT_TYPES[delivery.event],
    status: delivery.status,
    attempts: delivery.attempts,
    responseStatus: delivery.responseStatus,
    durationMs: delivery.durationMs,
    lastError: delivery.lastError,
    createdAt: delivery.createdAt.toISOString(),
    lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: delivery.status === 'PENDING' ? delivery.nextAttemptAt.toISOString() : null,
    deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
  };
}

/** The company's webhooks (admins): register, change, rotate, test, delete, read the log. */
export function webhookRoutes(deps: TDeps): TRestRoute[] {
  return [
    jsonRoute({
      method: 'get',
      path: '/webhooks',
      operationId: 'listWebhooks',
      tag,
      summary: 'The company’s webhooks, newest first (admins)',
      auth: 'signedIn',
      errors: [403],
      response: z.array(ZWebhookJson),
      handle: async (c) => (await listWebhooks(deps, c.get('viewer'))).map(presentWebhook),
    }),
    jsonRoute({
      method: 'post',
      path: '/webhooks',
      operationId: 'createWebhook',
      tag,
      summary: 'Registers a webhook; answers its signing secret this once (admins)',
      auth: 'signedIn',
      request: { body: ZCreateWebhook },
      errors: [403],
      status: 201,
      response: ZWebhookWithSecretJson,
      handle: async (c) => {
        const { webhook, secret } = await createWebhook(deps, c.get('viewer'), await readJson(c));
        return { webhook: presentWebhook(webhook), secret };
      },
    }),
    jsonRoute({
      method: 'put',
      path: '/webhooks/{id}',
      operationId: 'updateWebhook',
      tag,
      summary: 'Changes the address, events, board filter or enabled state (admins)',
      auth: 'signedIn',
      request: { params, body: ZUpdateWebhook },
      errors: [403],
      response: ZWebhookJson,
      handle: async (c) =>
        presentWebhook(await updateWebhook(deps, c.get('viewer'), pathId(c), await readJson(c))),
    }),
    emptyRoute({
      method: 'delete',
      path: '/webhooks/{id}',
      operationId: 'deleteWebhook',
      tag,
      summary: 'Deletes a webhook and its delivery log (admins)',
      auth: 'signedIn',
      request: { params },
      errors: [403],
      handle: async (c) => {
        await deleteWebhook(deps, c.get('viewer'), pathId(c));
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/webhooks/{id}/rotate-secret',
      operationId: 'rotateWebhookSecret',
      tag,
      summary: 'Replaces the signing secret; answers the new one this once (admins)',
      auth: 'signedIn',
      request: { params },
      errors: [403],
      response: ZWebhookWithSecretJson,
      handle: async (c) => {
        const { webhook, secret } = await rotateWebhookSecret(deps, c.get('viewer'), pathId(c));
        return { webhook: presentWebhook(webhook), secret };
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/webhooks/{id}/test',
      operationId: 'sendWebhookTest',
      tag,
      summary: 'Sends a webhook.test event now and answers the attempt (admins)',
      auth: 'signedIn',
      request: { params },
      errors: [403],
      response: ZDeliveryJson,
      handle: async (c) => presentDelivery(await sendWebhookTest(deps, c.get('viewer'), pathId(c))),
    }),
    jsonRoute({
      method: 'get',
      path: '/webhooks/{id}/deliveries',
      operationId: 'listWebhookDeliveries',
      tag,
      summary: 'The delivery log, newest first (50 latest; admins)',
      auth: 'signedIn',
      request: { params },
      errors: [403],
      response: z.array(ZDeliveryJson),
      handle: async (c) =>
        (await listWebhookDeliveries(deps, c.get('viewer'), pathId(c))).map(presentDelivery),
    }),
  ];
}
