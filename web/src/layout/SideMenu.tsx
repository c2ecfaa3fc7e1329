import { useContext } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import { Icon } from '../ui/Icon.tsx';
import { Logo } from '../ui/Logo.tsx';
import { LOGOUT_ITEM, NAV_ITEMS, RoleContext, hasRole, navMessages } from './nav-items.ts';
import type { TNavItem } from './nav-items.ts';

function MenuLink({ item, onNavigate }: { item: TNavItem; onNavigate?: () => void }) {
  const intl = useIntl();
  return (
    <NavLink to={item.to} className="menu__link" onClick={onNavigate}>
      <Icon name={item.icon} size={22} />
      <span className="menu__label">{intl.formatMessage(item.name)}</span>
    </NavLink>
  );
}

/** The console's menu: a narrow rail on wide screens, the same list in the mobile drawer. */
export function MenuList({ onNavigate }: { onNavigate?: () => void }) {
  const role = useContext(RoleContext);
  return (
    <>
      <ul className="menu__list">
        {NAV_ITEMS.filter((item) => hasRole(role, item.minRole)).map((item) => (
          <li key={item.id}>
            <MenuLink item={item} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <ul className="menu__list menu__list--bottom">
        <li>
          <MenuLink item={LOGOUT_ITEM} onNavigate={onNavigate} />
        </li>
      </ul>
    </>
  );
}

/** The 84 px side menu (wide screens only; phones use the drawer). */
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
