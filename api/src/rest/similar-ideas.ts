import { z } from 'zod';
import type { TDeps } from '../deps.ts';
import { findSimilarIdeaViews } from '../services/idea/find-similar-ideas.ts';
import { clientOfRequest } from './http.ts';
import { ZIdeaJson, presentIdea } from './presenters.ts';
import { idParams, jsonRoute, pathId } from './route.ts';
import type { TRestRoute } from './route.ts';

/** Similar-idea hints for submit forms (the widget's and the console's). */
export function similarIdeaRoutes(deps: TDeps): TRestRoute[] {
  return [
    jsonRoute({
      method: 'get',
      path: '/boards/{id}/ideas/similar',
      operationId: 'findSimilarIdeas',
      tag: 'Ideas',
      summary: 'Up to five existing ideas of the board that read like `text`, best first',
      description:
        'For submit forms, so people vote instead of duplicating: full-text search (any language: no stemming) with a trigram fallback, over the ideas the caller may see in the board’s lists (declined ideas left out). Limited per client (anonymous: per address; signed in: per account; `RATE_LIMIT_SIMILAR_IDEAS_*`): 429 with Retry-After.',
      auth: 'optional',
      request: {
        params: idParams('id'),
        query: z.object({
          text: z.string().max(500).meta({ description: 'What the person has typed so far.' }),
        }),
      },
      response: z.object({ ideas: z.array(ZIdeaJson) }).meta({ id: 'SimilarIdeas' }),
      errors: [429],
      handle: async (c) => {
        const viewer = c.get('viewer');
        const client = clientOfRequest(deps, c);
        const ideas = await findSimilarIdeaViews(deps, viewer, client, pathId(c), {
          text: c.req.query('text') ?? '',
        });
        return { ideas: ideas.map(presentIdea) };
      },
    }),
  ];
}
