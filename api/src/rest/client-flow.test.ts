import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
beforeAll(async () => {
  // FREE's caps are part of what this checks: the default plan of a server that sells plans.
  server = await startTestServer({ defaultPlan: 'FREE' });
});
afterAll(async () => {
  await server?.close();
});

/**
 * A client that knows only spec section 7: plain fetch, JSON, a bearer token and the
 * x-board-id header; anything but 2xx fails with 'HTTP {status}: …' as the spec's client does.
 */
function client(token?: string, boardId?: number) {
  return async (method: string, path: string, body?: unknown): Promise<any> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (boardId) headers['x-board-id'] = String(boardId);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

describe('a section-7 client drives the admin and widget flow', () => {
  it('signs up, sets up a board, triages ideas, ships a release; the public reads it all', async () => {
    const email = `flow-${Date.now()}@example.com`;
    const signUp = await client()('POST', '/registrations', {
      email,
      password: 'secret-password',
      company: 'Flow Company',
      ref: null,
    });
    expect(signUp.token).toEqual(expect.any(String));
    const { token } = await client()('POST', '/login', { email, password: 'secret-password' });
    const admin = client(token);

    const me = await admin('GET', '/me');
    expect(await admin('GET', '/profile')).toEqual({
      id: me.id,
      login: email,
      email,
      language: 'en-US',
      notifications: 'ALL',
      // Beside the spec's fields: the owner has not opened the confirmation link yet.
      emailConfirmed: false,
    });
    const { companyId, companyName } = await admin('GET', '/company');
    expect(companyName).toBe('Flow Company');
    const pricing = await admin('GET', `/companies/${companyId}/pricing`);
    expect(pricing).toHaveLength(3);
    expect((await admin('GET', `/companies/${companyId}/subscription`)).product).toBe('FREE');

    const { id: boardId } = await admin('POST', `/companies/${companyId}/boards`, {
      name: 'Feature requests',
      companyId,
    });
    await admin('PUT', `/boards/${boardId}/name`, { name: 'Feature requests 2026' });
    await admin('PUT', `/boards/${boardId}/language`, { language: 'en-US' });
    await admin('PUT', `/boards/${boardId}/theme`, {
      primary: '3366ff',
      primaryText: 'ffffff',
      text: '000000',
      background: 'ffffff',
    });
    await admin('PUT', `/boards/${boardId}/set-public`, { isPublic: true });
    const { boardHash } = await admin('GET', `/boards/${boardId}/widget-setup`);
    expect(boardHash).toEqual(expect.any(String));
    expect((await admin('GET', `/companies/${companyId}/boards`)).map((b: any) => b.name)).toEqual([
      'Feature requests 2026',
    ]);

    const onBoard = client(token, boardId);
    const idea = await onBoard('POST', '/ideas/', {
      title: 'Dark mode',
      description: 'Easier on the eyes.',
    });
    const other = await onBoard('POST', '/ideas/', { title: 'Dark theme please' });
    expect((await admin('POST', `/ideas/${idea.id}/upvote`)).voteCount).toBe(1);
    await admin('POST', `/ideas/${idea.id}/comments`, { text: 'On our list for spring.' });
    await admin('PUT', `/ideas/${idea.id}`, { title: 'Dark mode', description: 'Spring 2026.' });
    await admin('PUT', `/ideas/${idea.id}/status`, { status: 'IN_PROGRESS' });
    const declined = await admin('POST', `/ideas/${other.id}/decline`, {
      reason: 'DUPLICATE',
      comment: null,
      duplicateOfIdeaId: idea.id,
      mergeVotes: true,
    });
    expect(declined.declineDetails.declinedDuplicateIdeaTitle).toBe('Dark mode');
    expect(await admin('GET', `/ideas/${idea.id}/voters`)).toEqual([
      { id: me.id, name: expect.any(String) },
    ]);

    const release = await admin('POST', `/companies/${companyId}/releases`, {
      name: 'Spring',
      releaseDate: '2026-04-01',
      companyId,
      boardIds: [boardId],
    });
    await admin('POST', `/releases/${release.id}/add-from-ideas`, { ideaIds: [idea.id] });
    const { parts } = await admin('POST', `/releases/${release.id}/parts`, {
      title: 'Faster page loads',
    });
    await admin('DELETE', `/releases/${release.id}/parts/${parts[1].id}`);
    await admin('PUT', `/releases/${release.id}`, { name: 'Spring', releaseDate: '2026-04-02' });
    await admin('PUT', `/releases/${release.id}/publish`, { published: true });
    expect((await admin('GET', `/companies/${companyId}/releases`))[0]).toMatchObject({
      releaseDate: '2026-04-02',
      isPublished: true,
    });
    expect((await admin('GET', `/boards/${boardId}/limits`)).cappedIdeas).toBe(0);
    expect(await admin('GET', `/companies/${companyId}/users`)).toEqual([
      expect.objectContaining({ id: me.id, email, kind: 'REGULAR' }),
    ]);

    // The widget's anonymous visitor on the public board.
    const visitor = client(undefined, boardId);
    const board = await visitor('GET', `/boards/${boardId}`);
    expect(board).toMatchObject({ name: 'Feature requests 2026', color: '3366ff', isPublic: true });
    const { ideas } = await visitor('GET', '/ideas/?filter=ALL&sort=VOTES');
    expect(ideas.map((i: any) => [i.title, i.status, i.canEdit])).toEqual([
      ['Dark mode', 'IN_PROGRESS', false],
    ]);
    expect((await visitor('GET', `/ideas/${idea.id}/comments`))[0].commentDto.shortMessage).toBe(
      'On our list for spring.',
    );
    const releases = await visitor('GET', `/boards/${boardId}/releases`);
    expect(releases[0].parts.map((p: any) => p.title)).toEqual(['Dark mode']);
    await expect(visitor('POST', `/ideas/${idea.id}/upvote`)).rejects.toThrow(/^HTTP 401/);

    await admin('DELETE', `/ideas/${idea.id}`);
    await expect(visitor('GET', `/ideas/${idea.id}`)).rejects.toThrow(/^HTTP 404/);
    await admin('POST', '/logout');
    await expect(admin('GET', '/me')).rejects.toThrow(/^HTTP 401/);
  });
});
