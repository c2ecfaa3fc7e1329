import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { Icon } from '../ui/Icon.tsx';
import { Logo } from '../ui/Logo.tsx';
import { navMessages } from './nav-items.ts';
import { MenuList } from './SideMenu.tsx';

/** Phones: a menu button in the top bar opens the menu as a drawer (focus stays inside). */
export function MobileMenu() {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen}>
      <Dialog.Trigger className="icon-button top-bar__menu-button">
        <Icon name={isOpen ? 'close' : 'menu'} size={22} />
        <span className="visually-hidden">{intl.formatMessage(navMessages.openMenu)}</span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer__backdrop" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <div className="drawer__header">
            <Logo />
            <Dialog.Title className="visually-hidden">
              {intl.formatMessage(navMessages.menuTitle)}
            </Dialog.Title>
            <Dialog.Close
              className="icon-button"
              aria-label={intl.formatMessage(commonMessages.close)}
            >
              <Icon name="close" size={22} />
            </Dialog.Close>
          </div>
          <nav className="menu menu--drawer" aria-label={intl.formatMessage(navMessages.mainNav)}>
            <MenuList onNavigate={() => setIsOpen(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
