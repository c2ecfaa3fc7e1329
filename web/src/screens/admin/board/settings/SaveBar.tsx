import { useIntl } from 'react-intl';
import { commonMessages } from '../../../../i18n/common-messages.ts';

/** Cancel and Save, shown only while a card has unsaved changes. */
export function SaveBar({
  isChanged,
  isSaving,
  onCancel,
}: {
  isChanged: boolean;
  isSaving: boolean;
  onCancel: () => void;
}) {
  const intl = useIntl();
  if (!isChanged) return null;
  return (
    <div className="card__actions">
      <button
        type="button"
        className="button button--secondary"
        onClick={onCancel}
        disabled={isSaving}
      >
        {intl.formatMessage(commonMessages.cancel)}
      </button>
      <button type="submit" className="button button--primary" disabled={isSaving}>
        {intl.formatMessage(commonMessages.save)}
      </button>
    </div>
  );
}
