import { hashToken, newToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { TClient as TCaller } from '../../rate-limit.ts';

type TClient = Pick<TDeps['prisma'], 'session'> | Prisma.TransactionClient;

/**
 * Opens a session for the user and answers its bearer token (only its hash is stored). The
 * caller's address and User-Agent, when given, are kept for the signed-in devices list.
 */
export async function createSession(
  client: TClient,
  userId: number,
  ttlDays: number,
  caller?: TCaller,
): Promise<string> {
  const token = newToken();
  await client.session.create({
    data: {
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000),
      userAgent: caller?.userAgent?.slice(0, 300) || null,
      ipAddress: caller?.ip || null,
    },
  });
  return token;
}
