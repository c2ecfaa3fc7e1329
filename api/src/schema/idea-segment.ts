import { builder } from './builder.ts';

/** A customer segment a team's idea list is narrowed to (services/customer/idea-segment.ts). */
export const IdeaSegmentInput = builder.inputType('IdeaSegment', {
  description:
    'Ideas with at least one voter matching every given condition: working for a customer company on `plan`, spending `minSpend` to `maxSpend` a month, or the company `customerCompanyId`; and whose own or whose company’s attributes hold `attributeKey` = `attributeValue` (compared as text, e.g. `12` or `true`).',
  fields: (t) => ({
    plan: t.string({ description: 'The customer company’s plan (exactly).' }),
    attributeKey: t.string({ description: 'An attribute key (with attributeValue).' }),
    attributeValue: t.string({ description: 'The value the attribute has to have, as text.' }),
    minSpend: t.float({ description: 'The smallest monthly spend of the customer company.' }),
    maxSpend: t.float({ description: 'The largest monthly spend of the customer company.' }),
    customerCompanyId: t.id({ description: 'One customer company (a CustomerCompany id).' }),
  }),
});
