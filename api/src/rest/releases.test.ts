import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../testing/graphql-client.ts';
import { globalId } from '../schema/ids.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { callTitle, expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany, TRouteCall } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let a: TRestCompany;
let b: TRestCompany;
let member: TTestAccount;
beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
  b = await restCompany(server);
  member = await addEndUser(server, a.owner.companyId);
});
afterAll(async () => {
  await server?.close();
});

const changes = (id: number | string, partId: number | string): TRouteCall[] => [
  { method: 'PUT', path: `/releases/${id}`, body: { name: 'v9', releaseDate: '2026-05-05' } },
  { method: 'PUT', path: `/releases/${id}/publish`, body: { published: true } },
  { method: 'POST', path: `/releases/${id}/parts`, body: { title: 'Faster search' } },
  { method: 'POST', path: `/releases/${id}/add-from-ideas`, body: { ideaIds: [] } },
  { method: 'DELETE', path: `/releases/${id}/parts/${partId}` },
];
const allRoutes = (id: number | string, partId: number | string): TRouteCall[] => [
  { method: 'GET', path: `/releases/${id}` },
  ...changes(id, partId),
];
const cases = (list: (id: string, partId: string) => TRouteCall[]) =>
  list('{id}', '{partId}').map((call, index) => [callTitle(call), index] as const);
const release = (token = a.owner.token, id = a.releaseId) =>
  expectCall(server, 'GET', `/releases/${id}`, 200, { token });

describe('release routes, as the console drives them', () => {
  it('reads, renames, publishes, adds parts and ideas, deletes a part; second reads agree', async () => {
    const company = await restCompany(server);
    const token = company.owner.token;
    const id = company.releaseId;
    expect(await release(token, id)).toEqual({
      id,
      name: expect.stringMatching(/^Rel /),
      releaseDate: '2026-01-15',
      isPublished: false,
      parts: [{ id: company.partId, title: 'A generic part' }],
      companyId: company.owner.companyId,
      // Issue 20's release notes, added beside the spec's fields.
      body: '',
      bodyHtml: '',
      coverImageUrl: null,
      labels: [],
    });

    const updated = await expectCall(server, 'PUT', `/releases/${id}`, 200, {
      token,
      body: { name: 'Summer', releaseDate: '2026-07-01', isPublished: true },
    });
    expect(updated).toMatchObject({
      name: 'Summer',
      releaseDate: '2026-07-01',
      isPublished: false,
    });

    const published = await expectCall(server, 'PUT', `/releases/${id}/publish`, 200, {
      token,
      body: { published: true },
    });
    expect(published.isPublished).toBe(true);
    // Published on a public board: anyone may read it now.
    expect(await expectCall(server, 'GET', `/releases/${id}`, 200)).toMatchObject({
      name: 'Summer',
      isPublished: true,
    });

    const withPart = await expectCall(server, 'POST', `/releases/${id}/parts`, 201, {
      token,
      body: { title: 'Dark mode for everyone' },
    });
    expect(withPart.parts.map((p: any) => p.title)).toEqual([
      'A generic part',
      'Dark mode for everyone',
    ]);

    const withIdea = await expectCall(server, 'POST', `/releases/${id}/add-from-ideas`, 200, {
      token,
      body: { ideaIds: [company.ideaId, String(company.ideaId)] },
    });
    expect(withIdea.parts).toHaveLength(3);
    expect(withIdea.parts[2].title).toMatch(/^Fixture idea/);
    // Adding the same idea again adds nothing.
    const again = await expectCall(server, 'POST', `/releases/${id}/add-from-ideas`, 200, {
      token,
      body: { ideaIds: [company.ideaId] },
    });
    expect(again.parts).toHaveLength(3);

    const afterDelete = await expectCall(
      server,
      'DELETE',
      `/releases/${id}/parts/${company.partId}`,
      200,
      { token },
    );
    expect(afterDelete.parts.map((p: any) => p.id)).not.toContain(company.partId);
    const reread = await release(token, id);
    expect(reread).toEqual({ ...afterDelete, isPublished: true, name: 'Summer' });
    expect(reread.parts).toHaveLength(2);

    await expectCall(server, 'DELETE', `/releases/${id}/parts/${company.partId}`, 404, { token });
    const unpublished = await expectCall(server, 'PUT', `/releases/${id}/publish`, 200, {
      token,
      body: { published: false },
    });
    expect(unpublished.isPublished).toBe(false);
    await expectCall(server, 'GET', `/releases/${id}`, 404);
  });

  it('hides an unpublished release from everyone but the company’s admins', async () => {
    await expectCall(server, 'GET', `/releases/${a.releaseId}`, 404);
    await expectCall(server, 'GET', `/releases/${a.releaseId}`, 404, { token: member.token });
    await release();
  });

  it.each([
    ['', { releaseDate: '2026-05-05' }, 'name', 'This field is required.'],
    [
      '',
      { name: 'x'.repeat(17), releaseDate: '2026-05-05' },
      'name',
      'It has to be max 16 characters.',
    ],
    ['', { name: 'v9' }, 'releaseDate', 'This field is required.'],
    [
      '',
      { name: 'v9', releaseDate: '2026-5-5' },
      'releaseDate',
      'It has to be a date as YYYY-MM-DD.',
    ],
    ['/publish', {}, 'published', 'This field is required.'],
    ['/publish', { published: 'yes' }, 'published', 'It has to be true or false.'],
    ['/parts', {}, 'title', 'This field is required.'],
    ['/parts', { title: 'short' }, 'title', 'It has to be 6 characters at least.'],
    ['/parts', { title: 'x'.repeat(101) }, 'title', 'It has to be max 100 characters.'],
    ['/add-from-ideas', {}, 'ideaIds', 'This field is required.'],
    ['/add-from-ideas', { ideaIds: [] }, 'ideaIds', 'This field is required.'],
    ['/add-from-ideas', { ideaIds: 'all' }, 'ideaIds', 'It has to be a list of idea ids.'],
    [
      '',
      { name: 'v9', releaseDate: '2026-05-05', body: 'x'.repeat(20_001) },
      'body',
      'It has to be max 20000 characters.',
    ],
    ['', { name: 'v9', releaseDate: '2026-05-05', body: 5 }, 'body', 'It has to be text.'],
    [
      '',
      { name: 'v9', releaseDate: '2026-05-05', coverImageUrl: 'javascript:alert(1)' },
      'coverImageUrl',
      'It has to be an http or https address.',
    ],
    [
      '',
      { name: 'v9', releaseDate: '2026-05-05', coverImageUrl: 'data:image/png;base64,AAAA' },
      'coverImageUrl',
      'It has to be an http or https address.',
    ],
    [
      '',
      { name: 'v9', releaseDate: '2026-05-05', coverImageUrl: 'not a url' },
      'coverImageUrl',
      'It has to be an http or https address.',
    ],
    [
      '',
      { name: 'v9', releaseDate: '2026-05-05', labels: ['NEW', 'BROKEN'] },
      'labels',
      'It has to be one of: NEW, IMPROVED, FIXED.',
    ],
    [
      '',
      { name: 'v9', releaseDate: '2026-05-05', labels: 'NEW' },
      'labels',
      'It has to be a list of labels.',
    ],
  ])('%s refuses %j naming %s', async (suffix, body, field, message) => {
    const method = suffix === '' || suffix === '/publish' ? 'PUT' : 'POST';
    const answer = await expectCall(server, method, `/releases/${a.releaseId}${suffix}`, 400, {
      token: a.owner.token,
      body,
    });
    expect(answer.error.fields).toContainEqual({ field, message });
  });

  it('keeps a Markdown body, cover image and labels; an update without them leaves them', async () => {
    const company = await restCompany(server);
    const token = company.owner.token;
    const created = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/releases`,
      201,
      {
        token,
        body: {
          name: 'v2.0',
          releaseDate: '2026-03-01',
          boardIds: [company.boardId],
          body: '## Dark mode\r\n\nAt last. <script>alert(1)</script> [Docs](https://docs.example)',
          coverImageUrl: ' https://img.example/cover.png ',
          labels: ['FIXED', 'NEW', 'NEW'],
        },
      },
    );
    expect(created).toMatchObject({
      name: 'v2.0',
      body: '## Dark mode\n\nAt last. <script>alert(1)</script> [Docs](https://docs.example)',
      bodyHtml:
        '<h3>Dark mode</h3>\n<p>At last. &lt;script&gt;alert(1)&lt;/script&gt; <a href="https://docs.example" rel="noopener nofollow ugc">Docs</a></p>',
      coverImageUrl: 'https://img.example/cover.png',
      labels: ['NEW', 'FIXED'],
    });
    const renamed = await expectCall(server, 'PUT', `/releases/${created.id}`, 200, {
      token,
      body: { name: 'v2.0.1', releaseDate: '2026-03-02' },
    });
    expect(renamed).toMatchObject({
      name: 'v2.0.1',
      body: created.body,
      coverImageUrl: created.coverImageUrl,
      labels: ['NEW', 'FIXED'],
    });
    const cleared = await expectCall(server, 'PUT', `/releases/${created.id}`, 200, {
      token,
      body: {
        name: 'v2.0.1',
        releaseDate: '2026-03-02',
        body: '',
        coverImageUrl: '',
        labels: ['IMPROVED'],
      },
    });
    expect(cleared).toMatchObject({
      body: '',
      bodyHtml: '',
      coverImageUrl: null,
      labels: ['IMPROVED'],
    });
    // A refused field changes nothing, not even the fields that were fine.
    await expectCall(server, 'PUT', `/releases/${created.id}`, 400, {
      token,
      body: { name: 'vX', releaseDate: '2026-03-02', coverImageUrl: 'ftp://x.example/a.png' },
    });
    expect((await release(token, created.id)).name).toBe('v2.0.1');
  });

  it('refuses another company’s idea in add-from-ideas, adding none', async () => {
    const answer = await expectCall(
      server,
      'POST',
      `/releases/${a.releaseId}/add-from-ideas`,
      400,
      {
        token: a.owner.token,
        body: { ideaIds: [a.ideaId, b.ideaId] },
      },
    );
    expect(answer.error.fields).toEqual([{ field: 'ideaIds', message: 'Idea not found' }]);
    expect((await release()).parts).toHaveLength(1);
  });
});

describe('a release takes ideas of its own boards only', () => {
  // An outside attack (issue 41): an idea of a private board added to a release of a public
  // board showed its title and id to anonymous readers of the release and the changelog.
  it('refuses an idea of a board outside the release, on REST and GraphQL, and shows nothing of it', async () => {
    const company = await restCompany(server);
    const token = company.owner.token;
    const { id: privateBoardId } = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/boards`,
      201,
      { token, body: { name: 'Private plans board' } },
    );
    await expectCall(server, 'PUT', `/boards/${privateBoardId}/set-public`, 200, {
      token,
      body: { isPublic: false },
    });
    const secret = await expectCall(server, 'POST', '/ideas/', 201, {
      token,
      headers: { 'x-board-id': String(privateBoardId) },
      body: { title: 'Secret acquisition plan', description: 'Nobody outside may read this.' },
    });
    await expectCall(server, 'PUT', `/releases/${company.releaseId}/publish`, 200, {
      token,
      body: { published: true },
    });
    const answer = await expectCall(
      server,
      'POST',
      `/releases/${company.releaseId}/add-from-ideas`,
      400,
      { token, body: { ideaIds: [company.ideaId, secret.id] } },
    );
    expect(answer.error.fields).toEqual([
      { field: 'ideaIds', message: 'The idea is not on a board of this release.' },
    ]);
    const graphql = await server.call('POST', '/graphql', {
      token,
      body: {
        query: `mutation($r: ID!, $i: [ID!]!) { addReleaseIdeas(releaseId: $r, ideaIds: $i) {
          __typename ... on AppError { fields { field message } } } }`,
        variables: {
          r: globalId('Release', company.releaseId),
          i: [globalId('Idea', secret.id)],
        },
      },
    });
    expect(JSON.stringify(graphql.body)).toMatch(/The idea is not on a board of this release/);
    const reader = await addEndUser(server, company.owner.companyId);
    for (const readerToken of [undefined, reader.token]) {
      const read = await expectCall(server, 'GET', `/releases/${company.releaseId}`, 200, {
        ...(readerToken ? { token: readerToken } : {}),
      });
      expect(read.parts.map((p: any) => p.title)).toEqual(['A generic part']);
      expect(JSON.stringify(read)).not.toMatch(/Secret acquisition/);
    }
  });
});

describe('a rejected idea', () => {
  it('cannot become a part of a release: its title stays unseen by readers', async () => {
    const company = await restCompany(server);
    const token = company.owner.token;
    const author = await addEndUser(server, company.owner.companyId);
    const submitted = await expectCall(server, 'POST', '/ideas/', 201, {
      token: author.token,
      headers: { 'x-board-id': String(company.boardId) },
      body: { title: 'Make every plan free forever', description: 'Please, for everyone.' },
    });
    const rejected = await server.call('POST', '/graphql', {
      token,
      body: {
        query: `mutation ($ideaId: ID!, $reason: String!) { rejectIdea(ideaId: $ideaId, reason: $reason) { __typename } }`,
        variables: { ideaId: globalId('Idea', submitted.id), reason: 'Not something we will do.' },
      },
    });
    expect(rejected.body.data.rejectIdea.__typename).toBe('MutationRejectIdeaSuccess');
    const answer = await expectCall(
      server,
      'POST',
      `/releases/${company.releaseId}/add-from-ideas`,
      400,
      { token, body: { ideaIds: [submitted.id] } },
    );
    expect(answer.error.fields).toEqual([
      { field: 'ideaIds', message: 'The idea was rejected: it cannot be part of a release.' },
    ]);
    const read = await expectCall(server, 'GET', `/releases/${company.releaseId}`, 200, { token });
    expect(JSON.stringify(read)).not.toMatch(/free forever/);
  });
});

describe('admins only; a release the caller may not see is not found', () => {
  // A published release on a public board (its end user sees it) and one on a private board
  // that grants nobody (its end user does not).
  let seen: TRestCompany;
  let hidden: TRestCompany;
  let seenBy: TTestAccount;
  let hiddenFrom: TTestAccount;
  beforeAll(async () => {
    seen = await restCompany(server);
    hidden = await restCompany(server, { isPublic: false });
    for (const company of [seen, hidden]) {
      await expectCall(server, 'PUT', `/releases/${company.releaseId}/publish`, 200, {
        token: company.owner.token,
        body: { published: true },
      });
    }
    seenBy = await addEndUser(server, seen.owner.companyId);
    hiddenFrom = await addEndUser(server, hidden.owner.companyId);
  });

  it.each(cases(changes))('%s forbids an end user who sees the release', async (_t, index) => {
    const call = changes(seen.releaseId, seen.partId)[index] as TRouteCall;
    await expectCall(server, call.method, call.path, 403, { token: seenBy.token, body: call.body });
  });

  it.each(cases(changes))(
    '%s answers 404 to an end user the private board does not grant',
    async (_t, index) => {
      const call = changes(hidden.releaseId, hidden.partId)[index] as TRouteCall;
      const before = await release(hidden.owner.token, hidden.releaseId);
      const body = await expectCall(server, call.method, call.path, 404, {
        token: hiddenFrom.token,
        body: call.body,
      });
      expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Release not found.' });
      expect(await release(hidden.owner.token, hidden.releaseId)).toEqual(before);
    },
  );

  it.each(cases(changes))(
    '%s answers 404 to an end user for an unpublished release, as its read does',
    async (_t, index) => {
      const call = changes(a.releaseId, a.partId)[index] as TRouteCall;
      await expectCall(server, call.method, call.path, 404, {
        token: member.token,
        body: call.body,
      });
    },
  );
});

describe('requires authentication', () => {
  it.each(cases(changes))('%s answers 401 without a token', async (_t, index) => {
    const call = changes(a.releaseId, a.partId)[index] as TRouteCall;
    const body = await expectCall(server, call.method, call.path, 401, { body: call.body });
    expect(body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe("another company's id is not found", () => {
  it.each(cases(allRoutes))('%s with another company’s release answers 404', async (_t, i) => {
    const call = allRoutes(b.releaseId, b.partId)[i] as TRouteCall;
    const body = await expectCall(server, call.method, call.path, 404, {
      token: a.owner.token,
      body: call.body,
    });
    expect(body.error).toEqual({ code: 'NOT_FOUND', message: 'Release not found.' });
  });

  it('DELETE a part of another release (own release id) answers 404', async () => {
    await expectCall(server, 'DELETE', `/releases/${a.releaseId}/parts/${b.partId}`, 404, {
      token: a.owner.token,
    });
    expect((await release(b.owner.token, b.releaseId)).parts).toHaveLength(1);
  });

  it.each(cases(allRoutes))('%s with malformed ids answers 404', async (_t, index) => {
    const call = allRoutes('x1', '1e3')[index] as TRouteCall;
    await expectCall(server, call.method, call.path, 404, {
      token: a.owner.token,
      body: call.body,
    });
  });
});
