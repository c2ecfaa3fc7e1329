import { createContext } from 'react';
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
  apiKeys: { id: 'nav.apiKeys', defaultMessage: 'API keys' },
  audit: { id: 'nav.audit', defaultMessage: 'Audit log' },
  logout: { id: 'nav.logout', defaultMessage: 'Log out' },
  mainNav: { id: 'nav.label', defaultMessage: 'Main menu' },
  openMenu: { id: 'nav.open', defaultMessage: 'Open menu' },
  menuTitle: { id: 'nav.menuTitle', defaultMessage: 'Menu' },
  skip: { id: 'nav.skip', defaultMessage: 'Skip to content' },
});

export type TNavItem = {
  id: string;
  name: MessageDescriptor;
  to: string;
  icon: TIconName;
  /** Shown to the company's owner only (the server refuses everyone else). */
  isOwnerOnly?: boolean;
};

/**
 * The side menu (spec 2): boards, users, subscription, webhooks, API keys, the audit log
 * (owners), settings; log out at the bottom.
 */
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
  { id: 'api-keys', name: navMessages.apiKeys, to: '/admin/api-keys', icon: 'key' },
  { id: 'audit', name: navMessages.audit, to: '/admin/audit', icon: 'shield', isOwnerOnly: true },
  { id: 'settings', name: navMessages.settings, to: '/admin/settings', icon: 'settings' },
];

export const LOGOUT_ITEM: TNavItem = {
  id: 'logout',
  name: navMessages.logout,
  to: '/logout',
  icon: 'logout',
};

/** Whether the signed-in user is the company's owner: the menu shows owner-only items to them. */
export const IsOwnerContext = createContext(false);
