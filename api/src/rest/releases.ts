import type { TDeps } from '../deps.ts';
import {
  addReleaseIdeas,
  addReleasePart,
  deleteReleasePart,
  publishRelease,
  updateRelease,
} from '../services/release/change-release.ts';
import { getRelease } from '../services/release/find-releases.ts';
import {
  ZAddIdeas,
  ZGenericPart,
  ZPublish,
  ZReleaseForm,
} from '../services/release/release-input.ts';
import { readJson } from './http.ts';
import { ZReleaseJson, presentRelease } from './presenters.ts';
import { idParams, jsonRoute, pathId } from './route.ts';
import type { TRestRoute } from './route.ts';

const tag = 'Releases';
const params = idParams('id');

/** One release: read by anyone who may see it, changed by its company's admins. */
export function releaseRoutes(deps: TDeps): TRestRoute[] {
  return [
    jsonRoute({
      method: 'get',
      path: '/releases/{id}',
      operationId: 'getRelease',
      tag,
      summary: 'A release with its parts (published ones on visible boards; admins: all)',
      auth: 'optional',
      request: { params },
      response: ZReleaseJson,
      handle: async (c) => presentRelease(await getRelease(deps, c.get('viewer'), pathId(c))),
    }),
    jsonRoute({
      method: 'put',
      path: '/releases/{id}',
      operationId: 'updateRelease',
      tag,
      summary:
        'Changes the name (1 to 16) and release date (YYYY-MM-DD); body, coverImageUrl and labels when given',
      auth: 'signedIn',
      request: { params, body: ZReleaseForm },
      errors: [403],
      response: ZReleaseJson,
      handle: async (c) =>
        presentRelease(await updateRelease(deps, c.get('viewer'), pathId(c), await readJson(c))),
    }),
    jsonRoute({
      method: 'put',
      path: '/releases/{id}/publish',
      operationId: 'publishRelease',
      tag,
      summary: 'Publishes or unpublishes the release',
      auth: 'signedIn',
      request: { params, body: ZPublish },
      errors: [403],
      response: ZReleaseJson,
      handle: async (c) =>
        presentRelease(await publishRelease(deps, c.get('viewer'), pathId(c), await readJson(c))),
    }),
    jsonRoute({
      method: 'post',
      path: '/releases/{id}/parts',
      operationId: 'addReleasePart',
      tag,
      summary: 'Adds a generic part (title 6 to 100); answers the release with its parts',
      auth: 'signedIn',
      request: { params, body: ZGenericPart },
      errors: [403],
      status: 201,
      response: ZReleaseJson,
      handle: async (c) =>
        presentRelease(await addReleasePart(deps, c.get('viewer'), pathId(c), await readJson(c))),
    }),
    jsonRoute({
      method: 'post',
      path: '/releases/{id}/add-from-ideas',
      operationId: 'addReleasePartsFromIdeas',
      tag,
      summary: 'Adds ideas of the company as parts (an idea already in it is not added twice)',
      auth: 'signedIn',
      request: { params, body: ZAddIdeas },
      errors: [403],
      response: ZReleaseJson,
      handle: async (c) =>
        presentRelease(await addReleaseIdeas(deps, c.get('viewer'), pathId(c), await readJson(c))),
    }),
    jsonRoute({
      method: 'delete',
      path: '/releases/{id}/parts/{partId}',
      operationId: 'deleteReleasePart',
      tag,
      summary: 'Removes one part; answers the release with the parts left',
      auth: 'signedIn',
      request: { params: idParams('id', 'partId') },
      errors: [403],
      response: ZReleaseJson,
      handle: async (c) =>
        presentRelease(
          await deleteReleasePart(deps, c.get('viewer'), pathId(c), pathId(c, 'partId')),
        ),
    }),
  ];
}
