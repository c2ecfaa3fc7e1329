import type { TDeps } from '../../../deps.ts';
import type { WebhookDelivery } from '../../../generated/prisma/client.ts';
import type { TViewer } from '../../../viewer.ts';
import { requireSignedInAdmin } from '../../../viewer.ts';
import { attemptDelivery } from '../../webhook/webhook-worker.ts';
import { SLACK_KEYS_REFUSED, findSlackConnectionForAdmin } from './slack-connections.ts';
import { slackLang, slackTestMessage } from './slack-message.ts';

/** The test's own attempt holds the row this long (the receiver has 10 s to answer). */
const TEST_LEASE_MS = 120_000;

/**
 * The "send test message" action: queues a test message for the connection and makes its first
 * attempt now, so the admin sees Slack's answer at once. A failed test is retried like any
 * delivery.
 */
export async function sendSlackTest(
  deps: TDeps,
  viewer: TViewer | null,
  connectionId: number,
): Promise<WebhookDelivery> {
  const connection = await findSlackConnectionForAdmin(deps, viewer, connectionId);
  requireSignedInAdmin(viewer, SLACK_KEYS_REFUSED);
  // Created already claimed by this request (its first attempt, leased), so the background
  // worker cannot take it first and leave the admin without Slack's answer.
  const delivery = await deps.prisma.webhookDelivery.create({
    data: {
      slackConnectionId: connection.id,
      event: 'TEST',
      body: JSON.stringify(
        slackTestMessage(slackLang(connection.language), `${deps.config.appUrl}/admin/boards`),
      ),
      attempts: 1,
      lastAttemptAt: new Date(),
      lockedUntil: new Date(Date.now() + TEST_LEASE_MS),
    },
  });
  await attemptDelivery(deps, delivery);
  return deps.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
}
