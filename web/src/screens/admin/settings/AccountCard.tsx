import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { AccountCard_user$key } from '../../../../__generated__/AccountCard_user.graphql.ts';
import { TextField } from '../../../forms/TextField.tsx';
import { settingsMessages } from './messages.ts';

/** The email the user logs in with, read-only. */
export function AccountCard({ user }: { user: AccountCard_user$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment AccountCard_user on User {
        email
      }
    `,
    user,
  );
  return (
    <section className="card settings-card" aria-labelledby="account-card-title">
      <h2 id="account-card-title" className="card__title">
        {intl.formatMessage(settingsMessages.accountTitle)}
      </h2>
      <TextField
        name="email"
        label={intl.formatMessage(settingsMessages.email)}
        value={data.email ?? ''}
        type="email"
        hint={intl.formatMessage(settingsMessages.emailHint)}
        isReadOnly
      />
    </section>
  );
}
