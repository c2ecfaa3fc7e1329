import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { APP_ERROR, addEndUser, gql } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';

/**
 * A board's moderation of new ideas (Board.moderateNewIdeas): on by default, end users' ideas
 * wait for acceptance; an admin turns it off and they are published at once. Runs on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */

let server: TTestServer;
let acme: TRestCompany;
let other: TRestCompany;
let author: TTestAccount;
let reader: TTestAccount;
let member: TTestAccount;

const SET = `mutation ($boardId: ID!, $moderateNewIdeas: Boolean!) {
  updateBoardModeration(boardId: $boardId, moderateNewIdeas: $moderateNewIdeas) {
  __typename ... on MutationUpdateBoardModerationSuccess { data { moderateNewIdeas } } ${APP_ERROR} } }`;
const READ = `query ($id: ID!) { board(id: $id) { moderateNewIdeas } }`;

const setModeration = (
  moderateNewIdeas: boolean,
  token = acme.owner.token,
  boardId = acme.boardId,
) => gql(server, SET, { boardId: globalId('Board', boardId), moderateNewIdeas }, token);

const submit = (title: string) =>
  expectCall(server, 'POST', '/ideas/', 201, {
    token: author.token,
    headers: { 'x-board-id': String(acme.boardId) },
    body: { title },
  });

const listedTitles = async (token: string) => {
  const list = await expectCall(server, 'GET', '/ideas/', 200, {
    token,
    headers: { 'x-board-id': String(acme.boardId) },
  });
  return list.ideas.map((idea: { title: string }) => idea.title);
};

beforeAll(async () => {
  server = await startTestServer();
  acme = await restCompany(server);
  other = await restCompany(server);
  author = await addEndUser(server, acme.owner.companyId);
  reader = await addEndUser(server, acme.owner.companyId);
  member = await addEndUser(server, acme.owner.companyId, { role: 'MEMBER' });
});
afterAll(async () => {
  await server?.close();
});

describe('moderation of new ideas', () => {
  it('is on by default: an end user’s idea waits for acceptance and others do not see it', async () => {
    const read = await gql(server, READ, { id: globalId('Board', acme.boardId) }, acme.owner.token);
    expect(read.body.data.board.moderateNewIdeas).toBe(true);
    const idea = await submit('Waits in the queue');
    expect(idea.status).toBe('NOT_PUBLIC');
    expect(await listedTitles(reader.token)).not.toContain('Waits in the queue');
  });

  it('an admin turns it off: new ideas are published at once and others vote on them', async () => {
    const answer = await setModeration(false);
    expect(answer.body.data.updateBoardModeration).toMatchObject({
      __typename: 'MutationUpdateBoardModerationSuccess',
      data: { moderateNewIdeas: false },
    });
    const idea = await submit('Published at once');
    expect(idea.status).toBe('OPEN');
    expect(await listedTitles(reader.token)).toContain('Published at once');
    await expectCall(server, 'POST', `/ideas/${idea.id}/upvote`, 200, { token: reader.token });
    // The idea that was waiting still waits.
    expect(await listedTitles(reader.token)).not.toContain('Waits in the queue');

    // On again: the next one waits.
    await setModeration(true);
    expect((await submit('Waits again')).status).toBe('NOT_PUBLIC');
  });

  it('is the admins’ setting: members and end users are refused, another company’s board is not found', async () => {
    for (const token of [member.token, author.token]) {
      const answer = await setModeration(false, token);
      expect(answer.body.data.updateBoardModeration.__typename).toBe('AppError');
      expect(answer.body.data.updateBoardModeration.code).toBe('FORBIDDEN');
    }
    const foreign = await setModeration(false, acme.owner.token, other.boardId);
    expect(foreign.body.data.updateBoardModeration).toMatchObject({ code: 'NOT_FOUND' });
    const read = await gql(server, READ, { id: globalId('Board', acme.boardId) }, acme.owner.token);
    expect(read.body.data.board.moderateNewIdeas).toBe(true);
  });
});
