import { defineMessages } from '../../../i18n/define-messages.ts';

export const integrationMessages = defineMessages({
  title: { id: 'integrations.title', defaultMessage: 'Integrations' },
  intro: {
    id: 'integrations.intro',
    defaultMessage:
      'Connect the tools your team already works in. Secrets you paste here are stored encrypted and never shown again.',
  },
});

export const slackMessages = defineMessages({
  title: { id: 'integrations.slack.title', defaultMessage: 'Slack' },
  intro: {
    id: 'integrations.slack.intro',
    defaultMessage:
      'Post new ideas, acceptances, status changes, comments and releases to a Slack channel. In Slack, create an app with an incoming webhook for the channel and paste its URL here.',
  },
  addTitle: { id: 'integrations.slack.add.title', defaultMessage: 'Connect a Slack channel' },
  url: { id: 'integrations.slack.field.url', defaultMessage: 'Incoming webhook URL' },
  urlHint: {
    id: 'integrations.slack.field.urlHint',
    defaultMessage: 'It starts with https://hooks.slack.com/services/ and is kept secret.',
  },
  newUrlHint: {
    id: 'integrations.slack.field.newUrlHint',
    defaultMessage: 'Leave it empty to keep the URL ending in {hint}.',
  },
  events: { id: 'integrations.slack.field.events', defaultMessage: 'Post about' },
  board: { id: 'integrations.slack.field.board', defaultMessage: 'Board' },
  allBoards: { id: 'integrations.slack.field.allBoards', defaultMessage: 'All boards' },
  language: { id: 'integrations.slack.field.language', defaultMessage: 'Message language' },
  connect: { id: 'integrations.slack.add.submit', defaultMessage: 'Connect Slack' },
  connecting: { id: 'integrations.slack.add.saving', defaultMessage: 'Connecting…' },
  save: { id: 'integrations.slack.edit.save', defaultMessage: 'Save changes' },
  saving: { id: 'integrations.slack.edit.saving', defaultMessage: 'Saving…' },
  cancel: { id: 'integrations.slack.edit.cancel', defaultMessage: 'Cancel' },
  edit: { id: 'integrations.slack.action.edit', defaultMessage: 'Edit' },
  editTitle: { id: 'integrations.slack.edit.title', defaultMessage: 'Edit the connection' },
  empty: { id: 'integrations.slack.empty', defaultMessage: 'No Slack channel connected yet.' },
  connectionTitle: {
    id: 'integrations.slack.connection.title',
    defaultMessage: 'Slack channel ({hint})',
  },
  boardOnly: { id: 'integrations.slack.boardOnly', defaultMessage: 'Board: {name}' },
  everyBoard: { id: 'integrations.slack.everyBoard', defaultMessage: 'Every board' },
  sendTest: { id: 'integrations.slack.action.test', defaultMessage: 'Send test message' },
  sending: { id: 'integrations.slack.action.testing', defaultMessage: 'Sending…' },
  disconnect: { id: 'integrations.slack.action.disconnect', defaultMessage: 'Disconnect' },
  confirmDisconnect: {
    id: 'integrations.slack.action.confirmDisconnect',
    defaultMessage: 'Really disconnect',
  },
  testDelivered: {
    id: 'integrations.slack.test.delivered',
    defaultMessage: 'Test message posted to Slack.',
  },
  testFailed: {
    id: 'integrations.slack.test.failed',
    defaultMessage: 'Slack did not take the test message: see the last delivery.',
  },
  lastDelivery: {
    id: 'integrations.slack.lastDelivery',
    defaultMessage: 'Last delivery: {line}',
  },
  noDelivery: { id: 'integrations.slack.noDelivery', defaultMessage: 'Nothing sent yet.' },
  deliveryLine: {
    id: 'integrations.slack.deliveryLine',
    defaultMessage: '{status} · {time}',
  },
  saved: { id: 'integrations.slack.saved', defaultMessage: 'Slack connection saved.' },
});

export const slackEventMessages = defineMessages({
  IDEA_CREATED: { id: 'integrations.slack.event.ideaCreated', defaultMessage: 'New ideas' },
  IDEA_ACCEPTED: {
    id: 'integrations.slack.event.ideaAccepted',
    defaultMessage: 'Ideas accepted',
  },
  IDEA_STATUS_CHANGED: {
    id: 'integrations.slack.event.statusChanged',
    defaultMessage: 'Status changes',
  },
  COMMENT_ADDED: { id: 'integrations.slack.event.commentAdded', defaultMessage: 'New comments' },
  RELEASE_PUBLISHED: {
    id: 'integrations.slack.event.releasePublished',
    defaultMessage: 'Published releases',
  },
});

export const slackLanguageMessages = defineMessages({
  'en-US': { id: 'integrations.slack.language.en', defaultMessage: 'English' },
  'pl-PL': { id: 'integrations.slack.language.pl', defaultMessage: 'Polish' },
});

export const SLACK_EVENTS = [
  'IDEA_CREATED',
  'IDEA_ACCEPTED',
  'IDEA_STATUS_CHANGED',
  'COMMENT_ADDED',
  'RELEASE_PUBLISHED',
] as const;
export type TSlackEventName = (typeof SLACK_EVENTS)[number];
export const SLACK_LANGUAGES = ['en-US', 'pl-PL'] as const;
export type TSlackLanguage = (typeof SLACK_LANGUAGES)[number];
