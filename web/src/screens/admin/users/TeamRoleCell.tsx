import { useContext, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { TeamRoleCell_user$key } from '../../../../__generated__/TeamRoleCell_user.graphql.ts';
import { RoleContext, hasRole } from '../../../layout/nav-items.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { roleMessages, teamMessages } from './team-messages.ts';
import { useChangeRoleMutation, useRemoveMemberMutation } from './useTeamMutations.ts';

/**
 * A user's role in the users table. For an ADMIN or MEMBER, the console's admins get a role
 * picker and "Remove from team" (asked twice); the owner and end users show their role alone.
 */
export function TeamRoleCell({ user }: { user: TeamRoleCell_user$key }) {
  const intl = useIntl();
  const pickerId = useId();
  const viewerRole = useContext(RoleContext);
  const data = useFragment(
    graphql`
      fragment TeamRoleCell_user on CompanyUser {
        id
        role
        displayName
      }
    `,
    user,
  );
  const [changeRole] = useChangeRoleMutation();
  const [removeMember] = useRemoveMemberMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const change = useAction(async (role: 'ADMIN' | 'MEMBER') => {
    const result = (await changeRole({ userId: data.id, role })).changeMemberRole;
    return result.__typename === 'AppError' ? { text: result.message, code: result.code } : null;
  });
  const remove = useAction(async () => {
    const result = (await removeMember({ userId: data.id })).removeMember;
    setIsConfirming(false);
    return result.__typename === 'AppError' ? { text: result.message, code: result.code } : null;
  });
  const name = data.displayName;
  const role = data.role;
  if ((role !== 'ADMIN' && role !== 'MEMBER') || !hasRole(viewerRole, 'ADMIN')) {
    const known = role in roleMessages ? roleMessages[role as keyof typeof roleMessages] : null;
    return <span className="role">{known ? intl.formatMessage(known) : role}</span>;
  }
  return (
    <div className="team-role">
      <label className="visually-hidden" htmlFor={pickerId}>
        {intl.formatMessage(teamMessages.roleOf, { name })}
      </label>
      <select
        id={pickerId}
        className="field__input field__select"
        value={role}
        disabled={change.isPending}
        onChange={(event) => void change.run(event.target.value === 'ADMIN' ? 'ADMIN' : 'MEMBER')}
      >
        <option value="ADMIN">{intl.formatMessage(roleMessages.ADMIN)}</option>
        <option value="MEMBER">{intl.formatMessage(roleMessages.MEMBER)}</option>
      </select>
      {isConfirming ? (
        <>
          <PendingButton
            className="button button--danger"
            isPending={remove.isPending}
            aria-label={intl.formatMessage(teamMessages.removeConfirmLabel, { name })}
            onClick={() => void remove.run()}
          >
            {intl.formatMessage(teamMessages.removeConfirm)}
          </PendingButton>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setIsConfirming(false)}
          >
            {intl.formatMessage(teamMessages.cancel)}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          aria-label={intl.formatMessage(teamMessages.removeLabel, { name })}
          onClick={() => setIsConfirming(true)}
        >
          {intl.formatMessage(teamMessages.remove)}
        </button>
      )}
      <ActionError failure={change.failure ?? remove.failure} />
    </div>
  );
}
