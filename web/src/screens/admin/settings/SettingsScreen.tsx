import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router-dom';
import type { SettingsScreenQuery as TSettingsScreenQuery } from '../../../../__generated__/SettingsScreenQuery.graphql.ts';
import { hasRole } from '../../../layout/nav-items.ts';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { AccountCard } from './AccountCard.tsx';
import { DevicesCard } from './DevicesCard.tsx';
import { LanguageCard } from './LanguageCard.tsx';
import { NewIdeaMailCard } from './NewIdeaMailCard.tsx';
import { NotificationsCard } from './NotificationsCard.tsx';
import { settingsMessages } from './messages.ts';
import { PasswordCard } from './PasswordCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';

export const settingsScreenQuery = graphql`
  query SettingsScreenQuery {
    viewer {
      ...TwoFactorCard_viewer
      ...DevicesCard_viewer
      user {
        role
        ...AccountCard_user
        ...ProfileCard_user
        ...LanguageCard_user
        ...NotificationsCard_user
        ...NewIdeaMailCard_user
      }
    }
  }
`;

/**
 * /admin/profile (/admin/settings before): each person's own settings. Email (read-only),
 * display name and picture, language, notification emails, password (changing it signs out the
 * other devices), two-factor sign-in, signed-in devices. What the team shares is on
 * /admin/company (CompanySettingsScreen), linked from here for owners and admins.
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
          {viewer && hasRole(viewer.user.role, 'ADMIN') ? (
            <p className="page-header__intro">
              {intl.formatMessage(settingsMessages.companyLink, {
                link: (text) => (
                  <Link className="link" to="/admin/company">
                    {text}
                  </Link>
                ),
              })}
            </p>
          ) : null}
        </div>
      </header>
      {viewer ? (
        <div className="settings-grid">
          <AccountCard user={viewer.user} />
          <ProfileCard user={viewer.user} />
          <LanguageCard user={viewer.user} />
          <NotificationsCard user={viewer.user} />
          <NewIdeaMailCard user={viewer.user} />
          <PasswordCard />
          <TwoFactorCard viewer={viewer} />
          <DevicesCard viewer={viewer} />
        </div>
      ) : null}
    </>
  );
}
