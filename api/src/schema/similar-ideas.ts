import { findSimilarIdeas } from '../services/idea/find-similar-ideas.ts';
import { builder } from './builder.ts';
import { BoardType } from './board.ts';
import { IdeaType } from './idea.ts';

builder.objectField(BoardType, 'similarIdeas', (t) =>
  t.prismaField({
    type: [IdeaType],
    description:
      'Up to five ideas of this board that read like `text` (what someone is typing as a new idea), best first, among those the caller sees in the lists (declined ideas left out): full-text search with a trigram fallback, for English and Polish alike.',
    args: {
      text: t.arg.string({ required: true, description: 'The title typed so far (at most 500).' }),
    },
    resolve: (query, board, args, context) =>
      findSimilarIdeas(context.deps, context.viewer, context.client, board.id, args, query),
  }),
);
