import { z } from 'zod';

/**
 * The SSO token's customer claims and their documented limits (README, "Single sign-on"):
 * `attributes` of the user, and `companies: [{id, name, monthlySpend, plan?, attributes?}]`,
 * the customer companies the user works for. A token with a claim of the wrong shape is refused
 * with a reason naming the claim (`companies[1].monthlySpend`), so the customer's developer
 * finds it at once in the widget tab's token checker.
 */
export const CUSTOMER_CLAIM_LIMITS = {
  /** Keys of one `attributes` object. */
  maxAttributes: 20,
  /** Characters of an attribute's key. */
  maxKeyLength: 50,
  /** Characters of a string value of an attribute. */
  maxValueLength: 250,
  /** Entries of `companies`. */
  maxCompanies: 20,
  /** Characters of a company's `id` (or a whole number). */
  maxCompanyIdLength: 200,
  /** Characters of a company's `name`. */
  maxCompanyNameLength: 100,
  /** Characters of a company's `plan`. */
  maxPlanLength: 50,
  /** The largest `monthlySpend` (a number from 0, two decimals kept). */
  maxMonthlySpend: 1_000_000_000,
} as const;

export type TAttributeValue = string | number | boolean;
export type TAttributes = Record<string, TAttributeValue>;

export type TCustomerCompanyClaim = {
  externalId: string;
  name: string;
  /** Rounded to cents. */
  monthlySpend: number;
  plan: string | null;
  /** Null: the claim had none (the stored ones stay). */
  attributes: TAttributes | null;
};

export type TCustomerClaims = {
  /** Null: the token has no `attributes` claim (the stored ones stay). */
  attributes: TAttributes | null;
  /** Null: the token has no `companies` claim (the user's companies stay); [] detaches them. */
  companies: TCustomerCompanyClaim[] | null;
};

const L = CUSTOMER_CLAIM_LIMITS;

const ZAttributes = z
  .record(
    z.string(),
    z.union(
      [
        z.string().max(L.maxValueLength, {
          error: `has to be at most ${L.maxValueLength} characters.`,
        }),
        z.number().refine(Number.isFinite, { error: 'has to be a finite number.' }),
        z.boolean(),
      ],
      { error: 'has to be a string, a number or a boolean.' },
    ),
    { error: 'has to be an object of keys and values.' },
  )
  .superRefine((attributes, context) => {
    const keys = Object.keys(attributes);
    if (keys.length > L.maxAttributes) {
      context.addIssue({
        code: 'custom',
        message: `has ${keys.length} keys; at most ${L.maxAttributes} are allowed.`,
      });
    }
    for (const key of keys) {
      if (key.trim() === '' || key.length > L.maxKeyLength) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `has to be a key of 1 to ${L.maxKeyLength} characters.`,
        });
      }
    }
  });

const ZCompany = z.object(
  {
    id: z.union(
      [
        z.string().trim().min(1).max(L.maxCompanyIdLength),
        z.number().int().safe().transform(String),
      ],
      { error: `has to be a string of 1 to ${L.maxCompanyIdLength} characters or a whole number.` },
    ),
    name: z
      .string({ error: 'has to be a string.' })
      .trim()
      .min(1, { error: 'is required.' })
      .max(L.maxCompanyNameLength, {
        error: `has to be at most ${L.maxCompanyNameLength} characters.`,
      }),
    monthlySpend: z
      .number({ error: `has to be a number from 0 to ${L.maxMonthlySpend}.` })
      .min(0, { error: `has to be a number from 0 to ${L.maxMonthlySpend}.` })
      .max(L.maxMonthlySpend, { error: `has to be a number from 0 to ${L.maxMonthlySpend}.` })
      .transform((spend) => Math.round(spend * 100) / 100),
    plan: z
      .string({ error: 'has to be a string.' })
      .trim()
      .max(L.maxPlanLength, { error: `has to be at most ${L.maxPlanLength} characters.` })
      .nullish(),
    attributes: ZAttributes.nullish(),
  },
  { error: 'has to be an object with id, name and monthlySpend.' },
);

const ZCompanies = z
  .array(ZCompany, { error: 'has to be an array of companies.' })
  .max(L.maxCompanies, { error: `has to list at most ${L.maxCompanies} companies.` })
  .superRefine((companies, context) => {
    const seen = new Set<string>();
    companies.forEach((company, index) => {
      if (seen.has(company.id)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'id'],
          message: 'names a company already listed.',
        });
      }
      seen.add(company.id);
    });
  });

/** `companies[1].monthlySpend`, `attributes.tier`: where a claim's problem is. */
function claimPath(claim: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`),
    claim,
  );
}

export type TCustomerClaimsReading =
  | { ok: true; claims: TCustomerClaims }
  | { ok: false; claim: 'attributes' | 'companies'; message: string };

/**
 * Reads the customer claims of a verified token's payload; absent (or null) claims read as
 * null. A claim of the wrong shape answers why, naming the claim and the place in it.
 */
export function readCustomerClaims(payload: Record<string, unknown>): TCustomerClaimsReading {
  let attributes: TAttributes | null = null;
  if (payload.attributes !== undefined && payload.attributes !== null) {
    const parsed = ZAttributes.safeParse(payload.attributes);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return {
        ok: false,
        claim: 'attributes',
        message: `the claim ${claimPath('attributes', issue.path)} ${issue.message}`,
      };
    }
    attributes = parsed.data;
  }
  let companies: TCustomerCompanyClaim[] | null = null;
  if (payload.companies !== undefined && payload.companies !== null) {
    const parsed = ZCompanies.safeParse(payload.companies);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return {
        ok: false,
        claim: 'companies',
        message: `the claim ${claimPath('companies', issue.path)} ${issue.message}`,
      };
    }
    companies = parsed.data.map((company) => ({
      externalId: company.id,
      name: company.name,
      monthlySpend: company.monthlySpend,
      plan: company.plan ?? null,
      attributes: company.attributes ?? null,
    }));
  }
  return { ok: true, claims: { attributes, companies } };
}
