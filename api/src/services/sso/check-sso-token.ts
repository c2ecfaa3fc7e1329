import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin, requireViewer } from '../../viewer.ts';
import { boardVisibleWhere } from '../access.ts';
import type { TSsoInspection } from './sso-checks.ts';

/**
 * The widget tab's token checker: every check the widget's sign-in makes on `token` for this
 * board (its company's secret and SSO rules), each with how it went and why, so that an admin
 * can see why a token is refused while the widget's visitors see only a plain sentence. Owners
 * and admins signed in as themselves only: members and end users are forbidden, and so are API
 * keys (the answer is about the company secret); another company's board, and a board the
 * caller may not see, is not found.
 */
export async function checkSsoToken(
  deps: TDeps,
  viewer: TViewer | null,
  boardId: number,
  token: string,
): Promise<TSsoInspection> {
  const caller = requireViewer(viewer);
  // Visibility before the role (as findBoardForAdmin): a board the caller may not see is not
  // found, so an end user learns nothing of a private board.
  const board = await deps.prisma.board.findFirst({
    where: { id: boardId, companyId: caller.companyId, AND: [boardVisibleWhere(caller)] },
    select: {
      company: {
        select: {
          secret: true,
          ssoRequireExpiry: true,
          ssoMaxLifetimeMinutes: true,
          ssoTrustEmails: true,
        },
      },
    },
  });
  if (!board) throw errors.notFound('Board');
  requireSignedInAdmin(
    caller,
    'API keys cannot check SSO tokens: sign in to the console to check one.',
  );
  const { secret, ssoRequireExpiry, ssoMaxLifetimeMinutes, ssoTrustEmails } = board.company;
  // jsonwebtoken loads with the first token checked, not at every start (sso-checks.ts).
  const { inspectSsoToken } = await import('./inspect-sso-token.ts');
  return inspectSsoToken(token, secret, {
    requireExpiry: ssoRequireExpiry,
    maxLifetimeMinutes: ssoMaxLifetimeMinutes,
    trustEmails: ssoTrustEmails,
  });
}
