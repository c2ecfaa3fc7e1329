import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  addEndUser,
  createBoardId,
  mutate,
  setPlan,
  signUpCompany,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';
import { decodeId, globalId } from './ids.ts';

let server: TTestServer;
let owner: TTestAccount;
let member: TTestAccount;
let author: TTestAccount;
let reader: TTestAccount;
let stranger: TTestAccount;
let boardGid: string;
let boardId: number;
let keptId: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server);
  await setPlan(server, owner.companyId, 'ULTRA');
  member = await addEndUser(server, owner.companyId, { role: 'MEMBER' });
  author = await addEndUser(server, owner.companyId, { name: 'Matrix Author' });
  reader = await addEndUser(server, owner.companyId);
  stranger = await signUpCompany(server);
  boardGid = await createBoardId(server, owner.token, 'Matrix board');
  boardId = decodeId(boardGid, 'Board');
  const kept = await server.deps.prisma.idea.create({
    data: { boardId, authorId: owner.userId, title: 'Matrix kept idea', status: 'OPEN' },
  });
  keptId = kept.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const ACCEPT = `mutation ($ideaId: ID!) { acceptIdea(ideaId: $ideaId) {
  __typename ... on MutationAcceptIdeaSuccess { data { id status } } ${APP_ERROR} } }`;
const MERGE = `mutation ($ideaId: ID!, $into: ID!) { acceptIdeaAsDuplicate(ideaId: $ideaId, duplicateOfIdeaId: $into) {
  __typename ... on MutationAcceptIdeaAsDuplicateSuccess { data { id } } ${APP_ERROR} } }`;
const REJECT = `mutation ($ideaId: ID!, $reason: String!) { rejectIdea(ideaId: $ideaId, reason: $reason) {
  __typename ... on MutationRejectIdeaSuccess { data { id status } } ${APP_ERROR} } }`;

type TCall = 'acceptIdea' | 'acceptIdeaAsDuplicate' | 'rejectIdea';

async function awaiting(title: string, by = author): Promise<number> {
  const idea = await server.deps.prisma.idea.create({
    data: { boardId, authorId: by.userId, title, status: 'NOT_PUBLIC' },
  });
  return idea.id;
}

/** One queue call on the idea, by id as `id` gives it; the answer's type and code. */
async function call(
  name: TCall,
  ideaId: string,
  token: string,
  into = globalId('Idea', keptId),
): Promise<string> {
  const [query, variables] =
    name === 'acceptIdea'
      ? [ACCEPT, { ideaId }]
      : name === 'rejectIdea'
        ? [REJECT, { ideaId, reason: 'Not for us' }]
        : [MERGE, { ideaId, into }];
  const answer = await mutate(server, name, query, variables, token);
  return answer.__typename === 'AppError' ? answer.code : 'OK';
}

const CALLS: TCall[] = ['acceptIdea', 'acceptIdeaAsDuplicate', 'rejectIdea'];

describe('the queue calls answer every caller alike', () => {
  it.each(CALLS)(
    '%s: end users are FORBIDDEN on what they see, NOT_FOUND on what they do not',
    async (name) => {
      const own = await awaiting(`Matrix own ${name}`);
      const others = await awaiting(`Matrix other ${name}`, reader);
      // The author sees their own idea awaiting acceptance, and may not moderate it.
      expect(await call(name, globalId('Idea', own), author.token)).toBe('FORBIDDEN');
      // Another end user's idea awaiting acceptance is not theirs to see at all.
      expect(await call(name, globalId('Idea', others), author.token)).toBe('NOT_FOUND');
      // An accepted idea they read: FORBIDDEN, as setIdeaStatus answers them.
      expect(await call(name, globalId('Idea', keptId), author.token)).toBe('FORBIDDEN');
      const status = await mutate(
        server,
        'setIdeaStatus',
        `mutation ($ideaId: ID!) { setIdeaStatus(ideaId: $ideaId, status: PLANNED) { __typename ${APP_ERROR} } }`,
        { ideaId: globalId('Idea', own) },
        author.token,
      );
      expect(status).toMatchObject({ code: 'FORBIDDEN' });
      // Another company's team finds nothing.
      expect(await call(name, globalId('Idea', own), stranger.token)).toBe('NOT_FOUND');
      const untouched = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: own } });
      expect(untouched).toMatchObject({ status: 'NOT_PUBLIC', rejectedAt: null });
    },
  );

  it.each(CALLS)(
    '%s: a team member acts by global id; a plain number is no id here',
    async (name) => {
      const first = await awaiting(`Matrix member global ${name}`);
      expect(await call(name, globalId('Idea', first), member.token)).toBe('OK');
      const row = await server.deps.prisma.idea.findUniqueOrThrow({ where: { id: first } });
      expect(row.status !== 'NOT_PUBLIC' || row.rejectedAt !== null).toBe(true);
      // Mutations take global ids (docs/api.md: only board, idea, release and ideaChanged take
      // the plain number too), as setIdeaStatus does: a number names no idea, for every caller.
      const second = await awaiting(`Matrix member number ${name}`);
      expect(await call(name, String(second), member.token)).toBe('NOT_FOUND');
      expect(await call(name, String(second), author.token)).toBe('NOT_FOUND');
      const status = await mutate(
        server,
        'setIdeaStatus',
        `mutation ($ideaId: ID!) { setIdeaStatus(ideaId: $ideaId, status: OPEN) { __typename ${APP_ERROR} } }`,
        { ideaId: String(second) },
        member.token,
      );
      expect(status).toMatchObject({ code: 'NOT_FOUND' });
    },
  );

  it('an id of another type or a malformed one is not found', async () => {
    const id = await awaiting('Matrix wrong type');
    for (const name of CALLS) {
      expect(await call(name, globalId('Board', id), member.token)).toBe('NOT_FOUND');
      expect(await call(name, 'not an id', member.token)).toBe('NOT_FOUND');
    }
  });
});
