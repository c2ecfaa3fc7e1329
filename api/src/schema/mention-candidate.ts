import { findMentionCandidates } from '../services/comment/find-mention-candidates.ts';
import type { TMentionCandidate } from '../services/comment/find-mention-candidates.ts';
import { builder } from './builder.ts';
import { decodeId, globalId } from './ids.ts';

const MentionCandidateType = builder.objectRef<TMentionCandidate>('MentionCandidate').implement({
  description: 'A person the team may mention (`@name`) in a comment on an idea.',
  fields: (t) => ({
    id: t.id({
      description: 'The global id of the user.',
      resolve: (candidate) => globalId('User', candidate.id),
    }),
    displayName: t.exposeString('displayName', { description: 'The name shown.' }),
    isTeam: t.exposeBoolean('isTeam', {
      description: 'On the company’s team (else a participant of the idea).',
    }),
    markup: t.exposeString('token', {
      description:
        'What to write into the comment’s text for the mention: `@[Name](user:N)`; the server keeps it only for people who may be mentioned there.',
    }),
  }),
});

builder.queryField('mentionCandidates', (t) =>
  t.field({
    type: [MentionCandidateType],
    errors: {
      union: { description: 'The people who may be mentioned, or why the list was refused.' },
      result: { description: 'The people who may be mentioned.' },
      dataField: { description: 'At most 8 candidates, by name.' },
    },
    authScopes: { signedIn: true },
    description:
      'Who the team may mention in a comment on the idea, for an `@` autocomplete: the company’s team, and for a public comment the idea’s participants (author, commenters, voters), whose name or a word of it starts with `search`; at most 8, by name. Team only (FORBIDDEN otherwise); another company’s idea is NOT_FOUND.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the idea.' }),
      search: t.arg.string({ description: 'The start of a name (at most 80 characters).' }),
      isInternal: t.arg.boolean({
        description: 'For an internal note: the team only (default false).',
      }),
    },
    resolve: (_root, args, context) =>
      findMentionCandidates(context.deps, context.viewer, decodeId(args.ideaId, 'Idea'), {
        search: args.search ?? undefined,
        isInternal: args.isInternal ?? undefined,
      }),
  }),
);
