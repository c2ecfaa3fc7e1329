import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { UserRow_user$key } from '../../../../__generated__/UserRow_user.graphql.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { EraseUserModal } from './EraseUserModal.tsx';
import { TeamRoleCell } from './TeamRoleCell.tsx';
import { useExportUserData } from './useUserPrivacy.ts';

export const userKindMessages = defineMessages({
  SSO: { id: 'users.kind.sso', defaultMessage: 'SSO' },
  REGULAR: { id: 'users.kind.regular', defaultMessage: 'Regular' },
  noEmail: { id: 'users.noEmail', defaultMessage: 'No email' },
});

const messages = defineMessages({
  export: { id: 'users.export', defaultMessage: 'Export data' },
  exportLabel: { id: 'users.export.label', defaultMessage: 'Export data of {name}' },
  exporting: { id: 'users.exporting', defaultMessage: 'Exporting…' },
  erase: { id: 'users.erase', defaultMessage: 'Erase' },
  eraseLabel: { id: 'users.erase.label', defaultMessage: 'Erase {name}…' },
  teamMember: { id: 'users.teamMember', defaultMessage: 'Team member' },
});

/**
 * One company user in the users table, with the GDPR actions: export their data as a JSON file,
 * and erase them (end users only: team members are not erased here).
 */
export function UserRow({
  user,
  onErased,
}: {
  user: UserRow_user$key;
  onErased: (message: string) => void;
}) {
  const intl = useIntl();
  const [isErasing, setIsErasing] = useState(false);
  const exportUserData = useExportUserData();
  const data = useFragment(
    graphql`
      fragment UserRow_user on CompanyUser {
        id
        role
        displayName
        email
        photoUrl
        kind
        ...TeamRoleCell_user
      }
    `,
    user,
  );
  const kind = data.kind === 'SSO' ? 'SSO' : 'REGULAR';
  const name = data.displayName;
  const exportAction = useAction(async () => {
    const refusal = await exportUserData(data.id, `user-data-${data.id}.json`);
    return refusal === null ? null : { text: refusal || intl.formatMessage(messages.export) };
  });
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
      <td>
        <TeamRoleCell user={data} />
      </td>
      <td>
        <div className="table__actions">
          <PendingButton
            className="button button--secondary"
            isPending={exportAction.isPending}
            pendingLabel={intl.formatMessage(messages.exporting)}
            aria-label={intl.formatMessage(messages.exportLabel, { name })}
            onClick={() => void exportAction.run()}
          >
            {intl.formatMessage(messages.export)}
          </PendingButton>
          {data.role === 'END_USER' ? (
            <button
              type="button"
              className="button button--danger"
              aria-label={intl.formatMessage(messages.eraseLabel, { name })}
              onClick={() => setIsErasing(true)}
            >
              {intl.formatMessage(messages.erase)}
            </button>
          ) : (
            <span className="muted">{intl.formatMessage(messages.teamMember)}</span>
          )}
        </div>
        <ActionError failure={exportAction.failure} />
        {isErasing ? (
          <EraseUserModal
            user={{ id: data.id, displayName: name, kind }}
            onClose={() => setIsErasing(false)}
            onErased={onErased}
          />
        ) : null}
      </td>
    </tr>
  );
}
