import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { Company } from '../../generated/prisma/client.ts';
import { messages, parseInput, requiredOr } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin } from '../../viewer.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import { SSO_MAX_LIFETIME_MINUTES } from './sso-rules.ts';

const { min, max } = SSO_MAX_LIFETIME_MINUTES;
const lifetimeMessage = `It has to be a whole number from ${min} to ${max}.`;

export const ZSsoSettings = z.object({
  requireExpiry: z
    .boolean({ error: messages.required })
    .meta({ description: 'Refuse widget SSO tokens without `exp`.' }),
  maxLifetimeMinutes: z
    .number({ error: requiredOr(lifetimeMessage) })
    .int({ error: lifetimeMessage })
    .min(min, { error: lifetimeMessage })
    .max(max, { error: lifetimeMessage })
    .meta({
      description: `The longest lifetime of a token with \`exp\`, ${min} to ${max} minutes.`,
    }),
});
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

/**
 * Sets the company's rules for widget SSO tokens: whether `exp` is required, and the longest
 * lifetime accepted when it is present. Owners and admins signed in as themselves: an API key
 * may not (a leaked key must not be able to loosen the sign-in of the company's users).
 * Tokens are checked against the new rules from the next sign-in on; open sessions stay.
 */
export async function updateSsoSettings(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<Company> {
  const admin = requireSignedInAdmin(
    viewer,
    'API keys cannot change the SSO token rules: sign in to change them.',
  );
  const { requireExpiry, maxLifetimeMinutes } = parseInput(ZSsoSettings, input);
  // Loosening who may sign in is a security event: the rules and their entry go together.
  const company = await deps.prisma.$transaction(async (tx) => {
    const updated = await tx.company.update({
      where: { id: admin.companyId },
      data: { ssoRequireExpiry: requireExpiry, ssoMaxLifetimeMinutes: maxLifetimeMinutes },
    });
    await recordAudit(
      deps,
      {
        action: 'SSO_SETTINGS_CHANGED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'Company', id: admin.companyId },
        details: { requireExpiry, maxLifetimeMinutes },
      },
      tx,
    );
    return updated;
  });
  deps.log.info(
    `Company ${company.id}: SSO rules set by user ${admin.userId} (expiry ${requireExpiry ? 'required' : 'optional'}, at most ${maxLifetimeMinutes} min).`,
  );
  return company;
}
