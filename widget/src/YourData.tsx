/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { ApiError } from './api.ts';
import type { TWidget } from './widget-context.ts';

type TKind = 'EXPORT' | 'ERASE';
type TState =
  | { kind: 'idle' }
  | { kind: 'busy'; request: TKind }
  | { kind: 'sent'; request: TKind; email: string }
  | { kind: 'failed'; message: string };

/**
 * The signed-in person's own data (GDPR): ask for a copy, or for the account to be deleted.
 * Either way a one-use link is mailed to them and nothing happens until they use it.
 */
export function YourData({ widget }: { widget: TWidget }) {
  const { t, api } = widget;
  const [state, setState] = useState<TState>({ kind: 'idle' });

  const ask = async (request: TKind) => {
    if (state.kind === 'busy') return;
    setState({ kind: 'busy', request });
    try {
      const answer = await api.requestPrivacy(request);
      setState({ kind: 'sent', request, email: answer.email });
    } catch (error) {
      setState({
        kind: 'failed',
        message:
          error instanceof ApiError && error.status === 429
            ? t('data.limited')
            : error instanceof ApiError && error.status === 409
              ? error.message
              : t('error.generic'),
      });
    }
  };

  const busy = state.kind === 'busy';
  return (
    <details class="prefs" data-testid="your-data">
      <summary>{t('data.title')}</summary>
      <div class="prefs-body">
        <p class="muted">{t('data.intro')}</p>
        <div class="actions">
          <button
            type="button"
            aria-disabled={busy || undefined}
            onClick={() => void ask('EXPORT')}
          >
            {busy && state.request === 'EXPORT' ? t('data.sending') : t('data.export')}
          </button>
          <button type="button" aria-disabled={busy || undefined} onClick={() => void ask('ERASE')}>
            {busy && state.request === 'ERASE' ? t('data.sending') : t('data.erase')}
          </button>
        </div>
        <p class={state.kind === 'failed' ? 'field-error' : 'muted'} role="status">
          {state.kind === 'sent'
            ? t(state.request === 'EXPORT' ? 'data.exportSent' : 'data.eraseSent', {
                email: state.email,
              })
            : state.kind === 'failed'
              ? state.message
              : ''}
        </p>
      </div>
    </details>
  );
}
