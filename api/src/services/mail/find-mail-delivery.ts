import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { isTeamMember, requireViewer } from '../../viewer.ts';

/** Where this server's mail goes: to an SMTP server, or only into the server log's outbox. */
export type TMailDelivery = 'SMTP' | 'OUTBOX';

/**
 * Whether this server sends mail (SMTP_URL set) or only writes it to its log's outbox, for the
 * team (OWNER, ADMIN, MEMBER), so the console never says "we mailed it" when nothing went.
 * Anonymous callers are told to sign in; anyone else signed in is refused (FORBIDDEN).
 */
export function findMailDelivery(
  deps: Pick<TDeps, 'config'>,
  viewer: TViewer | null,
): TMailDelivery {
  if (!isTeamMember(requireViewer(viewer))) throw errors.forbidden();
  return deps.config.smtpUrl ? 'SMTP' : 'OUTBOX';
}
