import type { TDeps } from '../../deps.ts';
import { RateLimitError } from '../../http/rate-limit.ts';
import type { TClient } from '../../http/rate-limit.ts';

/** Mail that a company's team makes Feedboard send on request, each with its own limits. */
export type TRequestedMail = 'testEmail' | 'invoiceRequest' | 'invitationMail';

const WHAT: Record<TRequestedMail, string> = {
  testEmail: 'test emails',
  invoiceRequest: 'invoice requests',
  invitationMail: 'invitation emails',
};

/** `90` → "2 minutes", `3600` → "60 minutes", `20` → "20 seconds". */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Counts one mail of `kind` that the company is about to send, on the same limiter as the
 * confirmation mail's (RATE_LIMIT_<KIND>_*, shared by every process through Redis): per
 * client address and per company, and, when the mail goes to an address chosen by the caller
 * (`to`), per recipient across every company (RATE_LIMIT_MAIL_RECIPIENT_*), so no company,
 * nor many of them together, can flood one inbox through Feedboard. Past a limit it throws
 * RateLimitError (HTTP 429, RATE_LIMITED, Retry-After) saying when to try again; call it before
 * any change, so a refused request changes nothing.
 */
export async function limitRequestedMail(
  deps: Pick<TDeps, 'rateLimiter'>,
  kind: TRequestedMail,
  sender: { companyId: number; client?: TClient; to?: string },
): Promise<void> {
  await counted(
    deps.rateLimiter.consume(kind, {
      ip: sender.client?.ip,
      account: `company:${sender.companyId}`,
    }),
    (wait) =>
      `Your company has sent too many ${WHAT[kind]} lately. Please wait ${wait} and try again.`,
  );
  if (sender.to) {
    await counted(
      deps.rateLimiter.consume('mailRecipient', { account: `${kind}:${sender.to}` }),
      (wait) =>
        `Too many ${WHAT[kind]} went to ${sender.to} lately. Please wait ${wait} and try again.`,
    );
  }
}

/** A refusal of `consume` with the mail's own sentence (and the same Retry-After). */
async function counted(consume: Promise<void>, message: (wait: string) => string): Promise<void> {
  try {
    await consume;
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error;
    throw new RateLimitError(error.retryAfterSeconds, message(waitText(error.retryAfterSeconds)));
  }
}
