import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { TextField } from '../../../forms/TextField.tsx';
import { useForm } from '../../../forms/useForm.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { graphql, useFragment } from 'react-relay';
import type { InvitationRow_invitation$key } from '../../../../__generated__/InvitationRow_invitation.graphql.ts';
import type { TeamPanel_query$key } from '../../../../__generated__/TeamPanel_query.graphql.ts';
import { InvitationLinkDialog } from './InvitationLinkDialog.tsx';
import type { TShownLink } from './InvitationLinkDialog.tsx';
import { InvitationRow } from './InvitationRow.tsx';
import { roleMessages, teamMessages } from './team-messages.ts';
import { useInviteMutation } from './useTeamMutations.ts';

type TInvitation = { id: string } & InvitationRow_invitation$key;

/**
 * The "Team" card of the users screen: invite by email with a role (the answer's link is shown
 * once in a dialog to copy), and pending invitations (copy a new link, revoke). On a server
 * without SMTP (mailDelivery OUTBOX) every text says that no mail went.
 */
export function TeamPanel({ query }: { query: TeamPanel_query$key }) {
  const intl = useIntl();
  const { invitations, mailDelivery } = useFragment(
    graphql`
      fragment TeamPanel_query on Query {
        mailDelivery
        invitations {
          id
          ...InvitationRow_invitation
        }
      }
    `,
    query,
  );
  const titleId = useId();
  const pendingId = useId();
  const roleId = useId();
  const [invite] = useInviteMutation();
  const [role, setRole] = useState<'MEMBER' | 'ADMIN'>('MEMBER');
  const [notice, setNotice] = useState<string | null>(null);
  const [linkShown, setLinkShown] = useState<TShownLink | null>(null);
  const [added, setAdded] = useState<TInvitation[]>([]);
  const [revoked, setRevoked] = useState<ReadonlySet<string>>(new Set());
  const isOutbox = mailDelivery === 'OUTBOX';
  const form = useForm({ email: { required: true, min: 6, max: 50, email: true } });

  const send = useAction(async (email: string) => {
    setNotice(null);
    const result = (await invite({ email, role })).inviteMember;
    if (result.__typename === 'MutationInviteMemberSuccess') {
      const { data } = result;
      setAdded((list) => [data, ...list]);
      const said = isOutbox
        ? teamMessages.invitedOutbox
        : data.isMailHeld
          ? teamMessages.invitedHeld
          : teamMessages.invited;
      setNotice(intl.formatMessage(said, { email }));
      if (data.link) setLinkShown({ ...data, link: data.link });
      form.reset();
      return null;
    }
    if (result.__typename === 'AppError') {
      if (form.setServerErrors(result.fields)) return null;
      return { text: result.message, code: result.code };
    }
    return { descriptor: commonMessages.genericError };
  });
  const shown = [...added, ...invitations.filter((i) => !added.some((a) => a.id === i.id))].filter(
    (i) => !revoked.has(i.id),
  );

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {intl.formatMessage(teamMessages.inviteTitle)}
      </h2>
      <p className="muted">{intl.formatMessage(teamMessages.inviteIntro)}</p>
      <div className="team-notice" aria-live="polite">
        {notice ? <p className="alert alert--success">{notice}</p> : null}
      </div>
      <form
        className="form"
        onSubmit={form.handleSubmit(({ email }) => void send.run(email))}
        noValidate
      >
        <TextField
          {...form.bind('email')}
          type="email"
          label={intl.formatMessage(teamMessages.email)}
          isRequired
        />
        <div className="field">
          <label className="field__label" htmlFor={roleId}>
            {intl.formatMessage(teamMessages.role)}
          </label>
          <select
            id={roleId}
            className="field__input field__select"
            value={role}
            onChange={(event) => setRole(event.target.value === 'ADMIN' ? 'ADMIN' : 'MEMBER')}
          >
            <option value="MEMBER">{intl.formatMessage(roleMessages.MEMBER)}</option>
            <option value="ADMIN">{intl.formatMessage(roleMessages.ADMIN)}</option>
          </select>
        </div>
        <ActionError failure={send.failure} />
        <div className="form__actions">
          <PendingButton
            type="submit"
            isPending={send.isPending}
            pendingLabel={intl.formatMessage(teamMessages.inviting)}
          >
            {intl.formatMessage(teamMessages.invite)}
          </PendingButton>
        </div>
      </form>
      <h3 id={pendingId} className="card__subtitle">
        {intl.formatMessage(teamMessages.pendingTitle)}
      </h3>
      {shown.length === 0 ? (
        <p className="muted">{intl.formatMessage(teamMessages.pendingEmpty)}</p>
      ) : (
        <>
          <p className="muted">
            {intl.formatMessage(
              isOutbox ? teamMessages.pendingHintOutbox : teamMessages.pendingHint,
            )}
          </p>
          <ul className="invitation-list" aria-labelledby={pendingId}>
            {shown.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                isOutbox={isOutbox}
                onNotice={setNotice}
                onLink={setLinkShown}
                onRevoked={(id) => setRevoked((set) => new Set([...set, id]))}
              />
            ))}
          </ul>
        </>
      )}
      <InvitationLinkDialog
        shown={linkShown}
        isOutbox={isOutbox}
        onClose={() => setLinkShown(null)}
      />
    </section>
  );
}
