import { useIntl } from 'react-intl';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import type { TActionFailure } from '../../../../ui/useAction.ts';

/**
 * Cancel and Save, shown only while a card has unsaved changes (or its save failed: the
 * failure stays beside the buttons until the next try). While changed, leaving the page asks
 * first (forms/LeaveGuard.tsx).
 */
export function SaveBar({
  isChanged,
  isSaving,
  failure = null,
  onCancel,
}: {
  isChanged: boolean;
  isSaving: boolean;
  failure?: TActionFailure | null;
  onCancel: () => void;
}) {
  const intl = useIntl();
  if (!isChanged && !failure) return null;
  return (
    <>
      <ActionError failure={failure} />
      {/* The mark forms/LeaveGuard.tsx looks for: leaving now asks first. */}
      <div className="card__actions" data-unsaved-changes={isChanged ? '' : undefined}>
        <button
          type="button"
          className="button button--secondary"
          onClick={onCancel}
          disabled={isSaving}
        >
          {intl.formatMessage(commonMessages.cancel)}
        </button>
        <PendingButton type="submit" isPending={isSaving}>
          {intl.formatMessage(commonMessages.save)}
        </PendingButton>
      </div>
    </>
  );
}
