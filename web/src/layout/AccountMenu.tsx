import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { AccountMenu_user$key } from '../../__generated__/AccountMenu_user.graphql.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Icon } from '../ui/Icon.tsx';
import { MenuButton, MenuItem, MenuLabel, MenuSeparator } from '../ui/MenuButton.tsx';
import { navMessages } from './nav-items.ts';

const messages = defineMessages({
  label: { id: 'accountMenu.label', defaultMessage: 'Account menu' },
  profile: { id: 'accountMenu.profile', defaultMessage: 'Profile settings' },
  dashboard: { id: 'accountMenu.dashboard', defaultMessage: 'Dashboard' },
});

/** The signed-in user's menu in the top bar (keyboard: Enter/Space opens, arrows move). */
export function AccountMenu({ user }: { user: AccountMenu_user$key }) {
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
      <MenuItem onSelect={() => navigate('/admin/settings')}>
        <Icon name="settings" size={18} />
        {intl.formatMessage(messages.profile)}
      </MenuItem>
      <MenuSeparator />
      <MenuItem onSelect={() => navigate('/logout')}>
        <Icon name="logout" size={18} />
        {intl.formatMessage(navMessages.logout)}
      </MenuItem>
    </MenuButton>
  );
}
