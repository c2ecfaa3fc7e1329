import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  addEndUser,
  gql,
  mutate,
  setPlan,
  signUpCompany,
  createBoardId,
} from '../testing/graphql-client.ts';
import { decodeId } from './ids.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let admin: TTestAccount;
let member: TTestAccount;
let otherMember: TTestAccount;

const IDEA_FIELDS = `id title description status voteCount commentCount isVotedByMe canEdit canUpdateStatus
  createdAt author { displayName }
  declineDetails { reason comment declinedDuplicateIdeaId declinedDuplicateIdeaFound declinedDuplicateIdeaTitle declinedAt }`;

const result = (field: string, fields = IDEA_FIELDS) =>
  `${field} { __typename ... on Mutation${field[0]!.toUpperCase()}${field.slice(1, field.indexOf('('))}Success { data { ${fields} } } ${APP_ERROR} }`;

const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!, $description: String) {
  ${result('createIdea(boardId: $boardId, title: $title, description: $description)')} }`;
const UPDATE_IDEA = `mutation ($ideaId: ID!, $title: String!, $description: String) {
  ${result('updateIdea(ideaId: $ideaId, title: $title, description: $description)')} }`;
const DELETE_IDEA = `mutation ($ideaId: ID!) {
  deleteIdea(ideaId: $ideaId) { __typename ... on MutationDeleteIdeaSuccess { data { deletedIdeaId } } ${APP_ERROR} } }`;
const SET_STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!) {
  ${result('setIdeaStatus(ideaId: $ideaId, status: $status)')} }`;
const UPVOTE = `mutation ($ideaId: ID!) { ${result('upvoteIdea(ideaId: $ideaId)')} }`;
const DOWNVOTE = `mutation ($ideaId: ID!) { ${result('downvoteIdea(ideaId: $ideaId)')} }`;
const DECLINE = `mutation ($ideaId: ID!, $reason: DeclineReason!, $comment: String, $dup: ID, $merge: Boolean) {
  declineIdea(ideaId: $ideaId, reason: $reason, comment: $comment, duplicateOfIdeaId: $dup, mergeVotes: $merge) {
    __typename ... on MutationDeclineIdeaSuccess { data { idea { ${IDEA_FIELDS} } duplicateOf { id voteCount } } } ${APP_ERROR} } }`;
const ADD_COMMENT = `mutation ($ideaId: ID!, $text: String!) {
  addComment(ideaId: $ideaId, text: $text) { __typename
    ... on MutationAddCommentSuccess { data { id text createdAt author { displayName } idea { commentCount } } } ${APP_ERROR} } }`;
const LIST = `query ($boardId: ID!, $filter: IdeaFilter, $sort: IdeaSort, $search: String, $first: Int, $after: String) {
  board(id: $boardId) { ideas(filter: $filter, sort: $sort, search: $search, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id title status voteCount createdAt } } } } }`;

const newBoard = (name = 'Ideas board for tests') => createBoardId(server, admin.token, name);
const createIdea = (boardId: string, title: string, token = admin.token, description?: string) =>
  mutate(server, 'createIdea', CREATE_IDEA, { boardId, title, description }, token);
const list = async (boardId: string, vars: Record<string, unknown> = {}, token = admin.token) => {
  const { body } = await gql(server, LIST, { boardId, ...vars }, token);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data.board.ideas;
};
const setStatus = (vars: Record<string, unknown>, token: string) =>
  mutate(server, 'setIdeaStatus', SET_STATUS, vars, token);
const upvote = (vars: Record<string, unknown>, token: string) =>
  mutate(server, 'upvoteIdea', UPVOTE, vars, token);
const downvote = (vars: Record<string, unknown>, token: string) =>
  mutate(server, 'downvoteIdea', DOWNVOTE, vars, token);
const decline = (vars: Record<string, unknown>, token: string) =>
  mutate(server, 'declineIdea', DECLINE, vars, token);
const addComment = (vars: Record<string, unknown>, token: string) =>
  mutate(server, 'addComment', ADD_COMMENT, vars, token);
const updateIdea = (vars: Record<string, unknown>, token: string) =>
  mutate(server, 'updateIdea', UPDATE_IDEA, vars, token);
const deleteIdea = (vars: Record<string, unknown>, token: string) =>
  mutate(server, 'deleteIdea', DELETE_IDEA, vars, token);
const titles = (connection: any) => connection.edges.map((e: any) => e.node.title);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpCompany(server);
  await setPlan(server, admin.companyId, 'ULTRA');
  member = await addEndUser(server, admin.companyId, { name: 'Mia Member' });
  otherMember = await addEndUser(server, admin.companyId, { kind: 'SSO', name: 'Otto Other' });
});
afterAll(async () => {
  await server?.close();
});

describe('submitting ideas', () => {
  it("starts an admin's idea OPEN and an end user's NOT_PUBLIC, seen only by its author and admins", async () => {
    const boardId = await newBoard();
    const mine = await createIdea(boardId, 'Admin idea title', admin.token, 'Described at length');
    expect(mine).toMatchObject({
      title: 'Admin idea title',
      description: 'Described at length',
      status: 'OPEN',
      voteCount: 0,
      commentCount: 0,
      isVotedByMe: false,
      canEdit: true,
      canUpdateStatus: true,
      declineDetails: null,
    });
    const theirs = await createIdea(boardId, 'Member idea title', member.token);
    expect(theirs).toMatchObject({ status: 'NOT_PUBLIC', canEdit: true, canUpdateStatus: false });
    expect(theirs.author.displayName).toBe('Mia Member');

    expect(titles(await list(boardId, {}, admin.token)).sort()).toEqual([
      'Admin idea title',
      'Member idea title',
    ]);
    expect(titles(await list(boardId, {}, member.token)).sort()).toEqual([
      'Admin idea title',
      'Member idea title',
    ]);
    expect(titles(await list(boardId, {}, otherMember.token))).toEqual(['Admin idea title']);
    const seen = await gql(
      server,
      `query ($id: ID!) { idea(id: $id) { id } }`,
      { id: theirs.id },
      otherMember.token,
    );
    expect(seen.body.data.idea).toBeNull();

    // Accepting it (any status but DECLINED) makes it public.
    await setStatus({ ideaId: theirs.id, status: 'OPEN' }, admin.token);
    expect(titles(await list(boardId, {}, otherMember.token)).sort()).toEqual([
      'Admin idea title',
      'Member idea title',
    ]);
  });

  it.each([
    [{ title: '' }, 'title', 'This field is required.'],
    [{ title: 'short' }, 'title', 'It has to be 6 characters at least.'],
    [{ title: 't'.repeat(101) }, 'title', 'It has to be max 100 characters.'],
    [
      { title: 'A fine title', description: 'tiny' },
      'description',
      'It has to be 6 characters at least.',
    ],
    [
      { title: 'A fine title', description: 'd'.repeat(501) },
      'description',
      'It has to be max 500 characters.',
    ],
  ])('refuses %j with a field message', async (input, field, message) => {
    const boardId = await newBoard();
    const answer = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, ...input },
      admin.token,
    );
    expect(answer).toMatchObject({ __typename: 'AppError', code: 'VALIDATION' });
    expect(answer.fields).toContainEqual({ field, message });
    expect((await list(boardId)).totalCount).toBe(0);
  });

  it('treats a blank description as none', async () => {
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'No description here', admin.token, '   ');
    expect(idea.description).toBeNull();
  });

  it('needs a signed-in user', async () => {
    const boardId = await newBoard();
    const { body } = await gql(server, CREATE_IDEA, { boardId, title: 'Anonymous idea' });
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('listing ideas', () => {
  let boardId: string;
  const votes: Record<string, number> = {
    'Alpha dark mode': 3,
    'Bravo exports': 1,
    'Charlie search': 5,
    'Delta webhooks': 0,
    'Echo declined idea': 9,
  };
  const statuses: Record<string, string> = {
    'Alpha dark mode': 'PLANNED',
    'Bravo exports': 'OPEN',
    'Charlie search': 'COMPLETE',
    'Delta webhooks': 'REVIEW',
  };

  beforeAll(async () => {
    boardId = await newBoard('Listing board');
    const voters = await Promise.all(
      Array.from({ length: 9 }, () => addEndUser(server, admin.companyId)),
    );
    for (const [title, count] of Object.entries(votes)) {
      const idea = await createIdea(boardId, title, admin.token, `About ${title.toLowerCase()}`);
      for (const voter of voters.slice(0, count)) {
        await upvote({ ideaId: idea.id }, voter.token);
      }
      if (statuses[title]) {
        await setStatus({ ideaId: idea.id, status: statuses[title] }, admin.token);
      } else {
        await decline({ ideaId: idea.id, reason: 'NOT_RELEVANT' }, admin.token);
      }
    }
  });

  it('sorts by votes by default, most first, and ALL hides DECLINED', async () => {
    const page = await list(boardId);
    expect(titles(page)).toEqual([
      'Charlie search',
      'Alpha dark mode',
      'Bravo exports',
      'Delta webhooks',
    ]);
    expect(page.edges.map((e: any) => e.node.voteCount)).toEqual([5, 3, 1, 0]);
    expect(page.totalCount).toBe(4);
  });

  it('filters on one status', async () => {
    expect(titles(await list(boardId, { filter: 'DECLINED' }))).toEqual(['Echo declined idea']);
    expect(titles(await list(boardId, { filter: 'PLANNED' }))).toEqual(['Alpha dark mode']);
    expect(titles(await list(boardId, { filter: 'IN_PROGRESS' }))).toEqual([]);
  });

  it('sorts by status in pipeline order, and by date both ways', async () => {
    expect(titles(await list(boardId, { sort: 'STATUS' }))).toEqual([
      'Bravo exports',
      'Delta webhooks',
      'Alpha dark mode',
      'Charlie search',
    ]);
    const ascending = titles(await list(boardId, { sort: 'DATE_ASC' }));
    expect(ascending).toEqual([
      'Alpha dark mode',
      'Bravo exports',
      'Charlie search',
      'Delta webhooks',
    ]);
    expect(titles(await list(boardId, { sort: 'DATE_DESC' }))).toEqual([...ascending].reverse());
  });

  it('searches title and description, ignoring case', async () => {
    expect(titles(await list(boardId, { search: 'DARK' }))).toEqual(['Alpha dark mode']);
    expect(titles(await list(boardId, { search: 'about bravo' }))).toEqual(['Bravo exports']);
    expect(titles(await list(boardId, { search: 'nothing like this' }))).toEqual([]);
  });

  it('pages with cursors without skipping or repeating', async () => {
    const first = await list(boardId, { first: 2 });
    expect(titles(first)).toEqual(['Charlie search', 'Alpha dark mode']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await list(boardId, { first: 2, after: first.pageInfo.endCursor });
    expect(titles(second)).toEqual(['Bravo exports', 'Delta webhooks']);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses a search longer than 100 characters', async () => {
    const { body } = await gql(server, LIST, { boardId, search: 's'.repeat(101) }, admin.token);
    expect(body.errors[0].extensions).toMatchObject({ code: 'VALIDATION' });
    expect(body.errors[0].extensions.fields[0].field).toBe('search');
  });
});

describe('editing and deleting', () => {
  it('lets the author and admins edit, and refuses other end users', async () => {
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'Original title', member.token);
    const byAuthor = await updateIdea(
      { ideaId: idea.id, title: 'Better title', description: 'Now with words' },
      member.token,
    );
    expect(byAuthor).toMatchObject({ title: 'Better title', description: 'Now with words' });
    const byAdmin = await updateIdea({ ideaId: idea.id, title: 'Admin title' }, admin.token);
    expect(byAdmin).toMatchObject({ title: 'Admin title', description: null });
    await setStatus({ ideaId: idea.id, status: 'OPEN' }, admin.token);
    const byOther = await updateIdea(
      { ideaId: idea.id, title: 'Hijacked title' },
      otherMember.token,
    );
    expect(byOther).toMatchObject({ code: 'FORBIDDEN' });
    const invalid = await updateIdea({ ideaId: idea.id, title: 'tiny' }, admin.token);
    expect(invalid.fields).toEqual([
      { field: 'title', message: 'It has to be 6 characters at least.' },
    ]);
    const row = await server.deps.prisma.idea.findUniqueOrThrow({
      where: { id: Number(Buffer.from(idea.id, 'base64').toString().split(':')[1]) },
    });
    expect(row.title).toBe('Admin title');
  });

  it('deletes with votes and comments, for the author or an admin only', async () => {
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'Doomed idea here', admin.token);
    await upvote({ ideaId: idea.id }, member.token);
    await addComment({ ideaId: idea.id, text: 'A comment here' }, member.token);
    expect(await deleteIdea({ ideaId: idea.id }, member.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
    const deleted = await deleteIdea({ ideaId: idea.id }, admin.token);
    expect(deleted.deletedIdeaId).toBe(idea.id);
    expect((await list(boardId)).totalCount).toBe(0);
    expect(await deleteIdea({ ideaId: idea.id }, admin.token)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('statuses', () => {
  it('moves through any status but DECLINED, for admins only', async () => {
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'Status idea title');
    for (const status of ['REVIEW', 'PLANNED', 'IN_PROGRESS', 'COMPLETE', 'OPEN', 'NOT_PUBLIC']) {
      const moved = await setStatus({ ideaId: idea.id, status }, admin.token);
      expect(moved.status).toBe(status);
    }
    const declined = await setStatus({ ideaId: idea.id, status: 'DECLINED' }, admin.token);
    expect(declined).toMatchObject({ code: 'VALIDATION' });
    expect(declined.fields[0].field).toBe('status');
    await setStatus({ ideaId: idea.id, status: 'OPEN' }, admin.token);
    expect(await setStatus({ ideaId: idea.id, status: 'PLANNED' }, member.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('votes', () => {
  it('toggles idempotently and answers the new count', async () => {
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'Vote for me please');
    const first = await upvote({ ideaId: idea.id }, member.token);
    expect(first).toMatchObject({ voteCount: 1, isVotedByMe: true });
    expect(await upvote({ ideaId: idea.id }, member.token)).toMatchObject({ voteCount: 1 });
    expect(await upvote({ ideaId: idea.id }, otherMember.token)).toMatchObject({ voteCount: 2 });
    const back = await downvote({ ideaId: idea.id }, member.token);
    expect(back).toMatchObject({ voteCount: 1, isVotedByMe: false });
    expect(await downvote({ ideaId: idea.id }, member.token)).toMatchObject({ voteCount: 1 });
    expect(
      await server.deps.prisma.vote.count({ where: { idea: { title: 'Vote for me please' } } }),
    ).toBe(1);
  });

  it('shows voters to editors only', async () => {
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'Who voted for this', member.token);
    await setStatus({ ideaId: idea.id, status: 'OPEN' }, admin.token);
    await upvote({ ideaId: idea.id }, otherMember.token);
    await upvote({ ideaId: idea.id }, member.token);
    const VOTERS = `query ($id: ID!) { idea(id: $id) { voters { totalCount edges { node { userId name } } } } }`;
    const asAdmin = await gql(server, VOTERS, { id: idea.id }, admin.token);
    expect(asAdmin.body.data.idea.voters.edges.map((e: any) => e.node.name)).toEqual([
      'Otto Other',
      'Mia Member',
    ]);
    expect(asAdmin.body.data.idea.voters.totalCount).toBe(2);
    const asAuthor = await gql(server, VOTERS, { id: idea.id }, member.token);
    expect(asAuthor.body.data.idea.voters.edges).toHaveLength(2);
    const asOther = await gql(server, VOTERS, { id: idea.id }, otherMember.token);
    expect(asOther.body.data.idea.voters).toBeNull();
    // The count alone is no way around it (Pothos reads a lone totalCount without the page).
    const countOnly = `query ($id: ID!) { idea(id: $id) { voters { totalCount } } }`;
    const counted = await gql(server, countOnly, { id: idea.id }, otherMember.token);
    expect(counted.body).toEqual({ data: { idea: { voters: null } } });
  });

  it('pages through voters earliest first, without duplicates or gaps, and refuses a cursor of another list', async () => {
    const { prisma } = server.deps;
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'Many people want this');
    const other = await createIdea(boardId, 'Few people want this');
    const ideaId = decodeId(idea.id, 'Idea');
    const people = await Promise.all(
      Array.from({ length: 7 }, (_, n) =>
        prisma.user.create({
          data: { companyId: admin.companyId, displayName: `Voter ${n + 1}` },
        }),
      ),
    );
    // Two share a moment: the id orders them.
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 12, n === 3 ? 2 : n));
    for (const [n, person] of people.entries()) {
      await prisma.vote.create({ data: { ideaId, userId: person.id, createdAt: at(n) } });
    }
    await prisma.vote.create({
      data: { ideaId: decodeId(other.id, 'Idea'), userId: people[0]!.id },
    });
    const PAGE = `query ($id: ID!, $after: String) { idea(id: $id) {
      voters(first: 3, after: $after) {
        totalCount edges { cursor node { name } } pageInfo { hasNextPage endCursor } } } }`;
    const names: string[] = [];
    const cursors: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const { body } = await gql(server, PAGE, { id: idea.id, after }, admin.token);
      const voters = body.data.idea.voters;
      expect(voters.totalCount).toBe(7);
      names.push(...voters.edges.map((e: any) => e.node.name));
      cursors.push(...voters.edges.map((e: any) => e.cursor));
      if (!voters.pageInfo.hasNextPage) break;
      after = voters.pageInfo.endCursor;
    }
    expect(names).toEqual(people.map((p) => p.displayName));
    expect(cursors).toHaveLength(7);

    // A cursor of another idea's voters, or of another company's idea, is not one of this list.
    const { body: otherPage } = await gql(
      server,
      `query ($id: ID!) { idea(id: $id) { voters(first: 1) { edges { cursor } } } }`,
      { id: other.id },
      admin.token,
    );
    const foreign = otherPage.data.idea.voters.edges[0].cursor;
    const stranger = await signUpCompany(server);
    const strangerBoard = await createBoardId(server, stranger.token, 'Their own board');
    const theirs = await createIdea(strangerBoard, 'Their popular idea', stranger.token);
    const strangerVote = await prisma.vote.create({
      data: { ideaId: decodeId(theirs.id, 'Idea'), userId: stranger.userId },
    });
    const { body: theirPage } = await gql(
      server,
      `query ($id: ID!) { idea(id: $id) { voters(first: 1) { edges { cursor } } } }`,
      { id: theirs.id },
      stranger.token,
    );
    const strangers = theirPage.data.idea.voters.edges[0].cursor;
    expect(strangers).toBe(Buffer.from(`GPC:N:${strangerVote.id}`).toString('base64'));
    for (const cursor of [foreign, strangers, 'not a cursor']) {
      const { body } = await gql(server, PAGE, { id: idea.id, after: cursor }, admin.token);
      expect(body.data.idea.voters, cursor).toBeNull();
      expect(body.errors[0].extensions, cursor).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'after', message: 'This is not a cursor of this list.' }],
      });
    }
    // Another company's idea is not found for the admin, whatever its voters.
    const { body: notFound } = await gql(
      server,
      `query ($id: ID!) { idea(id: $id) { voters { totalCount } } }`,
      { id: theirs.id },
      admin.token,
    );
    expect(notFound.data.idea).toBeNull();
  });

  it('refuses new votes on a declined idea but lets a voter take theirs back', async () => {
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'Declined later on');
    await upvote({ ideaId: idea.id }, member.token);
    await decline({ ideaId: idea.id, reason: 'OTHER' }, admin.token);
    expect(await upvote({ ideaId: idea.id }, otherMember.token)).toMatchObject({
      code: 'CONFLICT',
    });
    expect(await downvote({ ideaId: idea.id }, member.token)).toMatchObject({ voteCount: 0 });
  });
});

describe('comments', () => {
  it('adds a comment, counts it, and lists comments oldest first', async () => {
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'Talk about this one');
    const first = await addComment({ ideaId: idea.id, text: 'First comment' }, member.token);
    expect(first).toMatchObject({
      text: 'First comment',
      author: { displayName: 'Mia Member' },
      idea: { commentCount: 1 },
    });
    await addComment({ ideaId: idea.id, text: 'Second comment' }, admin.token);
    const { body } = await gql(
      server,
      `query ($id: ID!) { idea(id: $id) { commentCount comments { totalCount edges { node { text author { displayName } } } } } }`,
      { id: idea.id },
      otherMember.token,
    );
    expect(body.data.idea.commentCount).toBe(2);
    expect(body.data.idea.comments.totalCount).toBe(2);
    expect(body.data.idea.comments.edges.map((e: any) => e.node.text)).toEqual([
      'First comment',
      'Second comment',
    ]);
  });

  it.each([
    ['', 'This field is required.'],
    ['short', 'It has to be 6 characters at least.'],
    ['c'.repeat(501), 'It has to be max 500 characters.'],
  ])('refuses the text %j', async (text, message) => {
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'Comment rules idea');
    const answer = await addComment({ ideaId: idea.id, text }, member.token);
    expect(answer.fields).toEqual([{ field: 'text', message }]);
    const { body } = await gql(
      server,
      `query ($id: ID!) { idea(id: $id) { commentCount } }`,
      { id: idea.id },
      admin.token,
    );
    expect(body.data.idea.commentCount).toBe(0);
  });
});

describe('declining', () => {
  it('declines with a reason and comment, answering status and declineDetails', async () => {
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'Not for us, sorry');
    const answer = await decline(
      { ideaId: idea.id, reason: 'NOT_APPLICABLE', comment: 'Out of scope' },
      admin.token,
    );
    expect(answer.idea).toMatchObject({
      status: 'DECLINED',
      declineDetails: {
        reason: 'NOT_APPLICABLE',
        comment: 'Out of scope',
        declinedDuplicateIdeaId: null,
        declinedDuplicateIdeaFound: false,
        declinedDuplicateIdeaTitle: null,
      },
    });
    expect(Date.parse(answer.idea.declineDetails.declinedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(answer.duplicateOf).toBeNull();
    // A declined idea cannot be declined again.
    expect(await decline({ ideaId: idea.id, reason: 'OTHER' }, admin.token)).toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('reopens a declined idea from its status: the reason goes, merged votes stay with the kept idea', async () => {
    const boardId = await newBoard();
    const kept = await createIdea(boardId, 'Reopen: kept idea');
    const duplicate = await createIdea(boardId, 'Reopen: the duplicate', member.token);
    await setStatus({ ideaId: duplicate.id, status: 'OPEN' }, admin.token);
    const voter = await addEndUser(server, admin.companyId);
    await upvote({ ideaId: duplicate.id }, voter.token);
    await decline({ ideaId: duplicate.id, reason: 'DUPLICATE', dup: kept.id }, admin.token);
    const mailsToAuthor = () =>
      server.deps.prisma.mail.count({ where: { userId: member.userId, topic: 'IDEA_STATUS' } });
    const mailedBefore = await mailsToAuthor();

    expect(await setStatus({ ideaId: duplicate.id, status: 'OPEN' }, voter.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await setStatus({ ideaId: duplicate.id, status: 'OPEN' }, admin.token)).toMatchObject({
      id: duplicate.id,
      status: 'OPEN',
      voteCount: 0,
      declineDetails: null,
    });
    const row = await server.deps.prisma.idea.findUniqueOrThrow({
      where: { id: decodeId(duplicate.id, 'Idea') },
    });
    expect(row).toMatchObject({
      status: 'OPEN',
      declineReason: null,
      declineComment: null,
      duplicateOfId: null,
      declinedAt: null,
      voteCount: 0,
    });
    const keptRow = await server.deps.prisma.idea.findUniqueOrThrow({
      where: { id: decodeId(kept.id, 'Idea') },
    });
    expect(keptRow.voteCount).toBe(1);
    // The author hears of it like of any status change.
    expect(await mailsToAuthor()).toBe(mailedBefore + 1);
  });

  it('merges the votes of a duplicate into the kept idea, counting shared voters once', async () => {
    const boardId = await newBoard();
    const kept = await createIdea(boardId, 'Export to CSV please');
    const duplicate = await createIdea(boardId, 'CSV export wanted');
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => addEndUser(server, admin.companyId)));
    for (const voter of [a!, b!]) await upvote({ ideaId: kept.id }, voter.token);
    for (const voter of [b!, c!]) await upvote({ ideaId: duplicate.id }, voter.token);

    const answer = await decline(
      { ideaId: duplicate.id, reason: 'DUPLICATE', dup: kept.id },
      admin.token,
    );
    expect(answer.idea.status).toBe('DECLINED');
    expect(answer.idea.voteCount).toBe(0);
    expect(answer.idea.declineDetails).toMatchObject({
      reason: 'DUPLICATE',
      declinedDuplicateIdeaId: kept.id,
      declinedDuplicateIdeaFound: true,
      declinedDuplicateIdeaTitle: 'Export to CSV please',
    });
    expect(answer.duplicateOf).toEqual({ id: kept.id, voteCount: 3 });
    const VOTED = `query ($id: ID!) { idea(id: $id) { isVotedByMe voteCount } }`;
    const seenByC = await gql(server, VOTED, { id: kept.id }, c!.token);
    expect(seenByC.body.data.idea).toEqual({ isVotedByMe: true, voteCount: 3 });
  });

  it('keeps the votes where they are with mergeVotes false', async () => {
    const boardId = await newBoard();
    const kept = await createIdea(boardId, 'Kept idea title');
    const duplicate = await createIdea(boardId, 'Duplicate idea title');
    await upvote({ ideaId: duplicate.id }, member.token);
    const answer = await decline(
      { ideaId: duplicate.id, reason: 'DUPLICATE', dup: kept.id, merge: false },
      admin.token,
    );
    expect(answer.idea.voteCount).toBe(1);
    expect(answer.duplicateOf.voteCount).toBe(0);
  });

  it('checks the duplicate: required, not itself, on the same board, known', async () => {
    const boardId = await newBoard();
    const otherBoardId = await newBoard('Another board here');
    const idea = await createIdea(boardId, 'The idea to decline');
    const elsewhere = await createIdea(otherBoardId, 'On another board');
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'This field is required.'],
      [{ dup: idea.id }, 'An idea cannot be a duplicate of itself.'],
      [{ dup: elsewhere.id }, 'Idea not found'],
      [{ dup: 'SWRlYTo5OTk5OTk=' }, 'Idea not found'],
    ];
    for (const [vars, message] of cases) {
      const answer = await decline({ ideaId: idea.id, reason: 'DUPLICATE', ...vars }, admin.token);
      expect(answer.fields).toEqual([{ field: 'duplicateOfIdeaId', message }]);
    }
    const { body } = await gql(
      server,
      `query ($id: ID!) { idea(id: $id) { status } }`,
      { id: idea.id },
      admin.token,
    );
    expect(body.data.idea.status).toBe('OPEN');
  });

  it('is for admins, and not for complete ideas', async () => {
    const boardId = await newBoard();
    const idea = await createIdea(boardId, 'Shipped already');
    expect(await decline({ ideaId: idea.id, reason: 'OTHER' }, member.token)).toMatchObject({
      code: 'FORBIDDEN',
    });
    await setStatus({ ideaId: idea.id, status: 'COMPLETE' }, admin.token);
    expect(await decline({ ideaId: idea.id, reason: 'OTHER' }, admin.token)).toMatchObject({
      code: 'CONFLICT',
    });
  });
});

describe('people', () => {
  it("keeps other users' emails from end users: node(id) of another User answers null", async () => {
    const NODE = `query ($id: ID!) { node(id: $id) { ... on User { email } } }`;
    const userId = Buffer.from(`User:${otherMember.userId}`).toString('base64');
    const asMember = await gql(server, NODE, { id: userId }, member.token);
    expect(asMember.body.data.node).toBeNull();
    const asAdmin = await gql(server, NODE, { id: userId }, admin.token);
    expect(asAdmin.body.data.node).toEqual({ email: otherMember.email });
    const self = Buffer.from(`User:${member.userId}`).toString('base64');
    const asSelf = await gql(server, NODE, { id: self }, member.token);
    expect(asSelf.body.data.node).toEqual({ email: member.email });
  });
});
