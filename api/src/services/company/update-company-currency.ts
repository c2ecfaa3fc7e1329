import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { Company } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin } from '../../viewer.ts';
import { changeCompanyField } from './change-company-field.ts';

/** The ISO 4217 codes this server's Intl knows (what the console can format). */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export const ZCompanyCurrency = z.object({
  currency: z
    .string({ error: 'This field is required.' })
    .trim()
    .toUpperCase()
    .refine((code) => CURRENCIES.has(code), {
      error: 'It has to be a currency code such as USD, EUR or PLN.',
    })
    .meta({ description: 'An ISO 4217 currency code, e.g. USD, EUR, PLN.' }),
});

/**
 * Sets the currency of the money the team records about its customers (customer companies'
 * monthly spend, the ideas' value): owners and admins, signed in. Amounts stay as they are (no
 * conversion); the console shows them in the new currency. Audited as COMPANY_CURRENCY_CHANGED.
 */
export async function updateCompanyCurrency(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<Company> {
  const admin = requireSignedInAdmin(
    viewer,
    'API keys cannot change the company’s currency: sign in to change it.',
  );
  const { currency } = parseInput(ZCompanyCurrency, input);
  return changeCompanyField(deps, admin, 'currency', currency, 'COMPANY_CURRENCY_CHANGED');
}

/**
 * The currency of a company's customer values, read once per request (`scope`: the request's
 * context) however many ideas of a list ask.
 */
const currencyCache = new WeakMap<object, Map<number, Promise<string | null>>>();
export function companyCurrency(deps: TDeps, scope: object, companyId: number) {
  let byCompany = currencyCache.get(scope);
  if (!byCompany) currencyCache.set(scope, (byCompany = new Map()));
  let currency = byCompany.get(companyId);
  if (!currency) {
    currency = deps.prisma.company
      .findUnique({ where: { id: companyId }, select: { currency: true } })
      .then((row) => row?.currency ?? null);
    byCompany.set(companyId, currency);
  }
  return currency;
}
