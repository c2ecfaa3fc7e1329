import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Icon } from '../../../../ui/Icon.tsx';

const messages = defineMessages({
  copy: { id: 'codeBlock.copy', defaultMessage: 'Copy' },
  copied: { id: 'codeBlock.copied', defaultMessage: 'Copied!' },
  copyLabel: { id: 'codeBlock.copyLabel', defaultMessage: 'Copy {what}' },
});

/** How long "Copied!" stays (spec: 2 seconds). */
export const COPIED_MS = 2000;

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without clipboard permission (or on plain http) fall back to a selection copy.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** A code sample with a Copy button that says "Copied!" for two seconds. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const intl = useIntl();
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  return (
    <div className="code-block">
      <pre className="code-block__pre" tabIndex={0} aria-label={label}>
        <code>{code}</code>
      </pre>
      <button
        type="button"
        className="button button--secondary code-block__copy"
        aria-label={
          isCopied
            ? intl.formatMessage(messages.copied)
            : intl.formatMessage(messages.copyLabel, { what: label })
        }
        onClick={() => void copyText(code).then(() => setIsCopied(true))}
      >
        <Icon name={isCopied ? 'check' : 'copy'} size={16} />
        <span aria-live="polite">
          {intl.formatMessage(isCopied ? messages.copied : messages.copy)}
        </span>
      </button>
    </div>
  );
}
