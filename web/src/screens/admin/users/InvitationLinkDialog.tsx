import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from '../../../ui/Icon.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { teamMessages } from './team-messages.ts';

/** The link the server answered once, with what the dialog says about it. */
export type TShownLink = {
  email: string;
  link: string;
  expiresAt: unknown;
  isMailHeld: boolean;
};

/** How long "Copied" stays on the button. */
const COPIED_MS = 2000;

/**
 * The invitation link, shown once as an API key is: the server keeps only its hash, so the
 * dialog says so and offers Copy (the clipboard, or the selected field where the browser gives
 * no clipboard). It also says whether the mail went or waits for the inviter's confirmation,
 * or, on a server that sends no mail (`isOutbox`, mailDelivery OUTBOX), that nothing went.
 */
export function InvitationLinkDialog({
  shown,
  isOutbox,
  onClose,
}: {
  shown: TShownLink | null;
  isOutbox: boolean;
  onClose: () => void;
}) {
  const intl = useIntl();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  useEffect(() => setIsCopied(false), [shown?.link]);

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // No clipboard (plain http, a denied permission): select the field and copy that.
      field.current?.select();
      document.execCommand('copy');
    }
    setIsCopied(true);
  };

  if (!shown) return null;
  const date = intl.formatDate(String(shown.expiresAt), { dateStyle: 'medium' });
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={intl.formatMessage(teamMessages.linkTitle)}
      description={intl.formatMessage(teamMessages.linkOnce, { email: shown.email, date })}
    >
      <div className="invitation-link" data-testid="invitation-link">
        <div className="field">
          <label className="field__label" htmlFor={fieldId}>
            {intl.formatMessage(teamMessages.linkLabel, { email: shown.email })}
          </label>
          <div className="invitation-link__row">
            <input
              ref={field}
              id={fieldId}
              className="field__input invitation-link__input"
              value={shown.link}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <button
              type="button"
              className="button button--primary invitation-link__copy"
              onClick={() => void copy(shown.link)}
            >
              <Icon name={isCopied ? 'check' : 'copy'} size={16} />
              <span aria-live="polite">
                {intl.formatMessage(isCopied ? teamMessages.linkCopied : teamMessages.linkCopy)}
              </span>
            </button>
          </div>
        </div>
        <p className="invitation-link__mail">
          {intl.formatMessage(
            isOutbox
              ? teamMessages.linkOutbox
              : shown.isMailHeld
                ? teamMessages.linkMailHeld
                : teamMessages.linkMailed,
            { email: shown.email },
          )}
        </p>
        <div className="form__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {intl.formatMessage(teamMessages.linkDone)}
          </button>
        </div>
      </div>
    </Modal>
  );
}
