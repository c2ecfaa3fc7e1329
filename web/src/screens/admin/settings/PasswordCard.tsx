import { useIntl } from 'react-intl';
import { TextField } from '../../../forms/TextField.tsx';
import { settingsMessages } from './messages.ts';

/** The password, masked; changing it from here is not offered yet (spec 2). */
export function PasswordCard() {
  const intl = useIntl();
  return (
    <section className="card settings-card" aria-labelledby="password-card-title">
      <h2 id="password-card-title" className="card__title">
        {intl.formatMessage(settingsMessages.passwordTitle)}
      </h2>
      <TextField
        name="password"
        type="password"
        label={intl.formatMessage(settingsMessages.password)}
        value="••••••••••"
        hint={intl.formatMessage(settingsMessages.passwordHint)}
        autoComplete="off"
        isDisabled
      />
      <div className="card__actions">
        <button type="button" className="button button--secondary" disabled>
          {intl.formatMessage(settingsMessages.changePassword)}
        </button>
      </div>
    </section>
  );
}
