import type { TDeps } from '../../deps.ts';
import type { WebhookDelivery } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { eventBody } from './emit-webhook-event.ts';
import { findWebhookForAdmin } from './webhooks.ts';
import { attemptDelivery, claimDueDeliveries } from './webhook-worker.ts';

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
  const delivery = await deps.prisma.webhookDelivery.create({
    data: {
      webhookId: webhook.id,
      event: 'TEST',
      body: eventBody('TEST', webhook.companyId, {
        webhookId: webhook.id,
        message: 'A test delivery from Feedboard.',
      }),
    },
  });
  // The worker may have claimed it already; then its answer is in the log shortly.
  const [claimed] = await claimDueDeliveries(deps.prisma, 1, delivery.id);
  if (claimed) await attemptDelivery(deps, claimed);
  return deps.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
}
