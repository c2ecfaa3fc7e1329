import { z } from 'zod';
import { hashToken, newToken } from '../../auth/tokens.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TDeps } from '../../deps.ts';
import type { TClient } from '../../http/rate-limit.ts';
import { ZEmail, parseInput } from '../../validation.ts';
import { changelogUrl } from './changelog-links.ts';
import {
  CHANGELOG_CONFIRM_TTL_HOURS,
  confirmationMail,
  mailLanguageOf,
} from './changelog-mail-texts.ts';

export const ZChangelogSubscription = z.object({ email: ZEmail });

/**
 * Subscribes an address to a company's changelog (anyone may, no account needed): a mail asks
 * its owner to confirm (double opt-in); nothing is mailed about releases before that. The
 * answer never tells whether the address was subscribed already. An address confirmed and
 * subscribed gets no new mail; an unconfirmed or unsubscribed one gets a fresh link. Limited
 * per address and client like the account confirmation mails, since every call may mail a
 * stranger. Throws VALIDATION for a bad address.
 */
export async function subscribeToChangelog(
  deps: TDeps,
  company: { id: number; name: string; slug: string },
  input: unknown,
  options: { language: string; client: TClient },
): Promise<void> {
  const email = parseInput(ZChangelogSubscription, input).email.toLowerCase();
  await deps.rateLimiter.consume('confirmEmail', { ip: options.client.ip, account: email });
  const language = mailLanguageOf(options.language) === 'pl' ? 'pl-PL' : 'en-US';
  const existing = await deps.prisma.changelogSubscriber.findUnique({
    where: { companyId_email: { companyId: company.id, email } },
  });
  if (existing?.confirmedAt && !existing.unsubscribedAt) return;
  const token = newToken();
  const pending = {
    language,
    confirmTokenHash: hashToken(token),
    confirmExpiresAt: new Date(Date.now() + CHANGELOG_CONFIRM_TTL_HOURS * 3_600_000),
    confirmedAt: null,
    unsubscribedAt: null,
  };
  try {
    // Upsert on the (company, email) key: two subscribes of one address at once make one row.
    await deps.prisma.changelogSubscriber.upsert({
      where: { companyId_email: { companyId: company.id, email } },
      create: { companyId: company.id, email, ...pending },
      update: pending,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return;
  }
  const link = `${changelogUrl(deps, company.slug)}/confirm/${token}`;
  await deps.mailer.send({
    to: email,
    topic: 'CHANGELOG_CONFIRMATION',
    // From "<company> via Feedboard", as the release mails it confirms (docs/email.md).
    senderName: company.name,
    language,
    companyId: company.id,
    ...confirmationMail(mailLanguageOf(language), { company: company.name, email, link }),
  });
}
