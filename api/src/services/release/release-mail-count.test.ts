import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { addEndUser, gql } from '../../testing/graphql-client.ts';
import { expectCall, restCompany, restReleaseWithIdeas } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * Issue 36.4: "Publish" says how many people it will mail before anyone is. The figure is the
 * mails publishing then queues: the voters and authors of its ideas who get release mails, and
 * the changelog's confirmed subscribers; a republish mails nobody twice, and says so.
 */

let server: TTestServer;
let a: TRestCompany;
beforeAll(async () => {
  server = await startTestServer();
  a = await restCompany(server);
});
afterAll(async () => {
  await server?.close();
});

const COUNT = `query ($id: ID!) { release(id: $id) { publishMailCount } }`;
const PUBLISH = `mutation ($releaseId: ID!, $published: Boolean!) {
  publishRelease(releaseId: $releaseId, published: $published) { __typename } }`;

const count = async (releaseId: number, token: string) =>
  (await gql(server, COUNT, { id: globalId('Release', releaseId) }, token)).body.data.release
    ?.publishMailCount;

describe('the number of people publishing a release mails', () => {
  it('is what publishing then queues, for admins only, and nobody twice', async () => {
    const idea = await expectCall(server, 'POST', '/ideas/', 201, {
      token: a.owner.token,
      headers: { 'x-board-id': String(a.boardId) },
      body: { title: 'Calendar sync please', description: 'Sync the roadmap with calendars.' },
    });
    const voters = [
      await addEndUser(server, a.owner.companyId),
      await addEndUser(server, a.owner.companyId),
      // No confirmed address: never mailed, never counted.
      await addEndUser(server, a.owner.companyId, { emailConfirmed: false }),
    ];
    for (const voter of voters) {
      await expectCall(server, 'POST', `/ideas/${idea.id}/upvote`, 200, { token: voter.token });
    }
    for (const [email, confirmed] of [
      ['reader@example.com', true],
      ['pending@example.com', false],
    ] as const) {
      await server.deps.prisma.changelogSubscriber.create({
        data: {
          companyId: a.owner.companyId,
          email,
          language: 'en-US',
          confirmedAt: confirmed ? new Date(Date.now() - 60_000) : null,
        },
      });
    }
    const release = { id: await restReleaseWithIdeas(server, a, 'v3.0', [idea.id]) };
    expect(await count(release.id, a.owner.token)).toBe(3);

    const before = await server.deps.prisma.mail.count({
      where: { topic: { in: ['RELEASE', 'CHANGELOG'] } },
    });
    const published = await gql(
      server,
      PUBLISH,
      { releaseId: globalId('Release', release.id), published: true },
      a.owner.token,
    );
    expect(published.body.data.publishRelease.__typename).toBe('MutationPublishReleaseSuccess');
    await expect
      .poll(() =>
        server.deps.prisma.mail.count({ where: { topic: { in: ['RELEASE', 'CHANGELOG'] } } }),
      )
      .toBe(before + 3);

    // The figure is the admins': a voter reading the published release gets null.
    expect(await count(release.id, voters[0]!.token)).toBeNull();

    // Unpublished and published again: everyone had the mail already.
    await gql(
      server,
      PUBLISH,
      { releaseId: globalId('Release', release.id), published: false },
      a.owner.token,
    );
    expect(await count(release.id, a.owner.token)).toBe(0);
  });
});
