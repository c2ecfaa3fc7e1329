/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.ts';
import type { TApi } from './api.ts';
import type { TTranslate } from './i18n.ts';
import { FormFailure, TextField, lengthError } from './TextField.tsx';
import { useHeading } from './heading.ts';

/**
 * "Forgot your password?" of the sign-in form: mails a link to choose a new password for the
 * account of that address in the board's company. The route answers the same whether or not the
 * address has one, and so does this (in the board's language); then back to signing in.
 */
export function ForgotPassword(props: {
  api: TApi;
  t: TTranslate;
  boardHash: string;
  /** What was typed in the sign-in form. */
  email: string;
  onBack: (email: string) => void;
}) {
  const H3 = useHeading(3);
  const { t } = props;
  const [email, setEmail] = useState(props.email);
  const [error, setError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isSent, setIsSent] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const answer = useRef<HTMLParagraphElement>(null);

  // This replaces the form the person was in: focus goes to the email field, then to the answer.
  useEffect(() => {
    if (isSent) answer.current?.focus();
    else form.current?.querySelector('input')?.focus();
  }, [isSent]);

  const handleSubmit = async (event: Event) => {
    event.preventDefault();
    if (isSending) return;
    setFailure(null);
    // The route's rule (6 to 50 characters), said in the board's language before sending.
    const invalid = lengthError(t, email, 6, 50, true);
    setError(invalid);
    if (invalid) {
      form.current?.querySelector('input')?.focus();
      return;
    }
    setIsSending(true);
    try {
      await props.api.sendResetLink(props.boardHash, email.trim());
      setIsSent(true);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 400 && caught.fields.length) {
        setError(caught.fields.map((field) => field.message).join(' '));
        form.current?.querySelector('input')?.focus();
      } else if (caught instanceof ApiError && (caught.status === 429 || caught.status === 403)) {
        setFailure(caught.message);
      } else {
        setFailure(t('error.generic'));
      }
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div data-testid="forgot-password">
      {isSent ? null : (
        <form ref={form} onSubmit={handleSubmit} aria-label={t('forgot.title')} noValidate>
          <H3>{t('auth.forgot')}</H3>
          <p class="muted">{t('forgot.intro')}</p>
          <TextField
            label={t('auth.email')}
            value={email}
            onInput={setEmail}
            error={error}
            name="email"
            type="email"
            autoComplete="email"
          />
          <FormFailure text={failure} />
          <div class="actions">
            <button type="submit" class="primary" aria-disabled={isSending || undefined}>
              {t(isSending ? 'forgot.sending' : 'forgot.submit')}
            </button>
            <button type="button" onClick={() => props.onBack(email)}>
              {t('forgot.back')}
            </button>
          </div>
        </form>
      )}
      {/* In the page from the start, so the answer is announced when it appears. */}
      <div role="status" aria-live="polite">
        {isSent ? (
          <div class="notice ok">
            <p ref={answer} tabIndex={-1}>
              {t('forgot.sent')}
            </p>
            <p class="muted">{t('forgot.hint')}</p>
          </div>
        ) : null}
      </div>
      {isSent ? (
        <div class="actions">
          <button type="button" onClick={() => props.onBack(email)}>
            {t('forgot.back')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
