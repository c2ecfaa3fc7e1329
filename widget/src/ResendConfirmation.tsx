/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { ApiError } from './api.ts';
import type { TApi } from './api.ts';
import type { TTranslate } from './i18n.ts';

/** "Resend confirmation email" and what became of it (sent to …, wait a while, failed). */
export function ResendConfirmation({ api, t }: { api: TApi; t: TTranslate }) {
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'sent'; email: string } | { kind: 'limited' | 'failed' }
  >({ kind: 'idle' });
  const handleResend = async () => {
    try {
      const { email } = await api.resendConfirmation();
      setState({ kind: 'sent', email });
    } catch (error) {
      setState({ kind: error instanceof ApiError && error.status === 429 ? 'limited' : 'failed' });
    }
  };
  return (
    <span>
      <button type="button" class="link" onClick={() => void handleResend()}>
        {t('prefs.resend')}
      </button>{' '}
      <span
        role="status"
        class={state.kind === 'limited' || state.kind === 'failed' ? 'field-error' : undefined}
      >
        {state.kind === 'sent'
          ? t('prefs.resent', { email: state.email })
          : state.kind === 'limited'
            ? t('prefs.resendLimited')
            : state.kind === 'failed'
              ? t('error.generic')
              : ''}
      </span>
    </span>
  );
}
