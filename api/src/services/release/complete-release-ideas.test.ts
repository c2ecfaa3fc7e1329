import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { addEndUser, gql } from '../../testing/graphql-client.ts';
import { expectCall, restCompany, restReleaseWithIdeas } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * Publishing a release may move its linked ideas to the board's completed status (issue 34.3):
 * shipped ideas no longer stay "In progress", and their voters hear of it as of any status change.
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

const PUBLISH = `mutation ($releaseId: ID!, $complete: Boolean) {
  publishRelease(releaseId: $releaseId, published: true, completeLinkedIdeas: $complete) {
    __typename ... on AppError { code message }
  } }`;

async function idea(title: string, status: 'IN_PROGRESS' | 'PLANNED' | 'DECLINED' | 'COMPLETE') {
  const created = await expectCall(server, 'POST', '/ideas/', 201, {
    token: a.owner.token,
    headers: { 'x-board-id': String(a.boardId) },
    body: { title, description: 'An idea that ships in a release.' },
  });
  await server.deps.prisma.idea.update({ where: { id: created.id }, data: { status } });
  return created.id as number;
}

const releaseWith = (name: string, ideaIds: number[]) =>
  restReleaseWithIdeas(server, a, name, ideaIds);

const statusMails = (ideaTitle: string, to: string) =>
  server.deps.prisma.mail.count({
    where: { topic: 'IDEA_STATUS', to, text: { contains: ideaTitle } },
  });

describe('publishing a release with its linked ideas completed', () => {
  it('moves them to the board’s completed status and notifies their voters once', async () => {
    const shipped = await server.deps.prisma.boardStatus.create({
      data: {
        boardId: a.boardId,
        kind: 'COMPLETE',
        nameEn: 'Shipped',
        namePl: 'Wydane',
        color: '22aa55',
        position: 50,
      },
    });
    const working = await idea('Dark mode for the board', 'IN_PROGRESS');
    const planned = await idea('Export ideas to a sheet', 'PLANNED');
    const declined = await idea('Paint everything purple', 'DECLINED');
    const voter = await addEndUser(server, a.owner.companyId);
    await expectCall(server, 'POST', `/ideas/${working}/upvote`, 200, { token: voter.token });
    const releaseId = await releaseWith('v2.0', [working, planned, declined]);

    const { body } = await gql(
      server,
      PUBLISH,
      { releaseId: globalId('Release', releaseId), complete: true },
      a.owner.token,
    );
    expect(body.data.publishRelease.__typename).toBe('MutationPublishReleaseSuccess');

    const rows = await server.deps.prisma.idea.findMany({
      where: { id: { in: [working, planned, declined] } },
      select: { id: true, status: true, customStatusId: true },
      orderBy: { id: 'asc' },
    });
    expect(rows).toEqual([
      { id: working, status: 'COMPLETE', customStatusId: shipped.id },
      { id: planned, status: 'COMPLETE', customStatusId: shipped.id },
      { id: declined, status: 'DECLINED', customStatusId: null },
    ]);
    // The voter is told once, by the release's own mail (which names the idea), not also by a
    // status mail (mail-texts.test: those the release mail does not reach still get one).
    await expect
      .poll(() => server.deps.prisma.mail.count({ where: { topic: 'RELEASE', to: voter.email } }))
      .toBe(1);
    expect(await statusMails('Dark mode for the board', voter.email)).toBe(0);
    const activity = await server.deps.prisma.ideaActivity.count({
      where: { ideaId: working, kind: 'STATUS_CHANGED' },
    });
    expect(activity).toBe(1);
  });

  it('leaves the ideas as they are without the option (and over REST, as the spec has it)', async () => {
    const graph = await idea('Keyboard shortcuts everywhere', 'IN_PROGRESS');
    const rest = await idea('Single sign-on for teams', 'IN_PROGRESS');
    const first = await releaseWith('v2.1', [graph]);
    const second = await releaseWith('v2.2', [rest]);
    const { body } = await gql(
      server,
      PUBLISH,
      { releaseId: globalId('Release', first), complete: null },
      a.owner.token,
    );
    expect(body.data.publishRelease.__typename).toBe('MutationPublishReleaseSuccess');
    await expectCall(server, 'PUT', `/releases/${second}/publish`, 200, {
      token: a.owner.token,
      body: { published: true },
    });
    const statuses = await server.deps.prisma.idea.findMany({
      where: { id: { in: [graph, rest] } },
      select: { status: true },
    });
    expect(statuses.map(({ status }) => status)).toEqual(['IN_PROGRESS', 'IN_PROGRESS']);
  });

  it('is the admin’s: a member cannot publish, so nothing moves', async () => {
    const working = await idea('Faster search for ideas', 'IN_PROGRESS');
    const releaseId = await releaseWith('v2.3', [working]);
    const member = await addEndUser(server, a.owner.companyId, { role: 'MEMBER' });
    const { body } = await gql(
      server,
      PUBLISH,
      { releaseId: globalId('Release', releaseId), complete: true },
      member.token,
    );
    expect(body.data.publishRelease.__typename).toBe('AppError');
    const row = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: working } });
    expect(row.status).toBe('IN_PROGRESS');
  });
});
