import { expect } from 'vitest';
import { setPlan, signUpCompany } from './graphql-client.ts';
import type { TTestAccount } from './graphql-client.ts';
import type { TTestServer } from './test-server.ts';

/** A company with one board, one idea on it and one release with a generic part, made over REST. */
export type TRestCompany = {
  owner: TTestAccount;
  boardId: number;
  ideaId: number;
  releaseId: number;
  partId: number;
};

let counter = 0;

/** Calls a REST route and fails the test unless it answers `status`; answers the body. */
export async function expectCall(
  server: TTestServer,
  method: string,
  path: string,
  status: number,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<any> {
  const response = await server.call(method, `/api/v1${path}`, options);
  if (response.status !== status) {
    throw new Error(
      `${method} ${path}: expected ${status}, got ${response.status} ${JSON.stringify(response.body)}`,
    );
  }
  return response.body;
}

/**
 * Signs up a company on the ULTRA plan (no caps in the way) and creates, through the REST
 * routes themselves, a board (public unless `isPublic: false`), an idea and a release.
 */
export async function restCompany(
  server: TTestServer,
  options: { isPublic?: boolean } = {},
): Promise<TRestCompany> {
  counter += 1;
  const owner = await signUpCompany(server);
  await setPlan(server, owner.companyId, 'ULTRA');
  const token = owner.token;
  const { id: boardId } = await expectCall(
    server,
    'POST',
    `/companies/${owner.companyId}/boards`,
    201,
    { token, body: { name: `Fixture board ${counter}` } },
  );
  await expectCall(server, 'PUT', `/boards/${boardId}/set-public`, 200, {
    token,
    body: { isPublic: options.isPublic ?? true },
  });
  const idea = await expectCall(server, 'POST', '/ideas/', 201, {
    token,
    headers: { 'x-board-id': String(boardId) },
    body: { title: `Fixture idea ${counter}`, description: 'A fixture idea for tests.' },
  });
  const release = await expectCall(server, 'POST', `/companies/${owner.companyId}/releases`, 201, {
    token,
    body: { name: `Rel ${counter}`, releaseDate: '2026-01-15', boardIds: [boardId] },
  });
  const withPart = await expectCall(server, 'POST', `/releases/${release.id}/parts`, 201, {
    token,
    body: { title: 'A generic part' },
  });
  expect(withPart.parts).toHaveLength(1);
  return { owner, boardId, ideaId: idea.id, releaseId: release.id, partId: withPart.parts[0].id };
}

/** A route of the suite: method, path (ids filled in) and a valid body where it takes one. */
/**
 * An unpublished release of the company's board, made through the REST routes, shipping
 * `ideaIds` (answers its row id).
 */
export async function restReleaseWithIdeas(
  server: TTestServer,
  company: TRestCompany,
  name: string,
  ideaIds: number[],
): Promise<number> {
  const token = company.owner.token;
  const release = await expectCall(
    server,
    'POST',
    `/companies/${company.owner.companyId}/releases`,
    201,
    { token, body: { name, releaseDate: '2026-11-20', boardIds: [company.boardId] } },
  );
  await expectCall(server, 'POST', `/releases/${release.id}/add-from-ideas`, 200, {
    token,
    body: { ideaIds },
  });
  return release.id as number;
}

export type TRouteCall = {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/** `TRouteCall` as a readable test title. */
export const callTitle = (call: TRouteCall) => `${call.method} ${call.path}`;
