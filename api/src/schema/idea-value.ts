import { findIdeaValue, findVoterCompanies } from '../services/customer/idea-value.ts';
import { companyCurrency } from '../services/company/update-company-currency.ts';
import type { TVoterCompany } from '../services/customer/idea-value.ts';
import { builder } from './builder.ts';
import { IdeaType } from './idea.ts';
import type { TIdeaParent } from './idea.ts';
import { isTeamOfIdea } from './idea-team.ts';

const VoterCompanyType = builder.objectRef<TVoterCompany>('VoterCompany').implement({
  description: 'A customer company behind votes for an idea (from the SSO token’s `companies`).',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The customer’s name.' }),
    monthlySpend: t.exposeFloat('monthlySpend', { description: 'What it pays a month.' }),
    plan: t.exposeString('plan', { nullable: true, description: 'Its plan, if the token said.' }),
    voterCount: t.exposeInt('voterCount', {
      description: 'How many of the idea’s voters work for it.',
    }),
  }),
});

builder.objectFields(IdeaType, (t) => ({
  value: t.float({
    nullable: true,
    description:
      'What the idea is worth: the summed monthly spend of the distinct customer companies behind its votes (a customer with several voters counts once), kept with every vote, merge, spend and membership change. The company’s team only; null for everyone else. Lists read it in their own statement.',
    resolve: async (idea: TIdeaParent, _args, context) => {
      if (!(await isTeamOfIdea(idea, context))) return null;
      // Rows read for the team carry it; a parent built without it reads it once.
      return (idea as { value?: number }).value ?? findIdeaValue(context.deps, idea.id);
    },
  }),
  valueCurrency: t.string({
    nullable: true,
    description:
      'The ISO 4217 code `value` and the voter companies’ monthly spend are in (the company’s `currency`). The company’s team only; null for everyone else.',
    resolve: async (idea: TIdeaParent, _args, context) => {
      if (!(await isTeamOfIdea(idea, context)) || !context.viewer) return null;
      return companyCurrency(context.deps, context, context.viewer.companyId);
    },
  }),
  voterCompanies: t.field({
    type: [VoterCompanyType],
    nullable: true,
    description:
      'The customer companies behind its votes, biggest spend first, with how many voters each has. The company’s team only (null for everyone else); one statement per idea, for an idea’s page rather than a list.',
    resolve: async (idea: TIdeaParent, _args, context) =>
      (await isTeamOfIdea(idea, context)) ? findVoterCompanies(context.deps, idea.id) : null,
  }),
}));
