import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { InvitationRow_invitation$key } from '../../../../__generated__/InvitationRow_invitation.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import type { TShownLink } from './InvitationLinkDialog.tsx';
import { roleMessages, teamMessages } from './team-messages.ts';
import { useResendInvitationMutation, useRevokeInvitationMutation } from './useTeamMutations.ts';

/**
 * One pending invitation: address, role, link validity, whether its mail waits for the
 * inviter's confirmation; "Make a new link" (a new link to copy, mailed too; the old one stops
 * working) and revoke. On a server that sends no mail (`isOutbox`) the notice says none went.
 */
export function InvitationRow({
  invitation,
  isOutbox,
  onNotice,
  onLink,
  onRevoked,
}: {
  invitation: InvitationRow_invitation$key;
  isOutbox: boolean;
  onNotice: (text: string) => void;
  onLink: (shown: TShownLink) => void;
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
        isMailHeld
      }
    `,
    invitation,
  );
  const [resendInvitation] = useResendInvitationMutation();
  const [revokeInvitation] = useRevokeInvitationMutation();
  const resend = useAction(async () => {
    const result = (await resendInvitation({ invitationId: data.id })).resendInvitation;
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    if (result.__typename !== 'MutationResendInvitationSuccess' || !result.data.link) {
      return { descriptor: commonMessages.genericError };
    }
    const made = isOutbox ? teamMessages.newLinkMadeOutbox : teamMessages.newLinkMade;
    onNotice(intl.formatMessage(made, { email: data.email }));
    onLink({ ...result.data, link: result.data.link });
    return null;
  });
  const revoke = useAction(async () => {
    const result = (await revokeInvitation({ invitationId: data.id })).revokeInvitation;
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
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
        {/* A server that sends no mail holds none back (walkthrough 11, F5). */}
        {data.isMailHeld && !isOutbox ? (
          <span className="invitation__held">{intl.formatMessage(teamMessages.mailHeld)}</span>
        ) : null}
      </span>
      <span className="table__actions">
        <PendingButton
          className="button button--secondary"
          isPending={resend.isPending}
          aria-label={intl.formatMessage(teamMessages.newLinkLabel, { email: data.email })}
          onClick={() => void resend.run()}
        >
          {intl.formatMessage(teamMessages.newLink)}
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
