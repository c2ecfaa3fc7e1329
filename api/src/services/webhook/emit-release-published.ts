import type { TDeps } from '../../deps.ts';
import type { TReleaseWithParts } from '../release/find-releases.ts';
import { emitSlackReleasePublished } from '../integrations/slack/emit-slack-event.ts';
import { emitWebhookEvent } from './emit-webhook-event.ts';

/**
 * Queues `release.published` for webhooks of the company (or of one of the release's boards),
 * and the Slack messages of the connections that chose it.
 */
export async function emitReleasePublished(deps: TDeps, release: TReleaseWithParts): Promise<void> {
  await emitWebhookEvent(
    deps,
    'RELEASE_PUBLISHED',
    { companyId: release.companyId, boardIds: release.boards.map((board) => board.id) },
    {
      release: {
        id: release.id,
        name: release.name,
        releaseDate: release.releaseDate.toISOString().slice(0, 10),
        publishedAt: release.publishedAt?.toISOString() ?? null,
        boardIds: release.boards.map((board) => board.id),
        parts: release.parts.map((part) => ({
          id: part.id,
          title: part.title,
          ideaId: part.ideaId,
        })),
      },
    },
  );
  await emitSlackReleasePublished(deps, release);
}
