import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { requireViewer } from '../../viewer.ts';

export type TProfile = {
  id: number;
  login: string;
  email: string | null;
  /** Whether `email` is confirmed (mailed link or SSO token): notifications go only then. */
  emailConfirmed: boolean;
  language: string;
  /** Which notification mails the user wants. */
  notifications: 'ALL' | 'MY_IDEAS' | 'NONE';
  displayName: string;
  kind: 'REGULAR' | 'SSO';
  role: 'OWNER' | 'ADMIN' | 'MEMBER' | 'END_USER';
  companyId: number;
  avatarUrl: string | null;
};

/** The signed-in user's profile (spec: id, login, email, language). */
export async function getProfile(deps: TDeps, viewer: TViewer | null): Promise<TProfile> {
  const signedIn = requireViewer(viewer);
  const { userId } = signedIn;
  const user = await deps.prisma.user.findUnique({ where: { id: userId } });
  if (!user) throw errors.unauthenticated();
  return {
    id: user.id,
    login: user.loginEmail ?? user.externalId ?? String(user.id),
    email: user.email,
    emailConfirmed: user.email !== null && user.emailConfirmedAt !== null,
    language: user.language,
    notifications: user.notifications,
    displayName: user.displayName,
    kind: user.kind,
    // The session's role, not the row's: a widget or portal session (END_USER-scoped) of a team
    // member is an end user's (authenticate.ts), and says so.
    role: signedIn.role,
    companyId: user.companyId,
    avatarUrl: user.avatarUrl,
  };
}
