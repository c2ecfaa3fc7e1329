import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { Icon } from '../ui/Icon.tsx';
import { Logo } from '../ui/Logo.tsx';
import { NativeDialog } from '../ui/NativeDialog.tsx';
import { navMessages } from './nav-items.ts';
import { MenuList } from './SideMenu.tsx';

/** Phones: a menu button in the top bar opens the menu as a drawer (focus stays inside). */
export function MobileMenu() {
  const intl = useIntl();
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const close = () => setIsOpen(false);
  return (
    <>
      <button
        type="button"
        className="icon-button top-bar__menu-button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setIsOpen(!isOpen)}
      >
        <Icon name={isOpen ? 'close' : 'menu'} size={22} />
        <span className="visually-hidden">{intl.formatMessage(navMessages.openMenu)}</span>
      </button>
      {isOpen ? (
        <NativeDialog
          className="drawer"
          labelledBy={`${id}-title`}
          onDismiss={close}
          header={
            <div className="drawer__header">
              <Logo />
              <h2 className="visually-hidden" id={`${id}-title`}>
                {intl.formatMessage(navMessages.menuTitle)}
              </h2>
              <button
                type="button"
                className="icon-button"
                aria-label={intl.formatMessage(commonMessages.close)}
                onClick={close}
              >
                <Icon name="close" size={22} />
              </button>
            </div>
          }
          body={
            <nav className="menu menu--drawer" aria-label={intl.formatMessage(navMessages.mainNav)}>
              <MenuList onNavigate={close} />
            </nav>
          }
        />
      ) : null}
    </>
  );
}
