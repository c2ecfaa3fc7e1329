import { hashToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import type { TViewer } from '../../viewer.ts';

/** Reads `Authorization: Bearer <token>`; answers undefined when there is no bearer token. */
export function bearerToken(header: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** The viewer of a session token, or null when it is unknown, expired or revoked. */
export async function authenticate(deps: TDeps, token: string): Promise<TViewer | null> {
  if (token.length > 200) return null;
  const session = await deps.prisma.session.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      expiresAt: true,
      revokedAt: true,
      user: { select: { id: true, companyId: true, role: true, kind: true } },
    },
  });
  if (!session || session.revokedAt || session.expiresAt <= new Date()) return null;
  return {
    userId: session.user.id,
    companyId: session.user.companyId,
    role: session.user.role,
    kind: session.user.kind,
    sessionId: session.id,
  };
}
