import { createContext } from 'react';
import { defineMessages } from '../i18n/define-messages.ts';
import type { MessageDescriptor } from 'react-intl';
import type { TIconName } from '../ui/Icon.tsx';

export const navMessages = defineMessages({
  dashboard: { id: 'nav.dashboard', defaultMessage: 'Dashboard' },
  boards: { id: 'nav.boards', defaultMessage: 'Boards' },
  users: { id: 'nav.users', defaultMessage: 'Users' },
  customers: { id: 'nav.customers', defaultMessage: 'Customers' },
  subscription: { id: 'nav.subscription', defaultMessage: 'Plan' },
  settings: { id: 'nav.settings', defaultMessage: 'Settings' },
  webhooks: { id: 'nav.webhooks', defaultMessage: 'Webhooks' },
  integrations: { id: 'nav.integrations', defaultMessage: 'Integrations' },
  apiKeys: { id: 'nav.apiKeys', defaultMessage: 'API keys' },
  audit: { id: 'nav.audit', defaultMessage: 'Audit log' },
  logout: { id: 'nav.logout', defaultMessage: 'Log out' },
  notifications: { id: 'nav.notifications', defaultMessage: 'Notifications' },
  mainNav: { id: 'nav.label', defaultMessage: 'Main menu' },
  openMenu: { id: 'nav.open', defaultMessage: 'Open menu' },
  menuTitle: { id: 'nav.menuTitle', defaultMessage: 'Menu' },
  skip: { id: 'nav.skip', defaultMessage: 'Skip to content' },
  refusedTitle: { id: 'nav.refused.title', defaultMessage: 'Not for your role' },
  refusedText: {
    id: 'nav.refused.text',
    defaultMessage: 'Only the company’s admins can open this page. Ask an admin if you need it.',
  },
  refusedOwnerText: {
    id: 'nav.refused.ownerText',
    defaultMessage:
      'Only the owner of the company can open this page. Ask the owner if you need it.',
  },
});

export type TNavItem = {
  id: string;
  name: MessageDescriptor;
  to: string;
  icon: TIconName;
  /** The least role shown the item (the server refuses the others): OWNER, ADMIN or MEMBER. */
  minRole: TTeamRole;
};

/** The console's roles, from the most rights to the fewest. */
export type TTeamRole = 'OWNER' | 'ADMIN' | 'MEMBER';
const RANK: Record<string, number> = { OWNER: 3, ADMIN: 2, MEMBER: 1 };

/** Whether `role` may see what needs `minRole` (an unknown role sees only MEMBER items). */
export function hasRole(role: string, minRole: TTeamRole): boolean {
  return (RANK[role] ?? 1) >= RANK[minRole]!;
}

/**
 * The side menu (spec 2): boards, users, subscription, webhooks, API keys, integrations, the audit log
 * (owners), settings; log out at the bottom.
 */
export const NAV_ITEMS: TNavItem[] = [
  {
    id: 'boards',
    name: navMessages.boards,
    to: '/admin/boards',
    icon: 'boards',
    minRole: 'MEMBER',
  },
  { id: 'users', name: navMessages.users, to: '/admin/users', icon: 'users', minRole: 'ADMIN' },
  {
    id: 'customers',
    name: navMessages.customers,
    to: '/admin/customers',
    icon: 'users',
    minRole: 'MEMBER',
  },
  {
    id: 'subscription',
    name: navMessages.subscription,
    to: '/admin/subscription',
    icon: 'subscription',
    minRole: 'OWNER',
  },
  {
    id: 'webhooks',
    name: navMessages.webhooks,
    to: '/admin/webhooks',
    icon: 'code',
    minRole: 'ADMIN',
  },
  {
    id: 'api-keys',
    name: navMessages.apiKeys,
    to: '/admin/api-keys',
    icon: 'key',
    minRole: 'ADMIN',
  },
  {
    id: 'integrations',
    name: navMessages.integrations,
    to: '/admin/integrations',
    icon: 'code',
    minRole: 'ADMIN',
  },
  { id: 'audit', name: navMessages.audit, to: '/admin/audit', icon: 'shield', minRole: 'OWNER' },
  {
    id: 'settings',
    name: navMessages.settings,
    to: '/admin/settings',
    icon: 'settings',
    minRole: 'ADMIN',
  },
];

export const LOGOUT_ITEM: TNavItem = {
  id: 'logout',
  name: navMessages.logout,
  to: '/logout',
  icon: 'logout',
  minRole: 'MEMBER',
};

/**
 * The signed-in user's role (OWNER, ADMIN or MEMBER): menus show only what it may open. A
 * MEMBER reaches their profile through the account menu.
 */
export const RoleContext = createContext<string>('MEMBER');

/**
 * Console pages beyond a MEMBER's role, and the least role each needs (the server refuses too).
 * The audit log is the owner's and says so itself, to admins and members alike.
 */
const GUARDED_PATHS: { pattern: RegExp; minRole: TTeamRole }[] = [
  // Billing is the owner's (the server refuses admins too).
  { pattern: /^\/admin\/subscription(\/|$)/, minRole: 'OWNER' },
  { pattern: /^\/admin\/(users|webhooks|integrations|api-keys)(\/|$)/, minRole: 'ADMIN' },
  { pattern: /^\/admin\/boards\/[^/]+\/(widget|settings|users)(\/|$)/, minRole: 'ADMIN' },
];

/** The role `role` lacks to open the console page at `pathname`, or null when it may. */
export function missingRole(role: string, pathname: string): TTeamRole | null {
  const guard = GUARDED_PATHS.find(
    ({ pattern, minRole }) => pattern.test(pathname) && !hasRole(role, minRole),
  );
  return guard ? guard.minRole : null;
}
