import type { Role, UserKind } from './generated/prisma/client.ts';
import { AppError, errors } from './errors.ts';

/** Who is calling: a signed-in user and the session they used, or nobody. */
export type TViewer = {
  userId: number;
  companyId: number;
  role: Role;
  kind: UserKind;
  /** The session used; 0 when the caller used an API key. */
  sessionId: number;
  /** Set when the caller authenticated with a company API key (GraphQL only). */
  apiKeyId?: number;
};

export function requireViewer(viewer: TViewer | null): TViewer {
  if (!viewer) throw errors.unauthenticated();
  return viewer;
}

export function isCompanyAdmin(viewer: TViewer | null): boolean {
  return viewer?.kind === 'REGULAR' && (viewer.role === 'OWNER' || viewer.role === 'ADMIN');
}

/** Admin-only operations: others get "forbidden" for their own company's resources. */
export function requireCompanyAdmin(viewer: TViewer | null): TViewer {
  const signedIn = requireViewer(viewer);
  if (!isCompanyAdmin(signedIn)) throw errors.forbidden();
  return signedIn;
}

/**
 * An admin signed in as a person, not through an API key: what may mint or redirect
 * credentials (API keys, the company secret, webhooks and their secrets), so that a leaked key
 * cannot set up access that outlives its revocation. `refusal` says so to a key.
 */
export function requireSignedInAdmin(viewer: TViewer | null, refusal: string): TViewer {
  const admin = requireCompanyAdmin(viewer);
  if (admin.apiKeyId) throw new AppError('FORBIDDEN', refusal);
  return admin;
}
