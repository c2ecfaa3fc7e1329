/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { TApi, TPrivateGate } from './api.ts';
import { SignInForm } from './AuthPanel.tsx';
import type { TTranslate } from './i18n.ts';
import { ResendConfirmation } from './ResendConfirmation.tsx';

/**
 * A private board this visitor may not see, said plainly: whose it is and how to get in (their
 * SSO on the company's site, or signing in with an address the board lets in), that a signed-in
 * visitor's address awaits confirmation (with a new link on request), or, after a refused SSO
 * sign-in, only that (the company's developers find the reason in the browser's console).
 */
export function PrivateBoard(props: {
  api: TApi;
  t: TTranslate;
  locale: string;
  boardHash: string;
  gate: TPrivateGate;
  isSsoRefused: boolean;
  /** Signed in (by email or SSO) to the board's company, yet not let in. */
  isSignedIn: boolean;
  canSignOut: boolean;
  onSignedIn: (token: string) => void;
  onSignOut: () => void;
}) {
  const { t, gate } = props;
  const company = gate.company.name;
  const [isSigningIn, setIsSigningIn] = useState(false);
  // A confirmed address gets in only where the board lets addresses in and the company lets
  // people sign in by email at all (not SSO_ONLY).
  const confirmingOpens = gate.emailAccess && gate.signupPolicy !== 'SSO_ONLY';
  const canSignInByEmail =
    gate.emailAccess &&
    gate.signupPolicy !== 'SSO_ONLY' &&
    !props.isSignedIn &&
    !props.isSsoRefused;
  return (
    <div class="fb" lang={props.locale} data-testid="private-board">
      <div role="alert" lang={props.locale}>
        {props.isSsoRefused && !props.isSignedIn ? (
          <p data-testid="sso-refused">{t('sso.refusedPrivate')}</p>
        ) : props.isSignedIn && gate.emailAwaitsConfirmation && !confirmingOpens ? (
          // Confirming the address would not open it: say what would.
          <p data-testid="sso-only">
            {t(gate.ssoAccess ? 'private.ssoOnly' : 'private.notForYou', { company })}
          </p>
        ) : props.isSignedIn && gate.emailAwaitsConfirmation ? (
          <p data-testid="unconfirmed">{t('private.unconfirmed', { company })}</p>
        ) : props.isSignedIn ? (
          <p>{t('private.notForYou', { company })}</p>
        ) : (
          <p>{t(gate.ssoAccess ? 'private.sso' : 'private.closed', { company })}</p>
        )}
      </div>
      {props.isSignedIn && gate.emailAwaitsConfirmation && confirmingOpens ? (
        <p class="muted">
          <ResendConfirmation api={props.api} t={t} />
        </p>
      ) : null}
      {props.isSignedIn && props.canSignOut ? (
        <p>
          <button type="button" class="link" onClick={props.onSignOut}>
            {t('auth.signOut')}
          </button>
        </p>
      ) : null}
      {canSignInByEmail && !isSigningIn ? (
        <p class="bar muted">
          <span>{t('private.emailSignIn', { company })}</span>
          <span class="actions">
            <button type="button" onClick={() => setIsSigningIn(true)}>
              {t('auth.signIn')}
            </button>
          </span>
        </p>
      ) : null}
      {canSignInByEmail && isSigningIn ? (
        <SignInForm
          api={props.api}
          t={t}
          boardHash={props.boardHash}
          mode="signIn"
          onSignedIn={props.onSignedIn}
          onCancel={() => setIsSigningIn(false)}
        />
      ) : null}
    </div>
  );
}
