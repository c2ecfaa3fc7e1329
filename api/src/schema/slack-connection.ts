import { administeredCompanyId, toRowId } from '../services/access.ts';
import { connectSlack } from '../services/integrations/slack/connect-slack.ts';
import { disconnectSlack } from '../services/integrations/slack/disconnect-slack.ts';
import { listSlackConnections } from '../services/integrations/slack/slack-connections.ts';
import { SLACK_EVENTS } from '../services/integrations/slack/slack-message.ts';
import { sendSlackTest } from '../services/integrations/slack/send-slack-test.ts';
import { updateSlackConnection } from '../services/integrations/slack/update-slack-connection.ts';
import { BoardType } from './board.ts';
import { builder } from './builder.ts';
import { decodeClearableId, decodeId, decodeOptionalId, globalId } from './ids.ts';
import { WebhookDeliveryType } from './webhook-delivery.ts';

export const SlackEventEnum = builder.enumType('SlackEvent', {
  description: 'What a Slack connection posts about.',
  values: {
    IDEA_CREATED: { description: 'A new idea.' },
    IDEA_ACCEPTED: { description: 'An idea awaiting acceptance was made public.' },
    IDEA_STATUS_CHANGED: { description: 'An idea moved to another status (declines too).' },
    COMMENT_ADDED: { description: 'A comment on an idea.' },
    RELEASE_PUBLISHED: { description: 'A release was published.' },
  } satisfies Record<(typeof SLACK_EVENTS)[number], { description: string }>,
});

export const SlackConnectionType = builder.prismaNode('SlackConnection', {
  name: 'SlackIntegration',
  description:
    'A Slack incoming webhook of the company: its chosen events are posted to a channel. The URL is stored sealed and never answered; `urlHint` tells connections apart.',
  id: { field: 'id' },
  findUnique: (id, context) => ({
    id: toRowId(id),
    companyId: administeredCompanyId(context.viewer),
  }),
  nullable: true,
  fields: (t) => ({
    urlHint: t.exposeString('urlHint', {
      description: 'Slack’s host and the URL’s last four characters (`hooks.slack.com/…/Xy12`).',
    }),
    events: t.field({
      type: [SlackEventEnum],
      description: 'The events it posts about.',
      resolve: (connection) =>
        connection.events.filter((event): event is (typeof SLACK_EVENTS)[number] =>
          (SLACK_EVENTS as readonly string[]).includes(event),
        ),
    }),
    board: t.relation('board', {
      type: BoardType,
      nullable: true,
      description: 'Only this board’s events; null: every board of the company.',
    }),
    language: t.exposeString('language', {
      description: 'The messages’ language: en-US or pl-PL.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was connected.' }),
    deliveries: t.relation('deliveries', {
      type: WebhookDeliveryType,
      description: 'The messages sent (or to be sent), newest first.',
      args: { first: t.arg.int({ defaultValue: 20, description: 'How many (1 to 100).' }) },
      query: (args) => ({
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: Math.min(Math.max(1, Math.trunc(args.first ?? 20) || 20), 100),
      }),
    }),
  }),
});

const DisconnectedSlackType = builder
  .objectRef<{ id: number }>('DisconnectedSlackIntegration')
  .implement({
    description: 'A Slack connection that was removed.',
    fields: (t) => ({
      disconnectedSlackConnectionId: t.id({
        description: 'The id it had (remove it from client stores).',
        resolve: (d) => globalId('SlackIntegration', d.id),
      }),
    }),
  });

builder.queryField('slackConnections', (t) =>
  t.field({
    type: [SlackConnectionType],
    authScopes: { companyAdmin: true },
    description: "The company's Slack connections, newest first (owners and admins).",
    resolve: (_root, _args, context) => listSlackConnections(context.deps, context.viewer),
  }),
);

const connectionId = (id: string | number) => decodeId(id, 'SlackIntegration');

builder.mutationFields((t) => ({
  connectSlack: t.field({
    type: SlackConnectionType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Connects a Slack incoming webhook (owners and admins signed in; not API keys). The URL is sealed at rest and never answered again; without SECRETS_KEY on the server the `url` field is refused.',
    args: {
      url: t.arg.string({
        required: true,
        description: 'The incoming-webhook URL Slack gave (https://hooks.slack.com/services/…).',
      }),
      events: t.arg({
        type: [SlackEventEnum],
        required: true,
        description: 'The events to post (at least one).',
      }),
      boardId: t.arg.id({ required: false, description: 'Only this board’s events.' }),
      language: t.arg.string({
        required: true,
        description: 'The messages’ language: en-US or pl-PL.',
      }),
    },
    resolve: (_root, args, context) =>
      connectSlack(context.deps, context.viewer, {
        url: args.url,
        events: args.events,
        boardId: decodeOptionalId(args.boardId, 'Board') ?? null,
        language: args.language,
      }),
  }),
  updateSlackConnection: t.field({
    type: SlackConnectionType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Changes a Slack connection (owners and admins signed in): any of its events, board filter (null: every board), language and URL.',
    args: {
      slackConnectionId: t.arg.id({ required: true, description: 'The connection’s global id.' }),
      url: t.arg.string({ required: false, description: 'A new URL; the stored one when absent.' }),
      events: t.arg({
        type: [SlackEventEnum],
        required: false,
        description: 'A new set of events; unchanged when absent.',
      }),
      boardId: t.arg.id({
        required: false,
        description: 'Only this board’s events (null: every board); unchanged when absent.',
      }),
      language: t.arg.string({
        required: false,
        description: 'en-US or pl-PL; unchanged when absent.',
      }),
    },
    resolve: (_root, args, context) =>
      updateSlackConnection(context.deps, context.viewer, connectionId(args.slackConnectionId), {
        url: args.url ?? undefined,
        events: args.events ?? undefined,
        boardId: decodeClearableId(args.boardId, 'Board'),
        language: args.language ?? undefined,
      }),
  }),
  disconnectSlack: t.field({
    type: DisconnectedSlackType,
    errors: {},
    authScopes: { signedIn: true },
    description: 'Removes a Slack connection with its message log (owners and admins signed in).',
    args: {
      slackConnectionId: t.arg.id({ required: true, description: 'The connection’s global id.' }),
    },
    resolve: (_root, args, context) =>
      disconnectSlack(context.deps, context.viewer, connectionId(args.slackConnectionId)),
  }),
  sendSlackTest: t.field({
    type: WebhookDeliveryType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Posts a test message to the connection’s channel now and answers the attempt: status, Slack’s answer code, duration, error.',
    args: {
      slackConnectionId: t.arg.id({ required: true, description: 'The connection’s global id.' }),
    },
    resolve: (_root, args, context) =>
      sendSlackTest(context.deps, context.viewer, connectionId(args.slackConnectionId)),
  }),
}));
