import { defineMessages } from '../../../i18n/define-messages.ts';

export const CLOSED_STATUSES = ['OPEN', 'REVIEW', 'PLANNED', 'IN_PROGRESS', 'COMPLETE'] as const;
export type TClosedStatus = (typeof CLOSED_STATUSES)[number];

export const closedStatusMessages = defineMessages({
  OPEN: { id: 'integrations.tracker.status.open', defaultMessage: 'Open' },
  REVIEW: { id: 'integrations.tracker.status.review', defaultMessage: 'Under review' },
  PLANNED: { id: 'integrations.tracker.status.planned', defaultMessage: 'Planned' },
  IN_PROGRESS: { id: 'integrations.tracker.status.inProgress', defaultMessage: 'In progress' },
  COMPLETE: { id: 'integrations.tracker.status.complete', defaultMessage: 'Complete' },
});

const github = defineMessages({
  title: { id: 'integrations.github.title', defaultMessage: 'GitHub' },
  intro: {
    id: 'integrations.github.intro',
    defaultMessage:
      'Create GitHub issues from ideas or link existing ones. When a linked issue is closed, its ideas move to the status you choose and their voters are told.',
  },
  token: { id: 'integrations.github.field.token', defaultMessage: 'Personal access token' },
  tokenHint: {
    id: 'integrations.github.field.tokenHint',
    defaultMessage:
      'A fine-grained token for the repository with Issues: read and write. It is stored encrypted.',
  },
  place: { id: 'integrations.github.field.repository', defaultMessage: 'Repository' },
  placeHint: {
    id: 'integrations.github.field.repositoryHint',
    defaultMessage: 'Owner and name, e.g. acme/roadmap.',
  },
  secretHint: {
    id: 'integrations.github.field.secretHint',
    defaultMessage:
      'A long random text; give GitHub the same one when you add the webhook. It is stored encrypted.',
  },
  webhookHowTo: {
    id: 'integrations.github.webhookHowTo',
    defaultMessage:
      'In the repository: Settings → Webhooks → Add webhook. Paste this URL, choose application/json, the same secret, and only the Issues event.',
  },
  connect: { id: 'integrations.github.connect', defaultMessage: 'Connect GitHub' },
});

const linear = defineMessages({
  title: { id: 'integrations.linear.title', defaultMessage: 'Linear' },
  intro: {
    id: 'integrations.linear.intro',
    defaultMessage:
      'Create Linear issues from ideas or link existing ones. When a linked issue is completed, its ideas move to the status you choose and their voters are told.',
  },
  token: { id: 'integrations.linear.field.token', defaultMessage: 'API key' },
  tokenHint: {
    id: 'integrations.linear.field.tokenHint',
    defaultMessage:
      'A personal API key from Linear’s Settings → Security & access. It is stored encrypted.',
  },
  place: { id: 'integrations.linear.field.teamId', defaultMessage: 'Team ID' },
  placeHint: {
    id: 'integrations.linear.field.teamIdHint',
    defaultMessage: 'The ID of the team new issues go to.',
  },
  secretHint: {
    id: 'integrations.linear.field.secretHint',
    defaultMessage:
      'Linear shows a signing secret once you create its webhook: you may add it afterwards. It is stored encrypted.',
  },
  webhookHowTo: {
    id: 'integrations.linear.webhookHowTo',
    defaultMessage:
      'In Linear: Settings → API → Webhooks → New webhook. Paste this URL, choose Issues, then copy its signing secret into the field below.',
  },
  connect: { id: 'integrations.linear.connect', defaultMessage: 'Connect Linear' },
});

export const trackerMessages = {
  github,
  linear,
  ...defineMessages({
    webhookSecret: {
      id: 'integrations.tracker.field.webhookSecret',
      defaultMessage: 'Webhook signing secret',
    },
    keepSecret: {
      id: 'integrations.tracker.field.keepSecret',
      defaultMessage: 'Leave it empty to keep the stored one.',
    },
    closedStatus: {
      id: 'integrations.tracker.field.closedStatus',
      defaultMessage: 'When a linked issue is closed, move the idea to',
    },
    closedStatusHint: {
      id: 'integrations.tracker.field.closedStatusHint',
      defaultMessage: 'Its voters are notified as for any status change.',
    },
    webhookUrl: { id: 'integrations.tracker.webhookUrl', defaultMessage: 'Webhook URL' },
    tokenSet: { id: 'integrations.tracker.tokenSet', defaultMessage: 'Set (ends in {hint})' },
    secretSet: { id: 'integrations.tracker.secretSet', defaultMessage: 'Set' },
    secretMissing: {
      id: 'integrations.tracker.secretMissing',
      defaultMessage: 'Not set: status changes from webhooks are refused',
    },
    save: { id: 'integrations.tracker.save', defaultMessage: 'Save changes' },
    saving: { id: 'integrations.tracker.saving', defaultMessage: 'Saving…' },
    saved: { id: 'integrations.tracker.saved', defaultMessage: 'Connection saved.' },
    disconnect: { id: 'integrations.tracker.disconnect', defaultMessage: 'Disconnect' },
    confirmDisconnect: {
      id: 'integrations.tracker.confirmDisconnect',
      defaultMessage: 'Really disconnect (links to issues are removed)',
    },
    disconnecting: { id: 'integrations.tracker.disconnecting', defaultMessage: 'Disconnecting…' },
    disconnected: { id: 'integrations.tracker.disconnected', defaultMessage: 'Disconnected.' },
  }),
};
