import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router-dom';
import type { CompanySettingsScreenQuery as TQuery } from '../../../../__generated__/CompanySettingsScreenQuery.graphql.ts';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { SignInSettingsCard } from '../board/widget/SignInSettingsCard.tsx';
import { CompanyNameCard } from './CompanyNameCard.tsx';
import { CompanyPortalCard } from './CompanyPortalCard.tsx';
import { companySettingsMessages as messages } from './company-settings-messages.ts';
import { TeamTwoFactorCard } from './TeamTwoFactorCard.tsx';
import { TestEmailCard } from './TestEmailCard.tsx';

export const companySettingsScreenQuery = graphql`
  query CompanySettingsScreenQuery {
    viewer {
      ...TeamTwoFactorCard_viewer
      ...CompanyPortalCard_viewer
      company {
        ...CompanyNameCard_company
        ...SignInSettingsCard_company
      }
      user {
        ...TestEmailCard_user
      }
    }
  }
`;

/**
 * /admin/company (owners and admins): what the whole team shares. The company's name, its
 * public portal (logo, website, own domain), the team's rules (two-factor sign-in, owners only;
 * who may sign up through the widget and the portal) and whether mail goes out. Each person's
 * own settings are on /admin/profile.
 */
export function CompanySettingsScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TQuery>;
  const { viewer } = usePreloadedQuery<TQuery>(companySettingsScreenQuery, queryRef);
  usePageTitle(messages.title);
  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage(messages.title)}</h1>
          <p className="page-header__intro">{intl.formatMessage(messages.intro)}</p>
          <p className="page-header__intro">
            {intl.formatMessage(messages.profileLink, {
              link: (text) => (
                <Link className="link" to="/admin/profile">
                  {text}
                </Link>
              ),
            })}
          </p>
        </div>
      </header>
      {viewer ? (
        <div className="settings-grid">
          <CompanyNameCard company={viewer.company} />
          <CompanyPortalCard viewer={viewer} />
          <TeamTwoFactorCard viewer={viewer} />
          <SignInSettingsCard company={viewer.company} headingLevel={2} />
          <TestEmailCard user={viewer.user} />
        </div>
      ) : null}
    </>
  );
}
