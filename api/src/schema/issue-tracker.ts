import type { IdeaIssueLink } from '../generated/prisma/client.ts';
import { administeredCompanyId, isTeamMemberOf, toRowId } from '../services/access.ts';
import {
  createIdeaIssue,
  linkIdeaIssue,
  listIdeaIssueLinks,
  unlinkIdeaIssue,
} from '../services/integrations/trackers/issue-links.ts';
import {
  CLOSED_STATUSES,
  connectTracker,
  disconnectTracker,
  listTrackerConnections,
  trackerWebhookUrl,
  updateTracker,
} from '../services/integrations/trackers/tracker-connections.ts';
import { BoardStatusType } from './board-status.ts';
import { builder } from './builder.ts';
import { IdeaType } from './idea.ts';
import type { TIdeaParent } from './idea.ts';
import { decodeClearableId, decodeId, globalId } from './ids.ts';
import { isTeamOfIdea } from './idea-team.ts';

export const IssueTrackerKindEnum = builder.enumType('IssueTrackerKind', {
  description: 'An issue tracker Feedboard links ideas to.',
  values: {
    GITHUB: { description: 'GitHub issues of one repository (REST API, a token).' },
    LINEAR: { description: 'Linear issues of one team (GraphQL API, an API key).' },
  },
});

export const TrackerClosedStatusEnum = builder.enumType('TrackerClosedStatus', {
  description: 'A status a closed issue may move its ideas to (never hidden or declined).',
  values: Object.fromEntries(
    CLOSED_STATUSES.map((status) => [status, { description: `The ${status} kind.` }]),
  ) as Record<(typeof CLOSED_STATUSES)[number], { description: string }>,
});

export const IssueTrackerConnectionType = builder.prismaNode('IssueTrackerConnection', {
  name: 'IssueTrackerIntegration',
  description:
    'GitHub (a repository) or Linear (a team) connected to the company. Its token and webhook secret are stored sealed and never answered: `credentialLastFour` shows the last four characters of the token.',
  id: { field: 'id' },
  findUnique: (id, context) => ({
    id: toRowId(id),
    companyId: administeredCompanyId(context.viewer),
  }),
  nullable: true,
  fields: (t) => ({
    kind: t.expose('kind', { type: IssueTrackerKindEnum, description: 'GitHub or Linear.' }),
    credentialLastFour: t.exposeString('tokenHint', {
      description:
        'The token’s (API key’s) last four characters; the token itself is never answered.',
    }),
    isCredentialSet: t.boolean({
      description: 'Always true: a token is stored.',
      resolve: () => true,
    }),
    isWebhookSigned: t.boolean({
      description: 'Whether a webhook signing secret is stored (it is never answered).',
      resolve: (c) => Boolean(c.sealedWebhookSecret),
    }),
    repository: t.string({
      nullable: true,
      description: 'GitHub: `owner/name`; null for Linear.',
      resolve: (c) => (c.repoOwner && c.repoName ? `${c.repoOwner}/${c.repoName}` : null),
    }),
    teamId: t.exposeString('teamId', { nullable: true, description: 'Linear: the team’s id.' }),
    webhookUrl: t.string({
      description:
        'The address to give GitHub (Settings → Webhooks, content type application/json, the `Issues` event) or Linear (Settings → API → Webhooks, `Issues`).',
      resolve: (c, _args, context) => trackerWebhookUrl(context.deps, c),
    }),
    closedStatus: t.field({
      type: TrackerClosedStatusEnum,
      description: 'Where linked ideas go when their issue is closed (COMPLETE unless chosen).',
      resolve: (c) => c.closedStatus as (typeof CLOSED_STATUSES)[number],
    }),
    closedCustomStatus: t.relation('closedCustomStatus', {
      type: BoardStatusType,
      nullable: true,
      description:
        'A custom status of that kind, applied to ideas of its own board (others show the kind’s default).',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was connected.' }),
  }),
});

export const IdeaIssueLinkType = builder.objectRef<IdeaIssueLink>('IdeaIssueLink').implement({
  description: 'A GitHub or Linear issue linked to an idea (the company’s team sees them).',
  fields: (t) => ({
    id: t.id({ description: 'The link’s id.', resolve: (l) => globalId('IdeaIssueLink', l.id) }),
    provider: t.field({
      type: IssueTrackerKindEnum,
      description: 'GitHub or Linear.',
      resolve: (l) => l.provider,
    }),
    identifier: t.exposeString('identifier', {
      description: '`#12` (GitHub) or `ENG-12` (Linear).',
    }),
    url: t.exposeString('url', { description: 'The issue’s page.' }),
    title: t.exposeString('title', { description: 'The issue’s title when linked.' }),
    state: t.exposeString('state', {
      description:
        'The issue’s state: open or closed (GitHub); the workflow state type (Linear), kept by webhooks.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was linked.' }),
  }),
});

builder.objectField(IdeaType, 'issueLinks', (t) =>
  t.field({
    type: [IdeaIssueLinkType],
    nullable: true,
    description:
      'GitHub and Linear issues linked to the idea, oldest first. The company’s team only (null for everyone else).',
    resolve: async (idea: TIdeaParent, _args, context) =>
      (await isTeamOfIdea(idea, context)) ? listIdeaIssueLinks(context.deps, idea.id) : null,
  }),
);

builder.queryField('issueTrackerConnections', (t) =>
  t.field({
    type: [IssueTrackerConnectionType],
    authScopes: { companyAdmin: true },
    description: "The company's GitHub and Linear connections (owners and admins).",
    resolve: (_root, _args, context) => listTrackerConnections(context.deps, context.viewer),
  }),
);

builder.queryField('issueTrackers', (t) =>
  t.field({
    type: [IssueTrackerKindEnum],
    authScopes: { signedIn: true },
    description:
      'Which trackers the company has connected, for its team to create issues in (empty for others).',
    resolve: async (_root, _args, context) => {
      const viewer = context.viewer;
      if (!viewer || !isTeamMemberOf(viewer, viewer.companyId)) return [];
      const rows = await context.deps.prisma.issueTrackerConnection.findMany({
        where: { companyId: viewer.companyId },
        select: { kind: true },
        orderBy: { kind: 'asc' },
      });
      return rows.map((row) => row.kind);
    },
  }),
);

const DisconnectedTrackerType = builder
  .objectRef<{ id: number }>('DisconnectedIssueTracker')
  .implement({
    description: 'A tracker connection that was removed.',
    fields: (t) => ({
      disconnectedIssueTrackerConnectionId: t.id({
        description: 'The id it had (remove it from client stores).',
        resolve: (d) => globalId('IssueTrackerIntegration', d.id),
      }),
    }),
  });

const UnlinkedIssueType = builder.objectRef<IdeaIssueLink>('UnlinkedIdeaIssue').implement({
  description: 'An issue link that was removed (the issue stays in the tracker).',
  fields: (t) => ({
    unlinkedIssueLinkId: t.id({
      description: 'The link’s id.',
      resolve: (l) => globalId('IdeaIssueLink', l.id),
    }),
    idea: t.prismaField({
      type: 'Idea',
      nullable: true,
      description: 'The idea it was linked to.',
      resolve: (query, l, _args, context) =>
        context.deps.prisma.idea.findUnique({ ...query, where: { id: l.ideaId } }),
    }),
  }),
});

const trackerId = (id: string | number) => decodeId(id, 'IssueTrackerIntegration');

builder.mutationFields((t) => ({
  connectIssueTracker: t.field({
    type: IssueTrackerConnectionType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Connects GitHub (a repository) or Linear (a team): owners and admins signed in, not API keys. The token is tried against the tracker first (a refusal is a field error on `token`, `repository` or `teamId`); it and the webhook secret are sealed at rest and never answered.',
    args: {
      kind: t.arg({ type: IssueTrackerKindEnum, required: true, description: 'GitHub or Linear.' }),
      token: t.arg.string({
        required: true,
        description: 'A GitHub personal access token (Issues: read and write) or a Linear API key.',
      }),
      repository: t.arg.string({ required: false, description: 'GitHub: `owner/name`.' }),
      teamId: t.arg.string({ required: false, description: 'Linear: the team’s id.' }),
      webhookSecret: t.arg.string({
        required: false,
        description:
          'The secret the tracker signs webhook deliveries with (12 characters at least). May come later (Linear shows its signing secret once its webhook exists); until then every delivery is refused.',
      }),
      closedStatus: t.arg({
        type: TrackerClosedStatusEnum,
        required: false,
        description: 'Where ideas go when their issue is closed; COMPLETE when absent.',
      }),
      closedStatusId: t.arg.id({
        required: false,
        description: 'A custom status of that kind (a BoardStatus id).',
      }),
    },
    resolve: (_root, args, context) =>
      connectTracker(context.deps, context.viewer, {
        kind: args.kind,
        token: args.token,
        repository: args.repository ?? undefined,
        teamId: args.teamId ?? undefined,
        webhookSecret: args.webhookSecret ?? undefined,
        closedStatus: args.closedStatus ?? undefined,
        closedStatusId: decodeClearableId(args.closedStatusId, 'BoardStatus') ?? null,
      }),
  }),
  updateIssueTracker: t.field({
    type: IssueTrackerConnectionType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Changes a tracker connection (owners and admins signed in): a new token, repository or team (tried again), webhook secret or closed status. What is absent is kept.',
    args: {
      issueTrackerConnectionId: t.arg.id({ required: true, description: 'The connection’s id.' }),
      token: t.arg.string({
        required: false,
        description: 'A new token; the stored one when absent.',
      }),
      repository: t.arg.string({ required: false, description: 'GitHub: a new `owner/name`.' }),
      teamId: t.arg.string({ required: false, description: 'Linear: a new team id.' }),
      webhookSecret: t.arg.string({ required: false, description: 'A new webhook secret.' }),
      closedStatus: t.arg({
        type: TrackerClosedStatusEnum,
        required: false,
        description: 'Where ideas go when their issue is closed.',
      }),
      closedStatusId: t.arg.id({
        required: false,
        description:
          'A custom status of that kind (null: the kind’s default); unchanged when absent.',
      }),
    },
    resolve: (_root, args, context) =>
      updateTracker(context.deps, context.viewer, trackerId(args.issueTrackerConnectionId), {
        token: args.token ?? undefined,
        repository: args.repository ?? undefined,
        teamId: args.teamId ?? undefined,
        webhookSecret: args.webhookSecret ?? undefined,
        closedStatus: args.closedStatus ?? undefined,
        closedStatusId: decodeClearableId(args.closedStatusId, 'BoardStatus'),
      }),
  }),
  disconnectIssueTracker: t.field({
    type: DisconnectedTrackerType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Removes a tracker connection with its sealed secrets and issue links (owners and admins signed in).',
    args: {
      issueTrackerConnectionId: t.arg.id({ required: true, description: 'The connection’s id.' }),
    },
    resolve: (_root, args, context) =>
      disconnectTracker(context.deps, context.viewer, trackerId(args.issueTrackerConnectionId)),
  }),
  createTrackerIssue: t.field({
    type: IdeaIssueLinkType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Creates a GitHub or Linear issue from an idea (its title; description, vote count and a link back as the body) and links it. The company’s team; a tracker not connected and the tracker’s refusals (bad token, missing repository, rate limit) are errors on `kind`.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The idea’s id.' }),
      kind: t.arg({
        type: IssueTrackerKindEnum,
        required: true,
        description: 'The connected tracker to create it in.',
      }),
    },
    resolve: (_root, args, context) =>
      createIdeaIssue(context.deps, context.viewer, decodeId(args.ideaId, 'Idea'), args.kind),
  }),
  linkTrackerIssue: t.field({
    type: IdeaIssueLinkType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Links an existing GitHub or Linear issue to an idea by its address (the company’s team). A bad address, a tracker not connected or an unknown issue are errors on `url`.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The idea’s id.' }),
      url: t.arg.string({ required: true, description: 'The issue’s address.' }),
    },
    resolve: (_root, args, context) =>
      linkIdeaIssue(context.deps, context.viewer, decodeId(args.ideaId, 'Idea'), {
        url: args.url,
      }),
  }),
  unlinkTrackerIssue: t.field({
    type: UnlinkedIssueType,
    errors: {},
    authScopes: { signedIn: true },
    description: 'Removes an issue link from its idea (the issue stays in the tracker).',
    args: {
      issueLinkId: t.arg.id({ required: true, description: 'The link’s id.' }),
    },
    resolve: (_root, args, context) =>
      unlinkIdeaIssue(context.deps, context.viewer, decodeId(args.issueLinkId, 'IdeaIssueLink')),
  }),
}));
