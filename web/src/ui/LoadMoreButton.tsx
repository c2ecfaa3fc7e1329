import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { Spinner } from './Spinner.tsx';

/** The next page of a Relay connection: disabled, with a spinner, while it loads. */
export function LoadMoreButton({
  label,
  isLoading,
  onClick,
}: {
  label: string;
  isLoading: boolean;
  onClick: () => void;
}) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="button button--secondary"
      disabled={isLoading}
      onClick={onClick}
    >
      {isLoading ? (
        <Spinner size="small" label={intl.formatMessage(commonMessages.loading)} />
      ) : null}
      {label}
    </button>
  );
}
