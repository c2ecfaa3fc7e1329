import { useContext, useId } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { Icon } from '../ui/Icon.tsx';
import { Logo } from '../ui/Logo.tsx';
import {
  LOGOUT_ITEM,
  NavCountsContext,
  RoleContext,
  navGroupsFor,
  navMessages,
} from './nav-items.ts';
import type { TNavGroup, TNavItem } from './nav-items.ts';

function MenuLink({ item, onNavigate }: { item: TNavItem; onNavigate?: () => void }) {
  const intl = useIntl();
  const count = useContext(NavCountsContext)[item.id] ?? 0;
  return (
    <NavLink to={item.to} className="menu__link" onClick={onNavigate}>
      <span className="menu__icon">
        <Icon name={item.icon} size={22} />
        {count > 0 ? (
          <span className="menu__count" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </span>
      <span className="menu__label">{intl.formatMessage(item.name)}</span>
      {count > 0 ? (
        <span className="visually-hidden">{intl.formatMessage(navMessages.count, { count })}</span>
      ) : null}
    </NavLink>
  );
}

function MenuGroup({ group, onNavigate }: { group: TNavGroup; onNavigate?: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const list = (
    <ul className="menu__list" aria-labelledby={group.title ? titleId : undefined}>
      {group.items.map((item) => (
        <li key={item.id}>
          <MenuLink item={item} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  );
  if (!group.title) return list;
  return (
    <div className="menu__group">
      <p className="menu__group-title" id={titleId}>
        {intl.formatMessage(group.title)}
      </p>
      {list}
    </div>
  );
}

/**
 * The console's menu, group by group (nav-items.ts): a narrow rail on wide screens, the same
 * list in the mobile drawer.
 */
export function MenuList({ onNavigate }: { onNavigate?: () => void }) {
  const role = useContext(RoleContext);
  return (
    <>
      <div className="menu__groups">
        {navGroupsFor(role).map((group) => (
          <MenuGroup key={group.id} group={group} onNavigate={onNavigate} />
        ))}
      </div>
      <ul className="menu__list menu__list--bottom">
        <li>
          <MenuLink item={LOGOUT_ITEM} onNavigate={onNavigate} />
        </li>
      </ul>
    </>
  );
}

/** The 96 px side menu (wide screens only; phones use the drawer). */
export function SideMenu() {
  const intl = useIntl();
  return (
    <aside className="side-menu">
      <div className="side-menu__logo">
        <Logo isCompact />
      </div>
      <nav className="menu" aria-label={intl.formatMessage(navMessages.mainNav)}>
        <MenuList />
      </nav>
    </aside>
  );
}
