import { useIntl } from 'react-intl';
import { ToolSection } from '../../../../ui/ToolSection.tsx';
import { graphql, useFragment } from 'react-relay';
import type { IdeaValue_idea$key } from '../../../../../__generated__/IdeaValue_idea.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';

const messages = defineMessages({
  title: { id: 'ideaDetail.value.title', defaultMessage: 'Value' },
  summary: {
    id: 'ideaDetail.value.summary',
    defaultMessage:
      '{amount} a month from {count, plural, one {# customer company} other {# customer companies}} behind its votes.',
  },
  none: {
    id: 'ideaDetail.value.none',
    defaultMessage: 'No customer company is behind its votes yet.',
  },
  company: {
    id: 'ideaDetail.value.company',
    defaultMessage: '{name}: {amount} a month, {count, plural, one {# voter} other {# voters}}',
  },
  companyWithPlan: {
    id: 'ideaDetail.value.companyWithPlan',
    defaultMessage:
      '{name} ({plan}): {amount} a month, {count, plural, one {# voter} other {# voters}}',
  },
});

/**
 * What an idea is worth to the team: the monthly spend of the distinct customer companies
 * behind its votes, and those companies. The server answers null to anyone not on the team,
 * and then nothing shows.
 */
export function IdeaValue({ idea }: { idea: IdeaValue_idea$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment IdeaValue_idea on Idea {
        value
        valueCurrency
        voterCompanies {
          name
          monthlySpend
          plan
          voterCount
        }
      }
    `,
    idea,
  );
  if (data.value === null || data.value === undefined || !data.voterCompanies) return null;
  const money = (amount: number) =>
    intl.formatNumber(amount, { style: 'currency', currency: data.valueCurrency ?? 'USD' });
  const companies = data.voterCompanies;
  return (
    <ToolSection
      titleId="idea-value-title"
      title={intl.formatMessage(messages.title)}
      testId="idea-value"
    >
      {companies.length === 0 ? (
        <p className="muted">{intl.formatMessage(messages.none)}</p>
      ) : (
        <>
          <p>
            {intl.formatMessage(messages.summary, {
              amount: money(data.value),
              count: companies.length,
            })}
          </p>
          <ul className="voter-list">
            {companies.map((company) => (
              <li key={`${company.name}-${company.monthlySpend}`} className="voter-list__item">
                {intl.formatMessage(company.plan ? messages.companyWithPlan : messages.company, {
                  name: company.name,
                  plan: company.plan ?? '',
                  amount: money(company.monthlySpend),
                  count: company.voterCount,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </ToolSection>
  );
}
