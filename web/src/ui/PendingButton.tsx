import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { TActionFailure } from './useAction.ts';
import { formatFieldMessage } from '../i18n/common-messages.ts';

type TPendingButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> & {
  /** The request it started is under way: busy, disabled, with a spinner. */
  isPending: boolean;
  /** What it says while pending ("Creating…"); the usual label otherwise. */
  pendingLabel?: ReactNode;
  isDisabled?: boolean;
  children: ReactNode;
};

/**
 * A button that starts a request. While the request runs it shows a spinner and its pending
 * label, is `aria-busy` and `aria-disabled`, and ignores clicks (and the form submissions they
 * would make), so a second click cannot send the request again. It is not `disabled` while
 * pending: a disabled button loses focus to the page, and a keyboard user would have to find
 * their way back after a failure.
 */
export function PendingButton({
  isPending,
  pendingLabel,
  isDisabled = false,
  className = 'button button--primary',
  type = 'button',
  children,
  onClick,
  ...rest
}: TPendingButtonProps) {
  const ignoreWhilePending = (event: MouseEvent<HTMLButtonElement>) => {
    if (isPending) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      className={className}
      onClick={ignoreWhilePending}
      disabled={isDisabled && !isPending}
      aria-disabled={isPending || undefined}
      aria-busy={isPending || undefined}
    >
      {isPending ? <span className="button__spinner" aria-hidden="true" /> : null}
      {isPending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

/**
 * Where an action's failure shows, next to the button that started it; `role="alert"` so a
 * screen reader says it at once.
 */
export function ActionError({
  failure,
  className = '',
}: {
  failure: TActionFailure | null;
  className?: string;
}) {
  const intl = useIntl();
  if (!failure) return null;
  return (
    <p className={`action-error ${className}`.trim()} role="alert">
      {formatFieldMessage(intl, failure)}
    </p>
  );
}
