import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { UserRow_user$key } from '../../../../__generated__/UserRow_user.graphql.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { Avatar } from '../../../ui/Avatar.tsx';

export const userKindMessages = defineMessages({
  SSO: { id: 'users.kind.sso', defaultMessage: 'SSO' },
  REGULAR: { id: 'users.kind.regular', defaultMessage: 'Regular' },
  noEmail: { id: 'users.noEmail', defaultMessage: 'No email' },
});

/** One company user in the users table. */
export function UserRow({ user }: { user: UserRow_user$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment UserRow_user on CompanyUser {
        displayName
        email
        photoUrl
        kind
      }
    `,
    user,
  );
  const kind = data.kind === 'SSO' ? 'SSO' : 'REGULAR';
  return (
    <tr>
      <td>
        <span className="table__user">
          <Avatar name={data.displayName} photoUrl={data.photoUrl} />
          {data.displayName}
        </span>
      </td>
      <td className="table__cell-email">
        <span className="table__email">
          {data.email ?? intl.formatMessage(userKindMessages.noEmail)}
        </span>
      </td>
      <td>
        <span className={`kind kind--${kind.toLowerCase()}`}>
          {intl.formatMessage(userKindMessages[kind])}
        </span>
      </td>
    </tr>
  );
}
