import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import { handleTrackerWebhook } from '../services/integrations/trackers/tracker-webhook.ts';
import { jsonRoute } from './route.ts';
import type { TRestRoute } from './route.ts';

const ZKeyParams = z.object({
  key: z.string().meta({
    description:
      'The connection’s webhook key, from the webhook URL the Integrations screen shows.',
  }),
});

const ZReceived = z.object({
  received: z.literal(true),
  movedIdeas: z.number().int().meta({ description: 'How many linked ideas changed status.' }),
});

/** Calls from GitHub and Linear: identified by the key in the path and their signature. */
export function integrationRoutes(deps: TDeps): TRestRoute[] {
  return [
    jsonRoute({
      method: 'post',
      path: '/integrations/github/{key}',
      operationId: 'receiveGithubWebhook',
      tag: 'Integrations',
      summary: 'GitHub webhook: a closed linked issue moves its ideas to the chosen status',
      description:
        'Verified with `X-Hub-Signature-256` (`sha256=` HMAC-SHA256 hex of the raw body under the connection’s webhook secret), compared in constant time; a missing or wrong signature is a 401, changes nothing and is logged. An `issues` event with action `closed` moves every idea linked to the issue to the connection’s closed status (voters are mailed, webhooks called, as for any status change); other events only refresh the link’s state. An unknown key is a 404.',
      auth: 'none',
      request: { params: ZKeyParams },
      errors: [404],
      response: ZReceived,
      handle: async (c) =>
        handleTrackerWebhook(
          deps,
          'GITHUB',
          c.req.param('key') ?? '',
          new Uint8Array(await c.req.arrayBuffer()),
          {
            signature: c.req.header('x-hub-signature-256'),
            event: c.req.header('x-github-event'),
          },
        ),
    }),
    jsonRoute({
      method: 'post',
      path: '/integrations/linear/{key}',
      operationId: 'receiveLinearWebhook',
      tag: 'Integrations',
      summary: 'Linear webhook: a completed linked issue moves its ideas to the chosen status',
      description:
        'Verified with `Linear-Signature` (HMAC-SHA256 hex of the raw body under the webhook’s signing secret), compared in constant time; a missing or wrong signature is a 401, changes nothing and is logged. An `Issue` `update` whose state type is `completed` moves every idea linked to the issue to the connection’s closed status (voters are mailed, webhooks called, as for any status change). An unknown key is a 404.',
      auth: 'none',
      request: { params: ZKeyParams },
      errors: [404],
      response: ZReceived,
      handle: async (c) =>
        handleTrackerWebhook(
          deps,
          'LINEAR',
          c.req.param('key') ?? '',
          new Uint8Array(await c.req.arrayBuffer()),
          { signature: c.req.header('linear-signature'), event: c.req.header('linear-event') },
        ),
    }),
  ];
}
