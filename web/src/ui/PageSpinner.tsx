import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { Spinner } from './Spinner.tsx';

/** A centred spinner for a screen (or part of one) that is loading. */
export function PageSpinner() {
  const intl = useIntl();
  return (
    <div className="page-spinner">
      <Spinner label={intl.formatMessage(commonMessages.loading)} />
    </div>
  );
}
