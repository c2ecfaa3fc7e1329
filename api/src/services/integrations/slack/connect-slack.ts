import type { TDeps } from '../../../deps.ts';
import type { SlackConnection } from '../../../generated/prisma/client.ts';
import { parseInput } from '../../../validation.ts';
import type { TViewer } from '../../../viewer.ts';
import { requireSignedInAdmin } from '../../../viewer.ts';
import { actorOf, recordAudit } from '../../audit/record-audit.ts';
import { ZConnectSlack } from './slack-input.ts';
import { SLACK_KEYS_REFUSED, sealSlackUrl, slackBoardFilter } from './slack-connections.ts';

/**
 * Connects a Slack incoming webhook to the company (owners and admins signed in as people): the
 * chosen events of one board, or of every board, are posted to its channel in `language`. The
 * URL is sealed before it is stored and is never answered again.
 */
export async function connectSlack(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<SlackConnection> {
  const admin = requireSignedInAdmin(viewer, SLACK_KEYS_REFUSED);
  const data = parseInput(ZConnectSlack, input);
  const { sealedUrl, urlHint } = sealSlackUrl(deps, data.url);
  const boardId = await slackBoardFilter(deps, admin.companyId, data.boardId);
  return deps.prisma.$transaction(async (tx) => {
    const created = await tx.slackConnection.create({
      data: {
        companyId: admin.companyId,
        boardId,
        sealedUrl,
        urlHint,
        events: data.events,
        language: data.language,
      },
    });
    await recordAudit(
      deps,
      {
        action: 'SLACK_CONNECTED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'SlackConnection', id: created.id },
        details: { urlHint, events: created.events, boardId, language: created.language },
      },
      tx,
    );
    return created;
  });
}
