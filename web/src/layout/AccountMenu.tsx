import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { graphql, useFragment } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { AccountMenu_user$key } from '../../__generated__/AccountMenu_user.graphql.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Icon } from '../ui/Icon.tsx';
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
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="account-menu__trigger">
        <Avatar name={data.displayName} photoUrl={data.avatarUrl} />
        <span className="visually-hidden">{intl.formatMessage(messages.label)}</span>
        <span className="account-menu__name">{data.displayName}</span>
        <Icon name="chevronDown" size={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="dropdown" align="end" sideOffset={8}>
          <DropdownMenu.Label className="dropdown__label">
            <span className="dropdown__name">{data.displayName}</span>
            {data.email ? <span className="dropdown__email">{data.email}</span> : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="dropdown__separator" />
          <DropdownMenu.Item
            className="dropdown__item"
            onSelect={() => navigate('/admin/dashboard')}
          >
            <Icon name="dashboard" size={18} />
            {intl.formatMessage(messages.dashboard)}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="dropdown__item"
            onSelect={() => navigate('/admin/settings')}
          >
            <Icon name="settings" size={18} />
            {intl.formatMessage(messages.profile)}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="dropdown__separator" />
          <DropdownMenu.Item className="dropdown__item" onSelect={() => navigate('/logout')}>
            <Icon name="logout" size={18} />
            {intl.formatMessage(navMessages.logout)}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
