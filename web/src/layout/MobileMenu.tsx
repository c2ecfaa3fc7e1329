import { Suspense, lazy, useState } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../ui/Icon.tsx';
import { navMessages } from './nav-items.ts';

// Only phones open it, and only on a tap: every signed-in page loads without it (issue 22).
const MobileDrawer = lazy(() =>
  import('./MobileDrawer.tsx').then((module) => ({ default: module.MobileDrawer })),
);

/** Phones: a menu button in the top bar opens the menu as a drawer (focus stays inside). */
export function MobileMenu() {
  const intl = useIntl();
  const [isOpen, setIsOpen] = useState(false);
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
        // Until its chunk is in, focus stays on the button; nothing to show meanwhile.
        <Suspense fallback={null}>
          <MobileDrawer onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
