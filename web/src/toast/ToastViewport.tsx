import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../i18n/define-messages.ts';
import { commonMessages } from '../i18n/common-messages.ts';
import { Icon } from '../ui/Icon.tsx';
import type { TIconName } from '../ui/Icon.tsx';
import {
  TOAST_FADE_MS,
  TOAST_LIFETIME_MS,
  dismissToast,
  getToasts,
  subscribeToasts,
} from './toast-store.ts';
import type { TToast } from './toast-store.ts';

const messages = defineMessages({
  region: { id: 'toast.region', defaultMessage: 'Notifications' },
});

const ICONS: Record<TToast['type'], TIconName> = {
  success: 'check',
  error: 'error',
  info: 'info',
  warning: 'alert',
};

function ToastItem({ toast }: { toast: TToast }) {
  const intl = useIntl();
  const [isFading, setIsFading] = useState(false);

  useEffect(() => {
    const fade = window.setTimeout(() => setIsFading(true), TOAST_LIFETIME_MS);
    return () => window.clearTimeout(fade);
  }, []);
  useEffect(() => {
    if (!isFading) return;
    const remove = window.setTimeout(() => dismissToast(toast.id), TOAST_FADE_MS);
    return () => window.clearTimeout(remove);
  }, [isFading, toast.id]);

  const isUrgent = toast.type === 'error' || toast.type === 'warning';
  return (
    <li
      className={`toast toast--${toast.type}${isFading ? ' toast--fading' : ''}`}
      data-testid="toast"
    >
      <span className="toast__icon">
        <Icon name={ICONS[toast.type]} />
      </span>
      <div className="toast__text" role={isUrgent ? 'alert' : 'status'}>
        <p className="toast__title">{intl.formatMessage(toast.title)}</p>
        {toast.description ? (
          <p className="toast__description">
            {intl.formatMessage(toast.description, toast.values)}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className="icon-button toast__close"
        aria-label={intl.formatMessage(commonMessages.close)}
        onClick={() => setIsFading(true)}
      >
        <Icon name="close" size={16} />
      </button>
    </li>
  );
}

/** Where toasts appear: bottom right on wide screens, bottom centre on phones. */
export function ToastViewport() {
  const intl = useIntl();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  const region = useRef<HTMLElement>(null);
  // An open modal <dialog> is in the top layer, above any z-index: the region is a manual
  // popover (top layer too), shown again whenever the toasts change so that it is the last
  // one in, over a dialog opened since. Hiding and showing it again happen in one task.
  useLayoutEffect(() => {
    const element = region.current;
    if (!element) return;
    if (element.matches(':popover-open')) element.hidePopover();
    element.showPopover();
  }, [toasts.length]);
  return (
    <section
      ref={region}
      popover="manual"
      className="toasts"
      aria-label={intl.formatMessage(messages.region)}
    >
      <ol className="toasts__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ol>
    </section>
  );
}
