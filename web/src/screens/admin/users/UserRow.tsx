import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { UserRow_user$key } from '../../../../__generated__/UserRow_user.graphql.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { BlockUserModal } from './BlockUserModal.tsx';
import { EraseUserModal } from './EraseUserModal.tsx';
import { TeamRoleCell } from './TeamRoleCell.tsx';
import { useUnblockEndUserMutation } from './useBlockMutations.ts';
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
  blocked: { id: 'users.blocked', defaultMessage: 'Blocked' },
  block: { id: 'users.block', defaultMessage: 'Block' },
  blockLabel: { id: 'users.block.label', defaultMessage: 'Block {name}…' },
  unblock: { id: 'users.unblock', defaultMessage: 'Unblock' },
  unblockLabel: { id: 'users.unblock.label', defaultMessage: 'Unblock {name}' },
  unblocking: { id: 'users.unblocking', defaultMessage: 'Unblocking…' },
  unblocked: {
    id: 'users.unblocked',
    defaultMessage: '{name} can vote, comment and add ideas again.',
  },
});

/**
 * One company user in the users table, with the GDPR actions: export their data as a JSON file,
 * and erase them; and for end users, block (asking whether their votes go too) or unblock
 * (team members are neither erased nor blocked here). `onNotice` tells the screen what was done.
 */
export function UserRow({
  user,
  onNotice,
}: {
  user: UserRow_user$key;
  onNotice: (message: string) => void;
}) {
  const intl = useIntl();
  const [isErasing, setIsErasing] = useState(false);
  const [isBlocking, setIsBlocking] = useState(false);
  const [unblock] = useUnblockEndUserMutation();
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
        blockedAt
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
  const unblockAction = useAction(async () => {
    const result = (await unblock({ userId: data.id })).unblockEndUser;
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    onNotice(intl.formatMessage(messages.unblocked, { name }));
    return null;
  });
  const isBlocked = Boolean(data.blockedAt);
  return (
    <tr>
      <td>
        <span className="table__user">
          <Avatar name={data.displayName} photoUrl={data.photoUrl} />
          {data.displayName}
          {isBlocked ? (
            <span className="badge badge--blocked">{intl.formatMessage(messages.blocked)}</span>
          ) : null}
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
            <>
              {isBlocked ? (
                <PendingButton
                  className="button button--secondary"
                  isPending={unblockAction.isPending}
                  pendingLabel={intl.formatMessage(messages.unblocking)}
                  aria-label={intl.formatMessage(messages.unblockLabel, { name })}
                  onClick={() => void unblockAction.run()}
                >
                  {intl.formatMessage(messages.unblock)}
                </PendingButton>
              ) : (
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={intl.formatMessage(messages.blockLabel, { name })}
                  onClick={() => setIsBlocking(true)}
                >
                  {intl.formatMessage(messages.block)}
                </button>
              )}
              <button
                type="button"
                className="button button--danger"
                aria-label={intl.formatMessage(messages.eraseLabel, { name })}
                onClick={() => setIsErasing(true)}
              >
                {intl.formatMessage(messages.erase)}
              </button>
            </>
          ) : (
            <span className="muted">{intl.formatMessage(messages.teamMember)}</span>
          )}
        </div>
        <ActionError failure={exportAction.failure ?? unblockAction.failure} />
        {isErasing ? (
          <EraseUserModal
            user={{ id: data.id, displayName: name, kind }}
            onClose={() => setIsErasing(false)}
            onErased={onNotice}
          />
        ) : null}
        {isBlocking ? (
          <BlockUserModal
            user={{ id: data.id, displayName: name }}
            onClose={() => setIsBlocking(false)}
            onBlocked={onNotice}
          />
        ) : null}
      </td>
    </tr>
  );
}
