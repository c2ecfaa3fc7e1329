import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { TTestMailResult } from '../../mail/mailer.ts';
import type { TClient } from '../../http/rate-limit.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin } from '../../viewer.ts';
import { requireConfirmedEmail } from '../account/require-confirmed-email.ts';
import { limitRequestedMail } from './limit-requested-mail.ts';

export type TTestEmail = TTestMailResult & { to: string };

/**
 * Sends a test mail to the signed-in admin at once (not through the queue) and answers the
 * SMTP server's exact reply: its success line, its error, or that SMTP is not configured.
 * With SMTP, only to a confirmed address (EMAIL_NOT_CONFIRMED otherwise): nobody may mail an
 * inbox that is not theirs. Without SMTP no mail leaves the server: the test goes to its log
 * (the outbox) whether or not the address is confirmed, so a new owner on a server without
 * mail sees that answer on day one, not a refusal whose confirmation mail never goes out.
 * Limited per company, per client address and per recipient (RATE_LIMIT_TEST_EMAIL_*,
 * RateLimitError).
 */
export async function sendTestEmail(
  deps: TDeps,
  viewer: TViewer | null,
  client?: TClient,
): Promise<TTestEmail> {
  const admin = requireCompanyAdmin(viewer);
  const user = await deps.prisma.user.findUnique({
    where: { id: admin.userId },
    select: { email: true },
  });
  if (!user) throw errors.unauthenticated();
  if (!user.email) {
    throw new AppError('CONFLICT', 'Your account has no email address to send a test to.');
  }
  const to = deps.config.smtpUrl ? await requireConfirmedEmail(deps, admin.userId) : user.email;
  await limitRequestedMail(deps, 'testEmail', { companyId: admin.companyId, client, to });
  const result = await deps.mailer.sendTest(to);
  return { ...result, to };
}
