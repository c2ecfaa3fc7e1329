import { hashToken, newToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';

/** How long the second step may follow the password: enough to open an authenticator app. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type TSecondFactorChallenge = {
  /** The token the second step (or a required enrolment) sends back. */
  challenge: string;
  expiresAt: Date;
  /** The account has no second factor yet and its company requires one: enrol first. */
  enrolmentRequired: boolean;
};

/**
 * The password step passed: stores a challenge (hashed) and answers its token. `client` is the
 * transaction to write it in, when the step is part of one (accepting an invitation).
 */
export async function openLoginChallenge(
  deps: TDeps,
  userId: number,
  mustEnrol: boolean,
  client: Pick<TDeps['prisma'], 'loginChallenge'> = deps.prisma,
): Promise<TSecondFactorChallenge> {
  const challenge = newToken();
  const expiresAt = new Date(Date.now() + LOGIN_CHALLENGE_TTL_MS);
  await client.loginChallenge.create({
    data: { userId, tokenHash: hashToken(challenge), expiresAt, mustEnrol },
  });
  return { challenge, expiresAt, enrolmentRequired: mustEnrol };
}

export const expiredChallenge = () =>
  new AppError(
    'INVALID_TOKEN',
    'This sign-in step has expired or was used already. Please sign in again.',
    [{ field: 'challenge', message: 'Sign in again.' }],
  );

/** The open (unused, unexpired) challenge of a token; INVALID_TOKEN otherwise. */
export async function findOpenChallenge(
  deps: TDeps,
  challenge: string,
): Promise<{ id: number; userId: number; mustEnrol: boolean }> {
  const found = await deps.prisma.loginChallenge.findUnique({
    where: { tokenHash: hashToken(challenge) },
    select: { id: true, userId: true, mustEnrol: true, usedAt: true, expiresAt: true },
  });
  if (!found || found.usedAt || found.expiresAt.getTime() <= Date.now()) throw expiredChallenge();
  return found;
}

/** Marks a challenge used; only one caller wins when two race with the same token. */
export async function closeChallenge(
  client: Pick<TDeps['prisma'], 'loginChallenge'>,
  id: number,
): Promise<void> {
  const { count } = await client.loginChallenge.updateMany({
    where: { id, usedAt: null },
    data: { usedAt: new Date() },
  });
  if (count !== 1) throw expiredChallenge();
}
