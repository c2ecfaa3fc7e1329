import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { SettingsScreenQuery as TSettingsScreenQuery } from '../../../../__generated__/SettingsScreenQuery.graphql.ts';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { AccountCard } from './AccountCard.tsx';
import { CompanyPortalCard } from './CompanyPortalCard.tsx';
import { DevicesCard } from './DevicesCard.tsx';
import { LanguageCard } from './LanguageCard.tsx';
import { NotificationsCard } from './NotificationsCard.tsx';
import { settingsMessages } from './messages.ts';
import { PasswordCard } from './PasswordCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { TeamTwoFactorCard } from './TeamTwoFactorCard.tsx';
import { TestEmailCard } from './TestEmailCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

export const settingsScreenQuery = graphql`
  query SettingsScreenQuery {
    viewer {
      ...TwoFactorCard_viewer
      ...DevicesCard_viewer
      ...TeamTwoFactorCard_viewer
      ...CompanyPortalCard_viewer
      user {
        ...AccountCard_user
        ...ProfileCard_user
        ...LanguageCard_user
        ...NotificationsCard_user
        ...TestEmailCard_user
      }
    }
  }
`;

/**
 * /admin/settings: email (read-only), display name and picture, language, notification emails,
 * test email (admins), password (changing it signs out the other devices), two-factor sign-in, signed-in devices, (owners) the team's sign-in rule and (owners and admins) the company portal's logo, website and own domain.
 */
export function SettingsScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TSettingsScreenQuery>;
  const { viewer } = usePreloadedQuery<TSettingsScreenQuery>(settingsScreenQuery, queryRef);
  usePageTitle(settingsMessages.title);
  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage(settingsMessages.title)}</h1>
          <p className="page-header__intro">{intl.formatMessage(settingsMessages.intro)}</p>
        </div>
      </header>
      {viewer ? (
        <div className="settings-grid">
          <AccountCard user={viewer.user} />
          <ProfileCard user={viewer.user} />
          <LanguageCard user={viewer.user} />
          <NotificationsCard user={viewer.user} />
          <TestEmailCard user={viewer.user} />
          <PasswordCard />
          <TwoFactorCard viewer={viewer} />
          <DevicesCard viewer={viewer} />
          <TeamTwoFactorCard viewer={viewer} />
          <CompanyPortalCard viewer={viewer} />
        </div>
      ) : null}
    </>
  );
}
