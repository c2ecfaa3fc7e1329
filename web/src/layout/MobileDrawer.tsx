import { useId } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { Icon } from '../ui/Icon.tsx';
import { Logo } from '../ui/Logo.tsx';
import { NativeDialog } from '../ui/NativeDialog.tsx';
import { navMessages } from './nav-items.ts';
import { MenuList } from './SideMenu.tsx';

/** The phone menu's drawer, a modal dialog; its own chunk, loaded when it first opens. */
export function MobileDrawer({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  return (
    <NativeDialog
      className="drawer"
      labelledBy={`${id}-title`}
      onDismiss={onClose}
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
            onClick={onClose}
          >
            <Icon name="close" size={22} />
          </button>
        </div>
      }
      body={
        <nav className="menu menu--drawer" aria-label={intl.formatMessage(navMessages.mainNav)}>
          <MenuList onNavigate={onClose} />
        </nav>
      }
    />
  );
}
