import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEndUser } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

let server: TTestServer;
let a: TRestCompany;
beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
});
afterAll(async () => {
  await server?.close();
});

/** The link of the latest privacy mail to `email` (from the outbox). */
async function linkMailedTo(email: string, topic: string): Promise<string> {
  const mail = await server.deps.prisma.mail.findFirst({
    where: { to: email, topic },
    orderBy: { id: 'desc' },
  });
  const path = /\/privacy\/[\w-]{43}/.exec(mail?.text ?? '')?.[0];
  if (!path) throw new Error(`No privacy link mailed to ${email}`);
  return path;
}

const open = async (
  path: string,
  method: 'GET' | 'POST' = 'GET',
  form?: Record<string, string>,
) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(form ? { body: new URLSearchParams(form) } : {}),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
};

const ask = (token: string | undefined, body: unknown, status: number) =>
  expectCall(server, 'POST', '/profile/privacy-requests', status, { token, body });

describe('an end user’s own export and erasure, confirmed by mail', () => {
  it('erases the person who asked only once they use the mailed link, and the vote count falls', async () => {
    const person = await addEndUser(server, a.owner.companyId, { name: 'Erin Eraser' });
    await expectCall(server, 'POST', `/ideas/${a.ideaId}/upvote`, 200, { token: person.token });
    const votes = async () =>
      (await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: a.ideaId } })).voteCount;
    const before = await votes();

    const answer = await ask(person.token, { kind: 'ERASE' }, 201);
    expect(answer).toEqual({ kind: 'ERASE', email: person.email });
    const path = await linkMailedTo(person.email, 'PRIVACY_ERASE_REQUEST');
    // Only the hash of the token is stored.
    const stored = await server.deps.prisma.privacyRequest.findMany({
      where: { userId: person.userId },
    });
    expect(JSON.stringify(stored)).not.toContain(path.split('/').pop());

    // Opening the link (as a mail scanner would) only asks.
    const page = await open(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('Delete your account?');
    expect(page.text).toContain('name="contentMode" value="DELETE"');
    expect(await votes()).toBe(before);

    const done = await open(path, 'POST', { contentMode: 'ANONYMISE' });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Your account is deleted');
    expect(await votes()).toBe(before - 1);
    expect(await server.deps.prisma.user.findUnique({ where: { id: person.userId } })).toBeNull();
    const entry = await server.deps.prisma.auditEntry.findFirst({
      where: { companyId: a.owner.companyId, action: 'END_USER_ERASED' },
      orderBy: { id: 'desc' },
    });
    expect(entry).toMatchObject({
      actorUserId: null,
      actorLabel: 'The person themselves, through a link mailed to them',
    });
    expect(JSON.stringify(entry?.details)).toContain('"requestedBy":"self"');
    expect(entry?.actorLabel).not.toContain('Erin');

    // The link is dead.
    expect((await open(path)).status).toBe(404);
    expect((await open(path, 'POST', { contentMode: 'DELETE' })).status).toBe(404);
  });

  it('answers the person’s data as a JSON download through the link, once', async () => {
    const person = await addEndUser(server, a.owner.companyId, { name: 'Xavier Export' });
    await expectCall(server, 'POST', `/ideas/${a.ideaId}/upvote`, 200, { token: person.token });
    await ask(person.token, { kind: 'EXPORT' }, 201);
    const path = await linkMailedTo(person.email, 'PRIVACY_EXPORT_REQUEST');
    expect((await open(path)).text).toContain('Download my data');
    const download = await open(path, 'POST');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      'attachment; filename="feedboard-my-data.json"',
    );
    const document = JSON.parse(download.text);
    expect(document.profile).toMatchObject({ id: person.userId, displayName: 'Xavier Export' });
    expect(document.votes.map((vote: { ideaId: number }) => vote.ideaId)).toEqual([a.ideaId]);
    expect(JSON.stringify(document)).not.toContain('passwordHash');
    expect((await open(path, 'POST')).status).toBe(404);
    // The person is still there: an export deletes nothing.
    expect(
      await server.deps.prisma.user.findUnique({ where: { id: person.userId } }),
    ).not.toBeNull();
  });

  it('refuses what it cannot do, with a reason', async () => {
    const bad = await ask(a.owner.token, { kind: 'EVERYTHING' }, 400);
    expect(bad.error.fields[0].field).toBe('kind');
    const owner = await ask(a.owner.token, { kind: 'ERASE' }, 409);
    expect(owner.error.message).toMatch(/from the console/);
    await ask(undefined, { kind: 'EXPORT' }, 401);
    const noEmail = await addEndUser(server, a.owner.companyId, { kind: 'SSO' });
    await server.deps.prisma.user.update({ where: { id: noEmail.userId }, data: { email: null } });
    const refused = await ask(noEmail.token, { kind: 'EXPORT' }, 409);
    expect(refused.error.message).toMatch(/no email address/);
    for (const path of ['/privacy/not-a-token', `/privacy/${'A'.repeat(43)}`]) {
      expect((await open(path)).status).toBe(404);
      expect((await open(path, 'POST')).status).toBe(404);
    }
  });
});
