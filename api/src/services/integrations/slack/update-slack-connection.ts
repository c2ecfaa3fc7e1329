import type { TDeps } from '../../../deps.ts';
import type { SlackConnection } from '../../../generated/prisma/client.ts';
import { parseInput } from '../../../validation.ts';
import type { TViewer } from '../../../viewer.ts';
import { requireSignedInAdmin } from '../../../viewer.ts';
import { actorOf, recordAudit } from '../../audit/record-audit.ts';
import { ZUpdateSlackConnection } from './slack-input.ts';
import {
  SLACK_KEYS_REFUSED,
  findSlackConnectionForAdmin,
  sealSlackUrl,
  slackBoardFilter,
} from './slack-connections.ts';

/**
 * Changes a connection's events, board filter, language or URL (a new URL is sealed like the
 * first; leaving it out keeps the stored one).
 */
export async function updateSlackConnection(
  deps: TDeps,
  viewer: TViewer | null,
  connectionId: number,
  input: unknown,
): Promise<SlackConnection> {
  const connection = await findSlackConnectionForAdmin(deps, viewer, connectionId);
  const admin = requireSignedInAdmin(viewer, SLACK_KEYS_REFUSED);
  const data = parseInput(ZUpdateSlackConnection, input);
  const sealed = data.url === undefined ? null : sealSlackUrl(deps, data.url);
  const boardId =
    data.boardId === undefined
      ? undefined
      : await slackBoardFilter(deps, connection.companyId, data.boardId);
  const settings = {
    ...(data.events !== undefined ? { events: data.events } : {}),
    ...(boardId !== undefined ? { boardId } : {}),
    ...(data.language !== undefined ? { language: data.language } : {}),
  };
  return deps.prisma.$transaction(async (tx) => {
    const updated = await tx.slackConnection.update({
      where: { id: connection.id },
      data: { ...settings, ...(sealed ?? {}) },
    });
    await recordAudit(
      deps,
      {
        action: 'SLACK_CONNECTION_UPDATED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'SlackConnection', id: connection.id },
        details: { ...settings, urlHint: updated.urlHint, isUrlChanged: sealed !== null },
      },
      tx,
    );
    return updated;
  });
}
