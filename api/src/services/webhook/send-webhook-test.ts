import type { TDeps } from '../../deps.ts';
import type { WebhookDelivery } from '../../generated/prisma/client.ts';
import { requireSignedInAdmin } from '../../viewer.ts';
import type { TViewer } from '../../viewer.ts';
import { eventBody } from './emit-webhook-event.ts';
import { findWebhookForAdmin, KEYS_REFUSED } from './webhooks.ts';
import { attemptDelivery } from './webhook-worker.ts';

/** The test's own attempt holds the row this long (the receiver has 10 s to answer). */
const TEST_LEASE_MS = 120_000;

/**
 * The "send test" action: queues a `webhook.test` event for the webhook (also a disabled one)
 * and makes its first attempt now, so the admin sees the receiver's answer at once. A failed
 * test is retried like any delivery.
 */
export async function sendWebhookTest(
  deps: TDeps,
  viewer: TViewer | null,
  webhookId: number,
): Promise<WebhookDelivery> {
  const webhook = await findWebhookForAdmin(deps, viewer, webhookId);
  // A test delivery calls the receiver now: a signed-in person's act, as setting one up is.
  requireSignedInAdmin(viewer, KEYS_REFUSED);
  // Created already claimed by this request (its first attempt, leased), so the background
  // worker cannot take it first and leave the admin without the receiver's answer.
  const delivery = await deps.prisma.webhookDelivery.create({
    data: {
      webhookId: webhook.id,
      event: 'TEST',
      body: eventBody('TEST', webhook.companyId, {
        webhookId: webhook.id,
        message: 'A test delivery from Feedboard.',
      }),
      attempts: 1,
      lastAttemptAt: new Date(),
      lockedUntil: new Date(Date.now() + TEST_LEASE_MS),
    },
  });
  await attemptDelivery(deps, delivery);
  return deps.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
}
