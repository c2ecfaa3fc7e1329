import { defineMessages } from '../i18n/define-messages.ts';
import type { MessageDescriptor } from 'react-intl';
import type { TIconName } from '../ui/Icon.tsx';

export const navMessages = defineMessages({
  dashboard: { id: 'nav.dashboard', defaultMessage: 'Dashboard' },
  boards: { id: 'nav.boards', defaultMessage: 'Boards' },
  users: { id: 'nav.users', defaultMessage: 'Users' },
  subscription: { id: 'nav.subscription', defaultMessage: 'Plan' },
  settings: { id: 'nav.settings', defaultMessage: 'Settings' },
  webhooks: { id: 'nav.webhooks', defaultMessage: 'Webhooks' },
  logout: { id: 'nav.logout', defaultMessage: 'Log out' },
  mainNav: { id: 'nav.label', defaultMessage: 'Main menu' },
  openMenu: { id: 'nav.open', defaultMessage: 'Open menu' },
  menuTitle: { id: 'nav.menuTitle', defaultMessage: 'Menu' },
  skip: { id: 'nav.skip', defaultMessage: 'Skip to content' },
});

export type TNavItem = { id: string; name: MessageDescriptor; to: string; icon: TIconName };

/** The side menu (spec 2): boards, users, subscription, webhooks, settings; log out at the bottom. */
export const NAV_ITEMS: TNavItem[] = [
  { id: 'boards', name: navMessages.boards, to: '/admin/boards', icon: 'boards' },
  { id: 'users', name: navMessages.users, to: '/admin/users', icon: 'users' },
  {
    id: 'subscription',
    name: navMessages.subscription,
    to: '/admin/subscription',
    icon: 'subscription',
  },
  { id: 'webhooks', name: navMessages.webhooks, to: '/admin/webhooks', icon: 'code' },
  { id: 'settings', name: navMessages.settings, to: '/admin/settings', icon: 'settings' },
];

export const LOGOUT_ITEM: TNavItem = {
  id: 'logout',
  name: navMessages.logout,
  to: '/logout',
  icon: 'logout',
};
