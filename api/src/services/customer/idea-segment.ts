import { z } from 'zod';
import { sqlFragment, sqlPart } from '../../db/sql.ts';
import type { TSqlPart } from '../../db/sql.ts';
import { errors } from '../../errors.ts';
import type { TViewer } from '../../viewer.ts';
import { isTeamMemberOf } from '../access.ts';
import { requiredEnum } from '../../validation.ts';
import { IDEA_SORTS, ZIdeaListParams } from '../idea/idea-input.ts';
import { CUSTOMER_CLAIM_LIMITS } from './customer-claims.ts';

const L = CUSTOMER_CLAIM_LIMITS;

const optionalSpend = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
  z
    .number({ error: `It has to be a number from 0 to ${L.maxMonthlySpend}.` })
    .min(0, { error: `It has to be a number from 0 to ${L.maxMonthlySpend}.` })
    .max(L.maxMonthlySpend, { error: `It has to be a number from 0 to ${L.maxMonthlySpend}.` })
    .optional(),
);

const optionalWord = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined),
    z
      .string({ error: 'It has to be text.' })
      .max(max, { error: `It has to be max ${max} characters.` })
      .optional(),
  );

/**
 * A customer segment an idea list can be narrowed to (the team's lists only): ideas with at
 * least one voter who works for a customer company on `plan`, spending `minSpend` to
 * `maxSpend` a month, or the company `customerCompanyId`, and whose own attributes or whose
 * company's attributes hold `attributeKey` = `attributeValue` (compared as text: `12`, `true`).
 * Every given condition holds for one and the same voter.
 */
export const ZIdeaSegment = z
  .object({
    plan: optionalWord(L.maxPlanLength),
    attributeKey: optionalWord(L.maxKeyLength),
    attributeValue: optionalWord(L.maxValueLength),
    minSpend: optionalSpend,
    maxSpend: optionalSpend,
    customerCompanyId: z.number().int().nonnegative().optional(),
  })
  .superRefine((segment, context) => {
    if (segment.attributeKey !== undefined && segment.attributeValue === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['attributeValue'],
        message: 'Give the value the attribute has to have.',
      });
    }
    if (segment.attributeValue !== undefined && segment.attributeKey === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['attributeKey'],
        message: 'Give the attribute the value belongs to.',
      });
    }
    if (
      segment.minSpend !== undefined &&
      segment.maxSpend !== undefined &&
      segment.minSpend > segment.maxSpend
    ) {
      context.addIssue({
        code: 'custom',
        path: ['maxSpend'],
        message: 'It has to be at least the smallest spend.',
      });
    }
  });
export type TIdeaSegment = z.output<typeof ZIdeaSegment>;

/** Whether a segment narrows anything (an empty one is no segment). */
export function isSegmentSet(segment: TIdeaSegment | undefined): segment is TIdeaSegment {
  return segment !== undefined && Object.values(segment).some((value) => value !== undefined);
}

/**
 * Refuses value sorts and segments to anyone but the company's team: they read what customers
 * pay, which end users, other companies and the REST API never learn.
 */
export function requireTeamForValue(
  viewer: TViewer | null,
  companyId: number,
  params: { sort: string; segment?: TIdeaSegment },
): void {
  if (params.sort !== 'VALUE' && !isSegmentSet(params.segment)) return;
  if (!isTeamMemberOf(viewer, companyId)) throw errors.forbidden();
}

/**
 * The list condition of a segment on the idea row `i` (nothing when none is set). Each given
 * condition is written into the text, so a segment's shape gets a plan of its own; the values
 * are parameters. The customer companies are the board's company's own, so another company's
 * customer id matches nothing.
 */
export function segmentCondition(companyId: number, segment: TIdeaSegment | undefined): TSqlPart {
  if (!isSegmentSet(segment)) return sqlFragment('');
  const { plan, attributeKey, attributeValue, minSpend, maxSpend, customerCompanyId } = segment;
  const byCompany =
    plan !== undefined ||
    minSpend !== undefined ||
    maxSpend !== undefined ||
    customerCompanyId !== undefined;
  const none = sqlFragment('');
  const companyConditions = sqlPart`
    ${plan === undefined ? none : sqlPart`AND sc."plan" = ${plan}::text`}
    ${minSpend === undefined ? none : sqlPart`AND sc."monthlySpend" >= ${minSpend}::numeric`}
    ${maxSpend === undefined ? none : sqlPart`AND sc."monthlySpend" <= ${maxSpend}::numeric`}
    ${customerCompanyId === undefined ? none : sqlPart`AND sc."id" = ${customerCompanyId}::int`}`;
  if (attributeKey === undefined) {
    // Only the companies' own attributes: the idea's voter counts per customer company
    // (IdeaCustomerCompany, kept with every vote and membership), one row per company behind
    // the idea instead of one per vote, reached by its key from the idea or, for a narrow
    // segment, from the companies by ("customerCompanyId", "ideaId").
    return sqlPart`
      AND EXISTS (SELECT 1 FROM "IdeaCustomerCompany" sx
                  JOIN "CustomerCompany" sc ON sc."id" = sx."customerCompanyId"
                                           AND sc."companyId" = ${companyId}::int
                  WHERE sx."ideaId" = i."id" ${companyConditions})`;
  }
  // An attribute may be the voter's own: one and the same voter holds every condition, read
  // from the votes.
  const attribute = byCompany
    ? sqlPart`AND (su."attributes" ->> ${attributeKey}::text = ${attributeValue}::text
                   OR sc."attributes" ->> ${attributeKey}::text = ${attributeValue}::text)`
    : sqlPart`AND (su."attributes" ->> ${attributeKey}::text = ${attributeValue}::text
                   OR EXISTS (SELECT 1 FROM "CustomerCompanyMember" sm
                              JOIN "CustomerCompany" sc ON sc."id" = sm."customerCompanyId"
                              WHERE sm."userId" = sv."userId"
                                AND sc."attributes" ->> ${attributeKey}::text = ${attributeValue}::text))`;
  const companyJoin = byCompany
    ? sqlPart`
        JOIN "CustomerCompanyMember" sm ON sm."userId" = sv."userId"
        JOIN "CustomerCompany" sc ON sc."id" = sm."customerCompanyId"
                                 AND sc."companyId" = ${companyId}::int`
    : none;
  return sqlPart`
    AND EXISTS (SELECT 1 FROM "Vote" sv JOIN "User" su ON su."id" = sv."userId" ${companyJoin}
                WHERE sv."ideaId" = i."id" ${byCompany ? companyConditions : none} ${attribute})`;
}

/**
 * The team's list parameters (GraphQL `Board.ideas`): the readers' ones plus the VALUE sort
 * and a segment. REST keeps ZIdeaListParams, so its contract does not move.
 */
export const ZTeamIdeaListParams = ZIdeaListParams.extend({
  sort: z.preprocess(
    (v) => v ?? undefined,
    requiredEnum([...IDEA_SORTS, 'VALUE']).default('VOTES'),
  ),
  segment: z.preprocess((v) => v ?? undefined, ZIdeaSegment.optional()),
  tagIds: z.preprocess(
    (v) => v ?? undefined,
    z
      .array(z.number().int(), { error: 'It has to be a list of tag ids.' })
      .max(20, { error: 'It may name at most 20 tags.' })
      .optional(),
  ),
});
