import { defineMessages } from '../../../i18n/define-messages.ts';

/** Role names as the console shows them. */
export const roleMessages = defineMessages({
  OWNER: { id: 'team.role.owner', defaultMessage: 'Owner' },
  ADMIN: { id: 'team.role.admin', defaultMessage: 'Admin' },
  MEMBER: { id: 'team.role.member', defaultMessage: 'Member' },
  END_USER: { id: 'team.role.endUser', defaultMessage: 'End user' },
});

export const teamMessages = defineMessages({
  role: { id: 'team.role', defaultMessage: 'Role' },
  roleOf: { id: 'team.role.of', defaultMessage: 'Role of {name}' },
  roleFilter: { id: 'team.role.filter', defaultMessage: 'Show' },
  allRoles: { id: 'team.role.all', defaultMessage: 'Everyone' },
  teamOnly: { id: 'team.role.team', defaultMessage: 'The team' },
  remove: { id: 'team.remove', defaultMessage: 'Remove from team' },
  removeLabel: { id: 'team.remove.label', defaultMessage: 'Remove from team: {name}' },
  removeConfirm: { id: 'team.remove.confirm', defaultMessage: 'Confirm removal' },
  removeConfirmLabel: {
    id: 'team.remove.confirm.label',
    defaultMessage: 'Confirm removal of {name} from the team (their ideas and comments stay)',
  },
  cancel: { id: 'team.cancel', defaultMessage: 'Cancel' },
  inviteTitle: { id: 'team.invite.title', defaultMessage: 'Team' },
  inviteIntro: {
    id: 'team.invite.intro',
    defaultMessage:
      'Invite a teammate by email. Admins can do everything but billing; members see every board and idea, comment and change statuses.',
  },
  email: { id: 'team.invite.email', defaultMessage: 'Email' },
  invite: { id: 'team.invite.send', defaultMessage: 'Send invitation' },
  inviting: { id: 'team.invite.sending', defaultMessage: 'Sending…' },
  invited: { id: 'team.invite.sent', defaultMessage: 'Invitation sent to {email}.' },
  invitedOutbox: {
    id: 'team.invite.sent.outbox',
    defaultMessage: 'Invitation link made for {email}: no mail was sent, share the link.',
  },
  pendingTitle: { id: 'team.pending.title', defaultMessage: 'Pending invitations' },
  pendingEmpty: { id: 'team.pending.empty', defaultMessage: 'No invitations waiting.' },
  expires: { id: 'team.pending.expires', defaultMessage: 'Link valid until {date}' },
  expired: { id: 'team.pending.expired', defaultMessage: 'Link expired' },
  newLink: { id: 'team.pending.newLink', defaultMessage: 'Make a new link' },
  newLinkLabel: {
    id: 'team.pending.newLink.label',
    defaultMessage: 'Make a new link for the invitation to {email}',
  },
  pendingHint: {
    id: 'team.pending.hint',
    defaultMessage:
      '“Make a new link” voids this invitation’s links, the mailed one included: only the new link works; it is shown for you to copy and mailed again. To share an invitation yourself, copy the link shown when you send it: the mailed link keeps working.',
  },
  pendingHintOutbox: {
    id: 'team.pending.hint.outbox',
    defaultMessage:
      '“Make a new link” voids this invitation’s links: only the new link works, and it is shown for you to copy. This server sends no mail, so send each link yourself.',
  },
  newLinkMade: {
    id: 'team.pending.newLink.made',
    defaultMessage: 'A new link was made for {email}; the old one no longer works.',
  },
  newLinkMadeOutbox: {
    id: 'team.pending.newLink.made.outbox',
    defaultMessage:
      'A new link was made for {email}; the old one no longer works. This server sends no mail: the new mail is only in the server’s log, so copy the link and send it yourself.',
  },
  mailHeld: {
    id: 'team.pending.mailHeld',
    defaultMessage: 'Mail waits for your address confirmation',
  },
  invitedHeld: {
    id: 'team.invite.created',
    defaultMessage:
      'Invitation created for {email}. Copy the link; the mail goes once you confirm your address.',
  },
  linkTitle: { id: 'team.link.title', defaultMessage: 'Invitation link' },
  linkOnce: {
    id: 'team.link.once',
    defaultMessage:
      'Send this link to {email} yourself. It works once, until {date}. It won’t be shown again: if you lose it, make a new link (this one then stops working).',
  },
  linkLabel: { id: 'team.link.label', defaultMessage: 'Invitation link for {email}' },
  linkCopy: { id: 'team.link.copy', defaultMessage: 'Copy' },
  linkCopied: { id: 'team.link.copied', defaultMessage: 'Copied' },
  linkMailed: { id: 'team.link.mailed', defaultMessage: 'We have mailed it to {email} too.' },
  linkOutbox: {
    id: 'team.link.outbox',
    defaultMessage:
      'This server sends no mail, so nothing went to {email}: copy the link and send it yourself.',
  },
  linkMailHeld: {
    id: 'team.link.mailHeld',
    defaultMessage: 'We will mail it to {email} too once you confirm your own address.',
  },
  linkDone: { id: 'team.link.done', defaultMessage: 'Done' },
  revoke: { id: 'team.pending.revoke', defaultMessage: 'Revoke' },
  revokeLabel: {
    id: 'team.pending.revoke.label',
    defaultMessage: 'Revoke the invitation to {email}',
  },
});
