import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeId } from '../../schema/ids.ts';
import { startStripeStandIn } from '../../testing/stripe-stand-in.ts';
import type { TStripeStandIn } from '../../testing/stripe-stand-in.ts';
import { APP_ERROR, addEndUser, gql, mutate, signUpCompany } from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { setOperatorPlan } from './set-operator-plan.ts';

/**
 * DEFAULT_PLAN, the plan of a company without a paid or operator-set plan: ULTRA on a server
 * without a payment provider, FREE with one (as before), FREE again when set so; and an
 * operator's plan (`npm run plan -- set`), which beats it, read by the running server at once.
 */

let stripe: TStripeStandIn;
/** No payment provider, no DEFAULT_PLAN: the self-hosted default. */
let unpaid: TTestServer;
/** Stripe configured: FREE caps as ever. */
let paid: TTestServer;
/** No payment provider, DEFAULT_PLAN=FREE. */
let capped: TTestServer;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  [unpaid, paid, capped] = await Promise.all([
    startTestServer(),
    startTestServer(stripe.config),
    startTestServer({ defaultPlan: 'FREE' }),
  ]);
});
afterAll(async () => {
  await Promise.all([unpaid?.close(), paid?.close(), capped?.close()]);
  await stripe?.close();
});

const CREATE_BOARD = `mutation ($name: String!) { createBoard(name: $name) {
  __typename ... on MutationCreateBoardSuccess { data { id active } } ${APP_ERROR} } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  __typename ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const UPVOTE = `mutation ($ideaId: ID!) { upvoteIdea(ideaId: $ideaId) {
  __typename ... on MutationUpvoteIdeaSuccess { data { voteCount } } ${APP_ERROR} } }`;
const STATE = `{ isCheckoutAvailable boards { id active } viewer { company { subscription {
  product expiresAt usage { activeBoards { used cap } ideas { used cap } } } } } }`;
const IDEAS = `query ($id: ID!) { board(id: $id) { limits { cappedIdeas }
  ideas(sort: DATE_ASC) { totalCount edges { node { title } } } } }`;

/** Three boards, then ten ideas on the first: what a team does in its first hour. */
async function fillCompany(server: TTestServer, owner: TTestAccount) {
  const boards: { id: string; active: boolean }[] = [];
  for (const name of ['Product ideas', 'Mobile app', 'Integrations']) {
    boards.push(await mutate(server, 'createBoard', CREATE_BOARD, { name }, owner.token));
  }
  // New boards are private: these grant the company's example.com end users (addEndUser's
  // readers), so what readers see is down to the plan alone.
  await server.deps.prisma.board.updateMany({
    where: { id: { in: boards.map((board) => decodeId(board.id, 'Board')) } },
    data: { allowedEmailDomains: ['example.com'] },
  });
  const ideaIds: string[] = [];
  for (let i = 1; i <= 10; i += 1) {
    const idea = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId: boards[0]!.id, title: `Idea number ${i}` },
      owner.token,
    );
    expect(idea.__typename).toBeUndefined();
    ideaIds.push(idea.id);
  }
  return { boards, ideaIds };
}

/** What the company's team and one of its end users see. */
async function seen(server: TTestServer, owner: TTestAccount, boardId: string) {
  const state = (await gql(server, STATE, {}, owner.token)).body.data;
  const reader = await addEndUser(server, owner.companyId);
  const board = (await gql(server, IDEAS, { id: boardId }, reader.token)).body.data.board;
  const widget = await server.call('GET', `/api/v1/boards/${decodeId(boardId, 'Board')}/limits`, {
    token: owner.token,
  });
  return {
    isCheckoutAvailable: state.isCheckoutAvailable,
    active: state.boards.map((b: { active: boolean }) => b.active),
    subscription: state.viewer.company.subscription,
    visibleToReaders: board.ideas.totalCount,
    cappedIdeas: board.limits.cappedIdeas,
    restLimits: widget.body,
    reader,
  };
}

describe('a server without a payment provider', () => {
  it('lets a company create 10 ideas and 3 boards, all visible and active, on ULTRA', async () => {
    const owner = await signUpCompany(unpaid);
    const { boards, ideaIds } = await fillCompany(unpaid, owner);
    expect(boards.map((b) => b.active)).toEqual([true, true, true]);
    const view = await seen(unpaid, owner, boards[0]!.id);
    expect(view).toMatchObject({
      isCheckoutAvailable: false,
      active: [true, true, true],
      subscription: {
        product: 'ULTRA',
        expiresAt: null,
        usage: { activeBoards: { used: 3, cap: null }, ideas: { used: 10, cap: null } },
      },
      visibleToReaders: 10,
      cappedIdeas: 0,
      restLimits: { cappedIdeas: 0 },
    });
    // Votes read the plan from their own statement (access.ts): the tenth idea takes one.
    const vote = await mutate(
      unpaid,
      'upvoteIdea',
      UPVOTE,
      { ideaId: ideaIds[9] },
      view.reader.token,
    );
    expect(vote).toEqual({ voteCount: 1 });
  });

  it('imports a board of two ideas (the import runs in a transaction of its own)', async () => {
    const owner = await signUpCompany(unpaid);
    const boardId = (
      await mutate(unpaid, 'createBoard', CREATE_BOARD, { name: 'Imported' }, owner.token)
    ).id;
    for (let i = 0; i < 5; i += 1) {
      await mutate(
        unpaid,
        'createIdea',
        CREATE_IDEA,
        { boardId, title: `Before ${i}` },
        owner.token,
      );
    }
    const csv = [
      'type,idea id,title,description,status,email,name,created at,text',
      'idea,1,Imported idea one,,open,,,2024-01-01,',
      'idea,2,Imported idea two,,open,,,2024-01-02,',
    ].join('\n');
    const job = await mutate(
      unpaid,
      'result',
      `mutation ($boardId: ID!, $files: [ImportFileInput!]!) {
        result: previewImport(boardId: $boardId, source: CSV, files: $files) {
          __typename ... on MutationPreviewImportSuccess { data { id } } ${APP_ERROR} } }`,
      { boardId, files: [{ name: 'two.csv', base64: Buffer.from(csv).toString('base64') }] },
      owner.token,
    );
    expect(job.__typename).toBeUndefined();
    const started = await mutate(
      unpaid,
      'result',
      `mutation ($id: ID!) { result: startImport(importJobId: $id) {
        __typename ... on MutationStartImportSuccess { data { id } } ${APP_ERROR} } }`,
      { id: job.id },
      owner.token,
    );
    expect(started.__typename).toBeUndefined();
    await unpaid.deps.imports.drain();
    const read = `query ($id: ID!) { importJob(id: $id) { status error result { ideas } } }`;
    await expect
      .poll(async () => (await gql(unpaid, read, { id: job.id }, owner.token)).body.data.importJob)
      .toMatchObject({ status: 'SUCCEEDED', error: null, result: { ideas: 2 } });
    const board = (await gql(unpaid, IDEAS, { id: boardId }, owner.token)).body.data.board;
    expect(board.ideas.totalCount).toBe(7);
  });
});

describe.each([
  ['Stripe configured', () => paid, true],
  ['DEFAULT_PLAN=FREE without payments', () => capped, false],
])('a server with %s', (_name, server, isCheckoutAvailable) => {
  it('keeps FREE caps: one active board, five visible ideas', async () => {
    const owner = await signUpCompany(server());
    const { boards } = await fillCompany(server(), owner);
    expect(boards.map((b) => b.active)).toEqual([true, false, false]);
    const view = await seen(server(), owner, boards[0]!.id);
    expect(view).toMatchObject({
      isCheckoutAvailable,
      active: [true, false, false],
      subscription: {
        product: 'FREE',
        expiresAt: null,
        usage: { activeBoards: { used: 3, cap: 1 }, ideas: { used: 10, cap: 5 } },
      },
      visibleToReaders: 5,
      cappedIdeas: 5,
      restLimits: { cappedIdeas: 5 },
    });
  });
});

describe("the operator's plan", () => {
  it('beats the default plan, FREE included, and the running server applies it on the next request', async () => {
    const owner = await signUpCompany(unpaid);
    const { boards, ideaIds } = await fillCompany(unpaid, owner);
    const company = await unpaid.deps.prisma.company.findUniqueOrThrow({
      where: { id: owner.companyId },
    });
    await setOperatorPlan(unpaid.deps.prisma, { slug: company.slug, plan: 'free' });
    const limited = await seen(unpaid, owner, boards[0]!.id);
    expect(limited).toMatchObject({
      active: [true, false, false],
      subscription: { product: 'FREE', usage: { ideas: { used: 10, cap: 5 } } },
      visibleToReaders: 5,
    });
    // The vote path reads the subscription row without its source, then asks for it.
    const refused = await mutate(
      unpaid,
      'upvoteIdea',
      UPVOTE,
      { ideaId: ideaIds[9] },
      limited.reader.token,
    );
    expect(refused).toMatchObject({ __typename: 'AppError', code: 'PLAN_LIMIT' });

    await setOperatorPlan(unpaid.deps.prisma, {
      slug: company.slug,
      plan: 'STARTUP',
      until: '2099-12-31',
    });
    expect((await seen(unpaid, owner, boards[0]!.id)).subscription).toMatchObject({
      product: 'STARTUP',
      expiresAt: '2100-01-01T00:00:00.000Z',
      usage: { activeBoards: { used: 3, cap: 2 } },
    });

    // An operator's plan that has ended gives way to the default plan.
    await unpaid.deps.prisma.subscription.update({
      where: { companyId: owner.companyId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await seen(unpaid, owner, boards[0]!.id)).subscription.product).toBe('ULTRA');

    await setOperatorPlan(unpaid.deps.prisma, { slug: company.slug, plan: 'FREE' });
    await setOperatorPlan(unpaid.deps.prisma, { slug: company.slug, plan: 'DEFAULT' });
    expect(await seen(unpaid, owner, boards[0]!.id)).toMatchObject({
      active: [true, true, true],
      subscription: { product: 'ULTRA', expiresAt: null },
      visibleToReaders: 10,
    });
    const audit = await unpaid.deps.prisma.auditEntry.findMany({
      where: { companyId: owner.companyId, action: 'PLAN_CHANGED' },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((entry) => [entry.actorLabel, (entry.details as { to: string }).to])).toEqual([
      ['Server operator', 'FREE'],
      ['Server operator', 'STARTUP'],
      ['Server operator', 'FREE'],
      ['Server operator', 'ULTRA'],
    ]);
  });

  it('refuses an unknown company or plan, a date that is not one, and a day already past', async () => {
    const owner = await signUpCompany(unpaid);
    const { slug } = await unpaid.deps.prisma.company.findUniqueOrThrow({
      where: { id: owner.companyId },
    });
    const set = (input: { slug: string; plan: string; until?: string }) =>
      setOperatorPlan(unpaid.deps.prisma, input).then(
        () => 'set',
        (error: Error) => error.message,
      );
    expect(await set({ slug: 'no-such-company', plan: 'ULTRA' })).toBe(
      'No company has the slug "no-such-company".',
    );
    expect(await set({ slug, plan: 'GOLD' })).toBe(
      'Unknown plan "GOLD": use FREE, STARTUP, COMPANY, ULTRA, or DEFAULT for the server\'s default plan.',
    );
    expect(await set({ slug, plan: 'ULTRA', until: '2026-02-30' })).toBe(
      '"2026-02-30" is not a date: write the last day of the plan as YYYY-MM-DD.',
    );
    expect(await set({ slug, plan: 'ULTRA', until: '2020-01-01' })).toBe(
      '2020-01-01 has passed: give today or a later day (the plan holds through that day, UTC).',
    );
    const today = new Date().toISOString().slice(0, 10);
    expect(await set({ slug, plan: 'COMPANY', until: today })).toBe('set');
    expect(
      await unpaid.deps.prisma.subscription.findUniqueOrThrow({
        where: { companyId: owner.companyId },
      }),
    ).toMatchObject({ product: 'COMPANY', source: 'OPERATOR' });
  });
});
