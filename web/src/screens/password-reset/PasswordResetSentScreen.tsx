import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Icon } from '../../ui/Icon.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { resetMessages } from './messages.ts';

/** /password-reset/sent: neutral about whether the email has an account. */
export function PasswordResetSentScreen() {
  const intl = useIntl();
  usePageTitle(resetMessages.sentTitle);
  return (
    <section className="card auth-card auth-card--centered" aria-labelledby="sent-heading">
      <span className="auth-card__icon" aria-hidden="true">
        <Icon name="mail" size={32} />
      </span>
      <h1 id="sent-heading" className="auth-card__title">
        {intl.formatMessage(resetMessages.sentTitle)}
      </h1>
      <p>{intl.formatMessage(resetMessages.sentText)}</p>
      <p className="muted">{intl.formatMessage(resetMessages.sentHint)}</p>
      <Link to="/login" className="button button--primary button--block">
        {intl.formatMessage(resetMessages.backToLogin)}
      </Link>
    </section>
  );
}
