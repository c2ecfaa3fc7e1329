import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { parseInput, requiredText } from '../../validation.ts';
import { createSession } from '../account/create-session.ts';
import { recordAuditAfter } from '../audit/record-audit.ts';
import { closeChallenge, findOpenChallenge } from './login-challenge.ts';
import { verifySecondFactor } from './verify-second-factor.ts';

export const ZSecondFactor = z.object({
  challenge: requiredText(1, 200).meta({ description: 'The challenge the sign-in answered.' }),
  code: requiredText(6, 30).meta({
    description: 'The current six-digit code of the authenticator app, or a recovery code.',
  }),
});

/**
 * The second sign-in step: the challenge of a password step and a current code (or a recovery
 * code) give the normal session token. A challenge serves one sign-in and lives five minutes.
 */
export async function logInSecondFactor(
  deps: TDeps,
  input: unknown,
  client: TClient,
): Promise<{ token: string }> {
  const { challenge, code } = parseInput(ZSecondFactor, input);
  const open = await findOpenChallenge(deps, challenge);
  if (open.mustEnrol) {
    throw new AppError(
      'TWO_FACTOR_ENROLMENT_REQUIRED',
      'Your company requires two-factor sign-in: set it up with this challenge first (startTwoFactorEnrolment, then confirmTwoFactorEnrolment).',
    );
  }
  await verifySecondFactor(deps, open.userId, code, client);
  await closeChallenge(deps.prisma, open.id);
  const token = await createSession(deps.prisma, open.userId, deps.config.sessionTtlDays, client);
  const user = await deps.prisma.user.findUniqueOrThrow({
    where: { id: open.userId },
    select: { companyId: true },
  });
  await recordAuditAfter(deps, {
    action: 'SIGN_IN_SUCCEEDED',
    companyId: user.companyId,
    actor: { userId: open.userId, address: client.address ?? client.ip },
    target: { type: 'User', id: open.userId },
    details: { secondFactor: true },
  });
  return { token };
}
