import { mergeUndoableUntil, undoMerge } from '../services/idea/undo-merge.ts';
import type { TUndoMergeResult } from '../services/idea/undo-merge.ts';
import { builder } from './builder.ts';
import { IdeaType } from './idea.ts';
import { decodeId } from './ids.ts';

builder.objectField(IdeaType, 'mergeUndoableUntil', (t) =>
  t.field({
    type: 'DateTime',
    nullable: true,
    description:
      'Until when the team may undo the merge of this duplicate (`undoMerge`), declined or reopened since: 30 days after it. Null when there is none to undo, and for anyone outside the team.',
    resolve: async (idea, _args, context) => {
      const companyId = await context.related.boardCompanyId(idea.boardId);
      if (companyId === null) return null;
      return mergeUndoableUntil(context.deps, context.viewer, { id: idea.id, companyId });
    },
  }),
);

const UndoMergePayloadType = builder.objectRef<TUndoMergeResult>('UndoMergePayload').implement({
  description: 'Both ideas of an undone merge, with their votes given back.',
  fields: (t) => ({
    idea: t.field({
      type: IdeaType,
      description: 'The idea that was merged away: its votes and its status before the decline.',
      resolve: (p) => p.idea,
    }),
    keptIdea: t.field({
      type: IdeaType,
      description: 'The idea that was kept, without the votes the merge gave it.',
      resolve: (p) => p.keptIdea,
    }),
    votesRestored: t.exposeInt('votesRestored', {
      description: 'How many votes came back to the merged idea.',
    }),
  }),
});

builder.mutationField('undoMerge', (t) =>
  t.field({
    type: UndoMergePayloadType,
    errors: {},
    authScopes: { signedIn: true },
    description:
      'Undoes the latest merge of a declined duplicate within 30 days (the team): each idea gets back exactly the votes it had (voters who took their moved vote back stay without; votes cast since stay), with their counts, and the idea its status before the decline. CONFLICT when there is no merge to undo.',
    args: {
      ideaId: t.arg.id({ required: true, description: 'The global id of the merged idea.' }),
    },
    resolve: (_root, args, context) =>
      undoMerge(context.deps, context.viewer, decodeId(args.ideaId, 'Idea')),
  }),
);
