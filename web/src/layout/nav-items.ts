import { createContext } from 'react';
import { defineMessages } from '../i18n/define-messages.ts';
import type { MessageDescriptor } from 'react-intl';
import type { TIconName } from '../ui/Icon.tsx';

export const navMessages = defineMessages({
  dashboard: { id: 'nav.dashboard', defaultMessage: 'Dashboard' },
  boards: { id: 'nav.boards', defaultMessage: 'Boards' },
  queue: { id: 'nav.queue', defaultMessage: 'Awaiting acceptance' },
  count: {
    id: 'nav.count',
    defaultMessage: '{count, plural, one {# idea waits} other {# ideas wait}}',
  },
  users: { id: 'nav.users', defaultMessage: 'Users' },
  customers: { id: 'nav.customers', defaultMessage: 'Customers' },
  subscription: { id: 'nav.subscription', defaultMessage: 'Plan' },
  settings: { id: 'nav.settings', defaultMessage: 'Settings' },
  company: { id: 'nav.company', defaultMessage: 'Company' },
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

export type TNavGroup = {
  id: string;
  /** Shown above the group's items (the first group goes without). */
  title?: MessageDescriptor;
  items: TNavItem[];
};

/**
 * The side menu (spec 2), in groups: what the team works in (boards, users, customers), then
 * the company's settings (company, plan, webhooks, API keys, integrations, the audit log); log
 * out at the bottom. Each person's own settings are in the account menu. A new item goes into
 * its group's list; a group shows only when its viewer may open one of its items.
 */
export const NAV_GROUPS: TNavGroup[] = [
  {
    id: 'work',
    items: [
      {
        id: 'boards',
        name: navMessages.boards,
        to: '/admin/boards',
        icon: 'boards',
        minRole: 'MEMBER',
      },
      {
        id: 'queue',
        name: navMessages.queue,
        to: '/admin/queue',
        icon: 'check',
        minRole: 'MEMBER',
      },
      {
        id: 'users',
        name: navMessages.users,
        to: '/admin/users',
        icon: 'users',
        minRole: 'ADMIN',
      },
      {
        id: 'customers',
        name: navMessages.customers,
        to: '/admin/customers',
        icon: 'company',
        minRole: 'MEMBER',
      },
    ],
  },
  {
    id: 'settings',
    title: navMessages.settings,
    items: [
      {
        id: 'company',
        name: navMessages.company,
        to: '/admin/company',
        icon: 'settings',
        minRole: 'ADMIN',
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
        icon: 'webhook',
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
        icon: 'plug',
        minRole: 'ADMIN',
      },
      {
        id: 'audit',
        name: navMessages.audit,
        to: '/admin/audit',
        icon: 'shield',
        minRole: 'OWNER',
      },
    ],
  },
];

/** Every item of the side menu, group after group. */
export const NAV_ITEMS: TNavItem[] = NAV_GROUPS.flatMap((group) => group.items);

/** The groups as `role` sees them: only items it may open, and no empty group. */
export function navGroupsFor(role: string): TNavGroup[] {
  return NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => hasRole(role, item.minRole)),
  })).filter((group) => group.items.length > 0);
}

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

/** Counts shown beside menu items, by item id: the queue's waiting ideas (issue 34). */
export const NavCountsContext = createContext<Readonly<Record<string, number>>>({});

/**
 * Console pages beyond a MEMBER's role, and the least role each needs (the server refuses too).
 * The audit log is the owner's and says so itself, to admins and members alike.
 */
const GUARDED_PATHS: { pattern: RegExp; minRole: TTeamRole }[] = [
  // Billing is the owner's (the server refuses admins too).
  { pattern: /^\/admin\/subscription(\/|$)/, minRole: 'OWNER' },
  { pattern: /^\/admin\/(users|company|webhooks|integrations|api-keys)(\/|$)/, minRole: 'ADMIN' },
  { pattern: /^\/admin\/boards\/[^/]+\/(widget|settings|users)(\/|$)/, minRole: 'ADMIN' },
];

/** The role `role` lacks to open the console page at `pathname`, or null when it may. */
export function missingRole(role: string, pathname: string): TTeamRole | null {
  const guard = GUARDED_PATHS.find(
    ({ pattern, minRole }) => pattern.test(pathname) && !hasRole(role, minRole),
  );
  return guard ? guard.minRole : null;
}
