import type { TDeps } from '../../../deps.ts';
import { errors } from '../../../errors.ts';
import type { SlackConnection } from '../../../generated/prisma/client.ts';
import type { TViewer } from '../../../viewer.ts';
import { requireCompanyAdmin, requireViewer } from '../../../viewer.ts';
import { toRowId } from '../../access.ts';
import { SecretKeyError, sealSecret } from '../../../auth/secret-box.ts';
import { slackUrlHint, slackUrlProblem } from './slack-url.ts';

/**
 * A connection posts to a team's channel with a URL that is itself the credential: a leaked API
 * key must not be able to point it elsewhere (see requireSignedInAdmin).
 */
export const SLACK_KEYS_REFUSED =
  'API keys cannot manage integrations: sign in as an owner or admin to change them.';

/** Said next to the URL field when the server has no SECRETS_KEY to seal it with. */
export const NO_SECRETS_KEY =
  'This server cannot store integration secrets yet: whoever runs Feedboard has to set SECRETS_KEY first.';

/**
 * A connection of the admin's company, or NOT_FOUND (also for another company's, whatever the
 * caller's role there); a member or end user of its own company is forbidden.
 */
export async function findSlackConnectionForAdmin(
  deps: TDeps,
  viewer: TViewer | null,
  connectionId: number,
): Promise<SlackConnection> {
  const { companyId } = requireViewer(viewer);
  const connection = await deps.prisma.slackConnection.findFirst({
    where: { id: connectionId, companyId },
  });
  if (!connection) throw errors.notFound('Slack connection');
  requireCompanyAdmin(viewer);
  return connection;
}

/** The company's Slack connections, newest first (admins only). */
export function listSlackConnections(
  deps: TDeps,
  viewer: TViewer | null,
): Promise<SlackConnection[]> {
  const admin = requireCompanyAdmin(viewer);
  return deps.prisma.slackConnection.findMany({
    where: { companyId: admin.companyId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}

/** The board filter: a board of the company (a field error otherwise), or null for all boards. */
export async function slackBoardFilter(
  deps: TDeps,
  companyId: number,
  raw: string | number | null | undefined,
): Promise<number | null> {
  if (raw === null || raw === undefined || raw === '') return null;
  const board = await deps.prisma.board.findFirst({
    where: { id: toRowId(raw), companyId },
    select: { id: true },
  });
  if (!board) throw errors.validation([{ field: 'boardId', message: 'Board not found' }]);
  return board.id;
}

/**
 * Checks an incoming-webhook URL and seals it: field errors for a URL that is not Slack's and
 * for a server without SECRETS_KEY. Answers what is stored: the sealed URL and its hint.
 */
export function sealSlackUrl(deps: TDeps, url: string): { sealedUrl: string; urlHint: string } {
  const problem = slackUrlProblem(url, {
    allowStandIn: deps.config.slackAllowStandInUrls,
    allowPrivate: deps.config.webhookAllowPrivateUrls,
  });
  if (problem) throw errors.validation([{ field: 'url', message: problem }]);
  try {
    return { sealedUrl: sealSecret(deps.config.secretKeys, url), urlHint: slackUrlHint(url) };
  } catch (error) {
    if (error instanceof SecretKeyError) {
      throw errors.validation([{ field: 'url', message: NO_SECRETS_KEY }]);
    }
    throw error;
  }
}
