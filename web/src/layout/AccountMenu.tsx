import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { AccountMenu_company$key } from '../../__generated__/AccountMenu_company.graphql.ts';
import type { AccountMenu_user$key } from '../../__generated__/AccountMenu_user.graphql.ts';
import { rememberCompanies, rememberedCompanies } from '../session/team-companies.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Icon } from '../ui/Icon.tsx';
import { MenuButton, MenuItem, MenuLabel, MenuSeparator } from '../ui/MenuButton.tsx';
import { navMessages } from './nav-items.ts';

const messages = defineMessages({
  label: { id: 'accountMenu.label', defaultMessage: 'Account menu' },
  profile: { id: 'accountMenu.profile', defaultMessage: 'Profile settings' },
  dashboard: { id: 'accountMenu.dashboard', defaultMessage: 'Dashboard' },
  switchCompany: { id: 'accountMenu.switchCompany', defaultMessage: 'Switch company' },
});

/**
 * The signed-in user's menu in the top bar (keyboard: Enter/Space opens, arrows move). "Switch
 * company" lists the address's other companies this browser knows (signed in to, or offered by
 * a sign-in's choice: session/team-companies.ts); one signs out here and asks for that
 * company's password.
 */
export function AccountMenu({
  user,
  company,
}: {
  user: AccountMenu_user$key;
  company: AccountMenu_company$key;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const data = useFragment(
    graphql`
      fragment AccountMenu_user on User {
        displayName
        email
        avatarUrl
      }
    `,
    user,
  );
  const current = useFragment(
    graphql`
      fragment AccountMenu_company on Company {
        name
        slug
      }
    `,
    company,
  );
  const email = data.email ?? '';
  useEffect(() => {
    if (email) rememberCompanies(email, [{ name: current.name, slug: current.slug }]);
  }, [email, current.name, current.slug]);
  const others = email
    ? rememberedCompanies(email).filter((other) => other.slug !== current.slug)
    : [];
  return (
    <MenuButton
      className="account-menu__trigger"
      align="end"
      sideOffset={8}
      label={
        <>
          <Avatar name={data.displayName} photoUrl={data.avatarUrl} />
          <span className="visually-hidden">{intl.formatMessage(messages.label)}</span>
          <span className="account-menu__name">{data.displayName}</span>
          <Icon name="chevronDown" size={16} />
        </>
      }
    >
      <MenuLabel>
        <span className="dropdown__name">{data.displayName}</span>
        {data.email ? <span className="dropdown__email">{data.email}</span> : null}
      </MenuLabel>
      <MenuSeparator />
      <MenuItem onSelect={() => navigate('/admin/dashboard')}>
        <Icon name="dashboard" size={18} />
        {intl.formatMessage(messages.dashboard)}
      </MenuItem>
      <MenuItem onSelect={() => navigate('/admin/profile')}>
        <Icon name="settings" size={18} />
        {intl.formatMessage(messages.profile)}
      </MenuItem>
      {others.length ? (
        <>
          <MenuSeparator />
          <MenuLabel>{intl.formatMessage(messages.switchCompany)}</MenuLabel>
          {others.map((other) => (
            <MenuItem
              key={other.slug}
              onSelect={() =>
                navigate('/logout', { state: { switchTo: { slug: other.slug, email } } })
              }
            >
              <Icon name="company" size={18} />
              {other.name}
            </MenuItem>
          ))}
        </>
      ) : null}
      <MenuSeparator />
      <MenuItem onSelect={() => navigate('/logout')}>
        <Icon name="logout" size={18} />
        {intl.formatMessage(navMessages.logout)}
      </MenuItem>
    </MenuButton>
  );
}
