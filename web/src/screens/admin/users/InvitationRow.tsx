import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { InvitationRow_invitation$key } from '../../../../__generated__/InvitationRow_invitation.graphql.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { roleMessages, teamMessages } from './team-messages.ts';
import { useResendInvitationMutation, useRevokeInvitationMutation } from './useTeamMutations.ts';

/** One pending invitation: address, role, link validity; resend (a new link) and revoke. */
export function InvitationRow({
  invitation,
  onNotice,
  onRevoked,
}: {
  invitation: InvitationRow_invitation$key;
  onNotice: (text: string) => void;
  onRevoked: (id: string) => void;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment InvitationRow_invitation on Invitation {
        id
        email
        role
        expiresAt
        isExpired
      }
    `,
    invitation,
  );
  const [resendInvitation] = useResendInvitationMutation();
  const [revokeInvitation] = useRevokeInvitationMutation();
  const resend = useAction(async () => {
    const result = (await resendInvitation({ invitationId: data.id })).resendInvitation;
    if (result.__typename === 'AppError') return { text: result.message };
    onNotice(intl.formatMessage(teamMessages.resent, { email: data.email }));
    return null;
  });
  const revoke = useAction(async () => {
    const result = (await revokeInvitation({ invitationId: data.id })).revokeInvitation;
    if (result.__typename === 'AppError') return { text: result.message };
    onRevoked(data.id);
    return null;
  });
  const role = data.role === 'ADMIN' ? roleMessages.ADMIN : roleMessages.MEMBER;
  return (
    <li className="invitation">
      <span className="invitation__email">{data.email}</span>
      <span className="invitation__role">{intl.formatMessage(role)}</span>
      <span className="muted">
        {data.isExpired
          ? intl.formatMessage(teamMessages.expired)
          : intl.formatMessage(teamMessages.expires, {
              date: intl.formatDate(data.expiresAt, { dateStyle: 'medium' }),
            })}
      </span>
      <span className="table__actions">
        <PendingButton
          className="button button--secondary"
          isPending={resend.isPending}
          aria-label={intl.formatMessage(teamMessages.resendLabel, { email: data.email })}
          onClick={() => void resend.run()}
        >
          {intl.formatMessage(teamMessages.resend)}
        </PendingButton>
        <PendingButton
          className="button button--danger"
          isPending={revoke.isPending}
          aria-label={intl.formatMessage(teamMessages.revokeLabel, { email: data.email })}
          onClick={() => void revoke.run()}
        >
          {intl.formatMessage(teamMessages.revoke)}
        </PendingButton>
      </span>
      <ActionError failure={resend.failure ?? revoke.failure} />
    </li>
  );
}
