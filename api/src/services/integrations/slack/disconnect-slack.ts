import type { TDeps } from '../../../deps.ts';
import type { SlackConnection } from '../../../generated/prisma/client.ts';
import type { TViewer } from '../../../viewer.ts';
import { requireSignedInAdmin } from '../../../viewer.ts';
import { actorOf, recordAudit } from '../../audit/record-audit.ts';
import { SLACK_KEYS_REFUSED, findSlackConnectionForAdmin } from './slack-connections.ts';

/** Disconnects Slack: the connection, its sealed URL and its delivery log go; nothing more is posted. */
export async function disconnectSlack(
  deps: TDeps,
  viewer: TViewer | null,
  connectionId: number,
): Promise<SlackConnection> {
  const connection = await findSlackConnectionForAdmin(deps, viewer, connectionId);
  const admin = requireSignedInAdmin(viewer, SLACK_KEYS_REFUSED);
  await deps.prisma.$transaction(async (tx) => {
    await tx.slackConnection.delete({ where: { id: connection.id } });
    await recordAudit(
      deps,
      {
        action: 'SLACK_DISCONNECTED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'SlackConnection', id: connection.id },
        details: { urlHint: connection.urlHint },
      },
      tx,
    );
  });
  return connection;
}
