/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { Avatar } from './Avatar.tsx';
import { ApiError } from './api.ts';
import type { TApi, TSignupPolicy, TUser } from './api.ts';
import type { TTranslate } from './i18n.ts';
import { ResendConfirmation } from './ResendConfirmation.tsx';
import { EmailPreference } from './EmailPreference.tsx';
import { ForgotPassword } from './ForgotPassword.tsx';
import { YourData } from './YourData.tsx';
import { FormFailure, TextField } from './TextField.tsx';
import type { TWidget } from './widget-context.ts';

/**
 * Who is reading: the signed-in user (and sign out, unless SSO signed them in), or, signed out,
 * what they may do and the sign-in and sign-up forms (an end user of the board's company).
 */
export function AuthPanel(props: {
  widget: TWidget;
  me: TUser | null;
  isSso: boolean;
  canSignIn: boolean;
  /** The company's sign-up policy: SSO_ONLY offers no form, it says where to sign in. */
  signupPolicy: TSignupPolicy;
  companyName: string;
  /** The company's own terms of use (https), shown on the sign-up form; null: none. */
  termsUrl?: string | null;
  /** The signed-in user's address awaits confirmation (EMAIL_DOMAINS). */
  mustConfirmEmail: boolean;
  onSignedIn: (token: string) => void;
  onSignOut: () => void;
  /** Bumped when a signed-out visitor's vote asks to sign in: the form opens (App). */
  signInRequest?: number;
}) {
  const { widget, me } = props;
  const { t } = widget;
  const [mode, setMode] = useState<'signIn' | 'signUp' | null>(null);
  const [isForVote, setIsForVote] = useState(false);
  const signedInBar = useRef<HTMLDivElement>(null);
  // Set when the form signs someone in; the bar takes the focus once the user is read.
  const hasJustSignedIn = useRef(false);

  useEffect(() => {
    if (!props.signInRequest) return;
    setIsForVote(true);
    setMode((current) => current ?? 'signIn');
  }, [props.signInRequest]);

  // Signed in through the form: the focus goes to the bar that says so, not to the page's body.
  useEffect(() => {
    if (!me || !hasJustSignedIn.current) return;
    hasJustSignedIn.current = false;
    signedInBar.current?.focus();
  }, [me]);

  if (me) {
    return (
      <div class="bar muted" data-testid="signed-in" tabIndex={-1} ref={signedInBar}>
        <span class="me">
          <Avatar name={me.displayName} />
          <span>{t('auth.signedInAs', { name: me.displayName })}</span>
        </span>
        {!props.isSso ? (
          <button type="button" class="link" onClick={props.onSignOut}>
            {t('auth.signOut')}
          </button>
        ) : null}
        {widget.isBlocked ? (
          <span role="status" data-testid="blocked">
            {t('auth.blocked')}
          </span>
        ) : props.mustConfirmEmail ? (
          <span data-testid="unconfirmed">
            {t('auth.unconfirmed')} <ResendConfirmation api={widget.api} t={t} />
          </span>
        ) : !widget.canParticipate ? (
          <span>{t('auth.otherCompany')}</span>
        ) : null}
        <EmailPreference widget={widget} />
        {widget.canParticipate || widget.isBlocked || props.mustConfirmEmail ? (
          <YourData widget={widget} />
        ) : null}
      </div>
    );
  }

  if (props.signupPolicy === 'SSO_ONLY' && props.canSignIn) {
    // Nobody signs up or in by email here: the company's own sign-in is the way in.
    return (
      <p class="bar muted" data-testid="sso-only">
        <span>{t('auth.ssoOnly', { company: props.companyName })}</span>
      </p>
    );
  }

  return (
    <div>
      <p class="bar muted" data-testid="signed-out">
        <span>{t('auth.readOnly')}</span>
        {props.canSignIn && !mode ? (
          <span class="actions">
            <button type="button" onClick={() => setMode('signIn')}>
              {t('auth.signIn')}
            </button>
            <button type="button" onClick={() => setMode('signUp')}>
              {t('auth.signUp')}
            </button>
          </span>
        ) : null}
      </p>
      {mode && isForVote ? (
        <p class="muted" role="status" data-testid="sign-in-to-vote">
          {t('auth.toVote')}
        </p>
      ) : null}
      {mode ? (
        <SignInForm
          api={widget.api}
          t={t}
          boardHash={widget.boardHash}
          mode={mode}
          terms={props.termsUrl ? { url: props.termsUrl, company: props.companyName } : undefined}
          onSignedIn={(token) => {
            hasJustSignedIn.current = true;
            setMode(null);
            setIsForVote(false);
            props.onSignedIn(token);
          }}
          onCancel={() => {
            setMode(null);
            setIsForVote(false);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The email sign-in or sign-up form of a visitor (an end user of the board's company); signing
 * in offers "Forgot your password?" (a link mailed for that company's account).
 */
export function SignInForm(props: {
  api: TApi;
  t: TTranslate;
  boardHash: string;
  mode: 'signIn' | 'signUp';
  /** The company's terms of use, which signing up agrees to (the company's setting). */
  terms?: { url: string; company: string };
  onSignedIn: (token: string) => void;
  onCancel: () => void;
}) {
  const { t, mode } = props;
  const widget = { api: props.api, boardHash: props.boardHash };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isForgotten, setIsForgotten] = useState(false);
  const forgotButton = useRef<HTMLButtonElement>(null);
  const wasForgotten = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  // Opened (a button, or a vote that asked to sign in): the first field takes the focus.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [mode]);

  // Back from "Forgot your password?": focus returns to the button that opened it.
  useEffect(() => {
    if (wasForgotten.current && !isForgotten) forgotButton.current?.focus();
    wasForgotten.current = isForgotten;
  }, [isForgotten]);

  const handleSubmit = async (event: Event) => {
    event.preventDefault();
    setErrors({});
    setFailure(null);
    try {
      const answer =
        mode === 'signUp'
          ? await widget.api.signUp(widget.boardHash, {
              email,
              password,
              ...(name.trim() ? { name: name.trim() } : {}),
            })
          : await widget.api.logIn(widget.boardHash, email, password);
      props.onSignedIn(answer.token);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields.length) {
        setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      } else if (error instanceof ApiError && (error.status === 409 || error.status === 403)) {
        setFailure(error.message);
      } else {
        setFailure(t('auth.failed'));
      }
    }
  };

  if (isForgotten && mode === 'signIn') {
    return (
      <ForgotPassword
        api={props.api}
        t={t}
        boardHash={props.boardHash}
        email={email}
        onBack={(typed) => {
          setEmail(typed);
          setIsForgotten(false);
        }}
      />
    );
  }

  return (
    <form
      ref={form}
      onSubmit={handleSubmit}
      aria-label={t(mode === 'signUp' ? 'auth.signUp' : 'auth.signIn')}
      noValidate
    >
      {mode === 'signUp' ? (
        <TextField
          label={t('auth.name')}
          value={name}
          onInput={setName}
          error={errors.name}
          name="name"
          autoComplete="name"
        />
      ) : null}
      <TextField
        label={t('auth.email')}
        value={email}
        onInput={setEmail}
        error={errors.email}
        name="email"
        type="email"
        autoComplete="email"
      />
      <TextField
        label={t('auth.password')}
        value={password}
        onInput={setPassword}
        error={errors.password}
        name="password"
        type="password"
        autoComplete={mode === 'signUp' ? 'new-password' : 'current-password'}
      />
      {mode === 'signIn' ? (
        <button
          type="button"
          class="link forgot"
          ref={forgotButton}
          onClick={() => setIsForgotten(true)}
        >
          {t('auth.forgot')}
        </button>
      ) : null}
      {mode === 'signUp' && props.terms ? (
        <p class="muted" data-testid="terms">
          {t('auth.termsBefore')}{' '}
          <a href={props.terms.url} target="_blank" rel="noopener noreferrer">
            {t('auth.termsLink', { company: props.terms.company })}
          </a>
        </p>
      ) : null}
      <FormFailure text={failure} />
      <div class="actions">
        <button type="submit" class="primary">
          {t(mode === 'signUp' ? 'auth.submitSignUp' : 'auth.submitSignIn')}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t('auth.cancel')}
        </button>
      </div>
    </form>
  );
}
