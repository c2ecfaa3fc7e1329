import { defineMessages } from '../../../i18n/define-messages.ts';

export const webhookMessages = defineMessages({
  title: { id: 'webhooks.title', defaultMessage: 'Webhooks' },
  intro: {
    id: 'webhooks.intro',
    defaultMessage:
      'Tell your own systems what happens on your boards. Each event is POSTed as JSON and signed the Standard Webhooks way (the webhook-id, webhook-timestamp and webhook-signature headers, which any Standard Webhooks library checks); failed deliveries are retried with growing pauses. Addresses on a private network (localhost, 10.x, 192.168.x) are refused unless the server’s operator allows them.',
  },
  addTitle: { id: 'webhooks.add.title', defaultMessage: 'Add a webhook' },
  url: { id: 'webhooks.field.url', defaultMessage: 'Address (URL)' },
  urlHint: {
    id: 'webhooks.field.urlHint',
    defaultMessage: 'An http:// or https:// address of your server.',
  },
  events: { id: 'webhooks.field.events', defaultMessage: 'Events' },
  board: { id: 'webhooks.field.board', defaultMessage: 'Board' },
  allBoards: { id: 'webhooks.field.allBoards', defaultMessage: 'All boards' },
  add: { id: 'webhooks.add.submit', defaultMessage: 'Add webhook' },
  adding: { id: 'webhooks.add.saving', defaultMessage: 'Adding…' },
  secretTitle: { id: 'webhooks.secret.title', defaultMessage: 'Signing secret' },
  secretText: {
    id: 'webhooks.secret.text',
    defaultMessage:
      'Copy it now: it is shown only this once. Your server verifies each delivery’s signature with it.',
  },
  empty: { id: 'webhooks.empty', defaultMessage: 'No webhooks yet.' },
  enabled: { id: 'webhooks.enabled', defaultMessage: 'Enabled' },
  disabled: { id: 'webhooks.disabled', defaultMessage: 'Disabled' },
  enable: { id: 'webhooks.action.enable', defaultMessage: 'Enable' },
  disable: { id: 'webhooks.action.disable', defaultMessage: 'Disable' },
  sendTest: { id: 'webhooks.action.test', defaultMessage: 'Send test' },
  sending: { id: 'webhooks.action.testing', defaultMessage: 'Sending…' },
  rotate: { id: 'webhooks.action.rotate', defaultMessage: 'New secret' },
  remove: { id: 'webhooks.action.delete', defaultMessage: 'Delete' },
  confirmRemove: { id: 'webhooks.action.confirmDelete', defaultMessage: 'Really delete' },
  refresh: { id: 'webhooks.action.refresh', defaultMessage: 'Refresh log' },
  testDelivered: {
    id: 'webhooks.test.delivered',
    defaultMessage: 'Test delivered: your server answered 2xx.',
  },
  testFailed: {
    id: 'webhooks.test.failed',
    defaultMessage: 'Test not delivered yet: see the log for the answer. It will be retried.',
  },
  logTitle: { id: 'webhooks.log.title', defaultMessage: 'Delivery log' },
  logEmpty: { id: 'webhooks.log.empty', defaultMessage: 'Nothing sent yet.' },
  logEvent: { id: 'webhooks.log.event', defaultMessage: 'Event' },
  logStatus: { id: 'webhooks.log.status', defaultMessage: 'Status' },
  logAttempts: { id: 'webhooks.log.attempts', defaultMessage: 'Attempts' },
  logAnswer: { id: 'webhooks.log.answer', defaultMessage: 'Answer' },
  logDuration: { id: 'webhooks.log.duration', defaultMessage: 'Duration' },
  logTime: { id: 'webhooks.log.time', defaultMessage: 'Time' },
  logError: { id: 'webhooks.log.error', defaultMessage: 'Last error' },
  boardOnly: { id: 'webhooks.boardOnly', defaultMessage: 'Board: {name}' },
});

export const eventMessages = defineMessages({
  IDEA_CREATED: { id: 'webhooks.event.ideaCreated', defaultMessage: 'Idea created' },
  IDEA_STATUS_CHANGED: {
    id: 'webhooks.event.statusChanged',
    defaultMessage: 'Status changed',
  },
  IDEA_DECLINED: { id: 'webhooks.event.declined', defaultMessage: 'Idea declined or merged' },
  COMMENT_ADDED: { id: 'webhooks.event.commentAdded', defaultMessage: 'Comment added' },
  VOTE_CHANGED: { id: 'webhooks.event.voteChanged', defaultMessage: 'Vote changed' },
  RELEASE_PUBLISHED: { id: 'webhooks.event.releasePublished', defaultMessage: 'Release published' },
});

export const deliveryStatusMessages = defineMessages({
  PENDING: { id: 'webhooks.delivery.pending', defaultMessage: 'Retrying' },
  SUCCEEDED: { id: 'webhooks.delivery.succeeded', defaultMessage: 'Delivered' },
  FAILED: { id: 'webhooks.delivery.failed', defaultMessage: 'Failed' },
});

export const WEBHOOK_EVENTS = [
  'IDEA_CREATED',
  'IDEA_STATUS_CHANGED',
  'IDEA_DECLINED',
  'COMMENT_ADDED',
  'VOTE_CHANGED',
  'RELEASE_PUBLISHED',
] as const;
export type TWebhookEventName = (typeof WEBHOOK_EVENTS)[number];
