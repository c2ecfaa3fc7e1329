import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { twoFactorMessages } from './messages.ts';

/**
 * Recovery codes, shown once: a list to read or print, a copy button, a .txt download, and the
 * step that says they are saved (nothing leaves this screen before it).
 */
export function RecoveryCodes({
  codes,
  email,
  onSaved,
}: {
  codes: readonly string[];
  email: string;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const [isCopied, setIsCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The codes replace the form the person was typing in: say so by moving focus to them.
  useEffect(() => heading.current?.focus(), []);
  const text = `${intl.formatMessage(twoFactorMessages.fileHeading, { email })}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
    } catch {
      // No clipboard (an insecure origin, a denied permission): the list stays to copy by hand.
      setIsCopied(false);
    }
  };
  return (
    <div className="recovery-codes">
      <h3 className="recovery-codes__title" ref={heading} tabIndex={-1}>
        {intl.formatMessage(twoFactorMessages.codesTitle)}
      </h3>
      <p className="card__intro">{intl.formatMessage(twoFactorMessages.codesText)}</p>
      <ol
        className="recovery-codes__list"
        aria-label={intl.formatMessage(twoFactorMessages.codesLabel)}
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form__actions recovery-codes__actions">
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {intl.formatMessage(isCopied ? twoFactorMessages.copied : twoFactorMessages.copy)}
        </button>
        <a
          className="button button--secondary"
          download="feedboard-recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          {intl.formatMessage(twoFactorMessages.download)}
        </a>
        <button type="button" className="button button--primary" onClick={onSaved}>
          {intl.formatMessage(twoFactorMessages.saved)}
        </button>
      </div>
    </div>
  );
}
