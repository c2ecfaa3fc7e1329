import { hashToken, newToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import type { Prisma, SessionScope } from '../../generated/prisma/client.ts';
import type { TClient as TCaller } from '../../http/rate-limit.ts';

type TClient = Pick<TDeps['prisma'], 'session'> | Prisma.TransactionClient;

/**
 * Opens a session for the user and answers its bearer token (only its hash is stored). The
 * caller's address and User-Agent, when given, are kept for the signed-in devices list.
 * `scope` END_USER: the session acts as an end user of the user's company whatever their role
 * (widget and portal sign-ins, whose tokens live in a customer's page); FULL by default.
 */
export async function createSession(
  client: TClient,
  userId: number,
  ttlDays: number,
  caller?: TCaller,
  options: { scope?: SessionScope } = {},
): Promise<string> {
  const token = newToken();
  await client.session.create({
    data: {
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000),
      userAgent: caller?.userAgent?.slice(0, 300) || null,
      ipAddress: caller?.ip || null,
      scope: options.scope ?? 'FULL',
    },
  });
  return token;
}
