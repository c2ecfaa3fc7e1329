import { useState } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { showToast } from '../../../../toast/toast-store.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { useRotateCompanySecretMutation } from './useRotateCompanySecretMutation.ts';

const messages = defineMessages({
  title: { id: 'widget.secret.title', defaultMessage: 'Company secret' },
  text: {
    id: 'widget.secret.text',
    defaultMessage:
      'If the secret may have leaked, replace it. Tokens signed with the old secret stop working at once, so update your server right after.',
  },
  rotate: { id: 'widget.secret.rotate', defaultMessage: 'Replace the secret' },
  confirmTitle: { id: 'widget.secret.confirmTitle', defaultMessage: 'Replace the company secret?' },
  confirmText: {
    id: 'widget.secret.confirmText',
    defaultMessage:
      'Widget sign-ins from your site fail until your server signs tokens with the new secret. Users already signed in stay signed in.',
  },
  confirm: { id: 'widget.secret.confirm', defaultMessage: 'Replace it' },
  confirming: { id: 'widget.secret.confirming', defaultMessage: 'Replacing…' },
  rotatedTitle: { id: 'widget.secret.rotatedTitle', defaultMessage: 'New secret in place' },
  rotatedText: {
    id: 'widget.secret.rotatedText',
    defaultMessage: 'The code sample above shows it. Put it on your server now.',
  },
});

/** Step 3's secret can be replaced (it leaked, someone left): asks first, then rotates it. */
export function RotateSecretCard() {
  const intl = useIntl();
  const [isConfirming, setIsConfirming] = useState(false);
  const [rotateSecret, isRotating] = useRotateCompanySecretMutation();

  // A failure stays in the dialog beside the button, so the admin knows the old secret still
  // holds and can try again.
  const rotation = useAction(async () => {
    const { rotateCompanySecret: result } = await rotateSecret({});
    if (result.__typename !== 'MutationRotateCompanySecretSuccess') {
      return { descriptor: commonMessages.genericError };
    }
    showToast({
      type: 'success',
      title: messages.rotatedTitle,
      description: messages.rotatedText,
    });
    setIsConfirming(false);
  });
  const isBusy = isRotating || rotation.isPending;
  const close = () => {
    setIsConfirming(false);
    rotation.clearFailure();
  };

  return (
    <section className="card step" aria-labelledby="secret-title">
      <h3 id="secret-title" className="card__title">
        {intl.formatMessage(messages.title)}
      </h3>
      <p className="card__intro">{intl.formatMessage(messages.text)}</p>
      <div className="form__actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() => setIsConfirming(true)}
        >
          {intl.formatMessage(messages.rotate)}
        </button>
      </div>
      <Modal
        isOpen={isConfirming}
        onClose={close}
        isLocked={isBusy}
        title={intl.formatMessage(messages.confirmTitle)}
        description={intl.formatMessage(messages.confirmText)}
      >
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={close}
            disabled={isBusy}
            autoFocus
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <PendingButton
            className="button button--danger"
            onClick={() => void rotation.run()}
            isPending={isBusy}
            pendingLabel={intl.formatMessage(messages.confirming)}
          >
            {intl.formatMessage(messages.confirm)}
          </PendingButton>
        </div>
        <ActionError failure={rotation.failure} />
      </Modal>
    </section>
  );
}
