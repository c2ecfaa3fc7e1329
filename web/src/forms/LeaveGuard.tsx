import { useContext, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { UNSAFE_DataRouterContext } from 'react-router-dom';
import type { Blocker } from 'react-router-dom';
import { defineMessages } from '../i18n/define-messages.ts';
import { Modal } from '../ui/Modal.tsx';

const messages = defineMessages({
  title: { id: 'unsaved.title', defaultMessage: 'Leave without saving?' },
  text: {
    id: 'unsaved.text',
    defaultMessage:
      'This page has changes that are not saved yet. If you leave now, they are lost.',
  },
  stay: { id: 'unsaved.stay', defaultMessage: 'Stay and save' },
  leave: { id: 'unsaved.leave', defaultMessage: 'Leave without saving' },
});

/** The marker a form with unsaved changes carries (SaveBar's buttons show only then). */
const UNSAVED_MARK = 'data-unsaved-changes';

const hasUnsavedChanges = () => document.querySelector(`[${UNSAVED_MARK}]`) !== null;

const BLOCKER_KEY = 'unsaved-changes';

/**
 * react-router's useBlocker, written against the router itself: useBlocker's code would sit in
 * the entry chunk every console page loads (react-router's chunk), this one loads with the
 * guard, after the first paint. The router asks the function before every navigation (links,
 * back and forward); a blocked one waits in `state.blockers` for proceed() or reset().
 */
function usePageBlocker(): Blocker | undefined {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const [blocker, setBlocker] = useState<Blocker>();
  useEffect(() => {
    if (!router) return;
    router.getBlocker(
      BLOCKER_KEY,
      ({ currentLocation, nextLocation }) =>
        hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
    );
    const unsubscribe = router.subscribe((state) => setBlocker(state.blockers.get(BLOCKER_KEY)));
    return () => {
      unsubscribe();
      router.deleteBlocker(BLOCKER_KEY);
    };
  }, [router]);
  return blocker;
}

/**
 * Loaded by the console's layout after its first paint: while a form of the page has unsaved
 * changes (an element carries UNSAVED_MARK), a navigation to another page of the console asks
 * first (react-router's blocker and this dialog: stay, the default, or leave), and closing or
 * reloading the tab gets the browser's own prompt (beforeunload).
 */
export default function LeaveGuard() {
  const intl = useIntl();
  const blocker = usePageBlocker();
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  if (blocker?.state !== 'blocked') return null;
  return (
    <Modal
      isOpen
      onClose={() => blocker.reset()}
      title={intl.formatMessage(messages.title)}
      description={intl.formatMessage(messages.text)}
    >
      <div className="form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => blocker.proceed()}
        >
          {intl.formatMessage(messages.leave)}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => blocker.reset()}
          autoFocus
        >
          {intl.formatMessage(messages.stay)}
        </button>
      </div>
    </Modal>
  );
}
