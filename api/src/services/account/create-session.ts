import { hashToken, newToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

type TClient = Pick<TDeps['prisma'], 'session'> | Prisma.TransactionClient;

/** Opens a session for the user and answers its bearer token (only its hash is stored). */
export async function createSession(
  client: TClient,
  userId: number,
  ttlDays: number,
): Promise<string> {
  const token = newToken();
  await client.session.create({
    data: {
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000),
    },
  });
  return token;
}
