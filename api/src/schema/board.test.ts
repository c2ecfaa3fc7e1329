import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  addEndUser,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

let server: TTestServer;
let admin: TTestAccount;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpCompany(server);
  // Many boards: a plan without a board cap (caps have their own tests).
  await setPlan(server, admin.companyId, 'ULTRA');
});
afterAll(async () => {
  await server?.close();
});

const BOARD_FIELDS = `id name slug color language isPublic active description
  theme { primary primaryText text background } limits { cappedIdeas } widgetSetup { boardHash }`;

const CREATE_BOARD = `mutation ($name: String!) {
  createBoard(name: $name) { __typename ... on MutationCreateBoardSuccess { data { ${BOARD_FIELDS} } } ${APP_ERROR} }
}`;

const createBoard = (name: string, token = admin.token) =>
  mutate(server, 'createBoard', CREATE_BOARD, { name }, token);

describe('createBoard', () => {
  it('sets who may see the board at creation, with updateBoard’s rules', async () => {
    const customer = await server.deps.prisma.customerCompany.create({
      data: { companyId: admin.companyId, externalId: 'gql-access', name: 'Gql Customer' },
    });
    const customerGid = Buffer.from(`CustomerCompany:${customer.id}`).toString('base64');
    const CREATE_WITH_ACCESS = `mutation ($name: String!, $domains: [String!], $customers: [ID!]) {
      createBoard(name: $name, isPublic: false, ssoAccess: true, allowedEmailDomains: $domains,
        allowedCustomerCompanyIds: $customers) {
        __typename ... on MutationCreateBoardSuccess { data { isPublic ssoAccess allowedEmailDomains
          allowedCustomerCompanies { name } } } ${APP_ERROR} } }`;
    const board = await mutate(
      server,
      'createBoard',
      CREATE_WITH_ACCESS,
      {
        name: 'Granted from the start',
        domains: ['Acme.io'],
        customers: [customerGid],
      },
      admin.token,
    );
    expect(board).toEqual({
      isPublic: false,
      ssoAccess: true,
      allowedEmailDomains: ['acme.io'],
      allowedCustomerCompanies: [{ name: 'Gql Customer' }],
    });
    const refused = await mutate(
      server,
      'createBoard',
      CREATE_WITH_ACCESS,
      {
        name: 'Refused board name',
        domains: ['no domain here'],
        customers: [],
      },
      admin.token,
    );
    expect(refused).toMatchObject({
      __typename: 'AppError',
      code: 'VALIDATION',
      fields: [
        {
          field: 'allowedEmailDomains.0',
          message: 'It has to be a domain name, e.g. example.com.',
        },
      ],
    });
    expect(await server.deps.prisma.board.count({ where: { name: 'Refused board name' } })).toBe(0);
  });

  it('creates a board with a slug from its name and the default theme', async () => {
    const board = await createBoard('Product ideas');
    expect(board).toMatchObject({
      name: 'Product ideas',
      slug: 'product-ideas',
      color: '53d23d',
      language: 'en-US',
      isPublic: false,
      active: true,
      theme: { primary: '53d23d', primaryText: 'ffffff', text: '000000', background: 'ffffff' },
      limits: { cappedIdeas: 0 },
    });
    expect(board.widgetSetup.boardHash).toMatch(/^[\w-]{16,}$/);

    const { body } = await gql(server, `{ boards { id name } }`, {}, admin.token);
    expect(body.data.boards.map((b: any) => b.id)).toContain(board.id);
  });

  it('keeps slugs unique within the company', async () => {
    const first = await createBoard('Mobile app ideas');
    const second = await createBoard('Mobile app ideas');
    expect(first.slug).toBe('mobile-app-ideas');
    expect(second.slug).toBe('mobile-app-ideas-2');
  });

  it('gives the same slug to a board of another company', async () => {
    const other = await signUpCompany(server);
    const board = await createBoard('Product ideas', other.token);
    expect(board.slug).toBe('product-ideas');
  });

  it.each([
    ['', 'This field is required.'],
    ['   ', 'This field is required.'],
    ['short', 'It has to be 6 characters at least.'],
    ['x'.repeat(51), 'It has to be max 50 characters.'],
  ])('refuses the name %j with a field message', async (name, message) => {
    const result = await createBoard(name);
    expect(result).toMatchObject({ __typename: 'AppError', code: 'VALIDATION' });
    expect(result.fields).toEqual([{ field: 'name', message }]);
  });

  it('is for admins: an end user is forbidden, an anonymous caller is refused', async () => {
    const member = await addEndUser(server, admin.companyId);
    expect(await createBoard('Member board', member.token)).toMatchObject({ code: 'FORBIDDEN' });
    const { body } = await gql(server, CREATE_BOARD, { name: 'Anonymous board' });
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});

describe('board settings', () => {
  const UPDATE = (field: string, args: string, vars: string) => `mutation (${vars}) {
    ${field}(${args}) { __typename ... on ${'Mutation' + field[0]!.toUpperCase() + field.slice(1)}Success { data { ${BOARD_FIELDS} } } ${APP_ERROR} }
  }`;
  const updateName = UPDATE(
    'updateBoardName',
    'boardId: $id, name: $name',
    '$id: ID!, $name: String!',
  );
  const updateLanguage = UPDATE(
    'updateBoardLanguage',
    'boardId: $id, language: $language',
    '$id: ID!, $language: String!',
  );
  const updateTheme = UPDATE(
    'updateBoardTheme',
    'boardId: $id, primary: $primary, primaryText: $other, text: $other, background: $other',
    '$id: ID!, $primary: String!, $other: String',
  );
  const setVisibility = UPDATE(
    'setBoardVisibility',
    'boardId: $id, isPublic: $isPublic',
    '$id: ID!, $isPublic: Boolean!',
  );

  it('renames (6 to 100 characters) and keeps the slug', async () => {
    const board = await createBoard('Original name');
    const renamed = await mutate(
      server,
      'updateBoardName',
      updateName,
      {
        id: board.id,
        name: 'A much longer name than a new board may have, which settings allow up to 100',
      },
      admin.token,
    );
    expect(renamed.name).toMatch(/^A much longer name/);
    expect(renamed.slug).toBe('original-name');
    for (const [name, message] of [
      ['tiny', 'It has to be 6 characters at least.'],
      ['y'.repeat(101), 'It has to be max 100 characters.'],
      ['', 'This field is required.'],
    ]) {
      const result = await mutate(
        server,
        'updateBoardName',
        updateName,
        { id: board.id, name },
        admin.token,
      );
      expect(result.fields).toEqual([{ field: 'name', message }]);
    }
  });

  it('sets the language (en or pl, read as en-US and pl-PL) and refuses others', async () => {
    const board = await createBoard('Language board');
    const pl = await mutate(
      server,
      'updateBoardLanguage',
      updateLanguage,
      { id: board.id, language: 'pl' },
      admin.token,
    );
    expect(pl.language).toBe('pl-PL');
    const bad = await mutate(
      server,
      'updateBoardLanguage',
      updateLanguage,
      { id: board.id, language: 'de-DE' },
      admin.token,
    );
    expect(bad.fields[0]).toMatchObject({ field: 'language' });
  });

  it('saves the primary colour and always white / black / white for the rest', async () => {
    const board = await createBoard('Theme board');
    for (const primary of ['#ABC', 'abcd', '112233', '#11223344']) {
      const themed = await mutate(
        server,
        'updateBoardTheme',
        updateTheme,
        { id: board.id, primary, other: '123456' },
        admin.token,
      );
      expect(themed.theme).toEqual({
        primary: primary.replace('#', '').toLowerCase(),
        primaryText: 'ffffff',
        text: '000000',
        background: 'ffffff',
      });
      expect(themed.color).toBe(themed.theme.primary);
    }
    for (const primary of ['12', '12345', 'ggg', '1234567', '']) {
      const result = await mutate(
        server,
        'updateBoardTheme',
        updateTheme,
        { id: board.id, primary },
        admin.token,
      );
      expect(result).toMatchObject({ code: 'VALIDATION' });
      expect(result.fields[0].field).toBe('primary');
    }
  });

  it('sets a description (6 to 500 characters), shown to visitors of a public board; blank clears it', async () => {
    const updateDescription = UPDATE(
      'updateBoardDescription',
      'boardId: $id, description: $description',
      '$id: ID!, $description: String',
    );
    const board = await createBoard('Described board');
    expect(board.description).toBeNull();
    const described = await mutate(
      server,
      'updateBoardDescription',
      updateDescription,
      { id: board.id, description: '  Tell us what to build next.  ' },
      admin.token,
    );
    expect(described.description).toBe('Tell us what to build next.');
    await mutate(
      server,
      'setBoardVisibility',
      setVisibility,
      { id: board.id, isPublic: true },
      admin.token,
    );
    const seen = await gql(server, `query ($id: ID!) { board(id: $id) { description } }`, {
      id: board.id,
    });
    expect(seen.body.data.board).toEqual({ description: 'Tell us what to build next.' });

    for (const [description, message] of [
      ['short', 'It has to be 6 characters at least.'],
      ['d'.repeat(501), 'It has to be max 500 characters.'],
    ]) {
      const refused = await mutate(
        server,
        'updateBoardDescription',
        updateDescription,
        { id: board.id, description },
        admin.token,
      );
      expect(refused.fields).toEqual([{ field: 'description', message }]);
    }
    // A member of the team, an end user and another company's admin change nothing.
    const member = await addEndUser(server, admin.companyId, { role: 'MEMBER' });
    const other = await signUpCompany(server);
    for (const token of [member.token, other.token]) {
      const refused = await mutate(
        server,
        'updateBoardDescription',
        updateDescription,
        { id: board.id, description: 'Not yours to describe.' },
        token,
      );
      expect(refused.__typename).toBe('AppError');
    }
    for (const description of ['   ', null]) {
      const cleared = await mutate(
        server,
        'updateBoardDescription',
        updateDescription,
        { id: board.id, description },
        admin.token,
      );
      expect(cleared.description).toBeNull();
    }
  });

  it('makes a board public and private again', async () => {
    const board = await createBoard('Visibility board');
    const open = await mutate(
      server,
      'setBoardVisibility',
      setVisibility,
      { id: board.id, isPublic: true },
      admin.token,
    );
    expect(open.isPublic).toBe(true);
    const { body } = await gql(server, `query ($id: ID!) { board(id: $id) { name } }`, {
      id: board.id,
    });
    expect(body.data.board).toEqual({ name: 'Visibility board' });
    await mutate(
      server,
      'setBoardVisibility',
      setVisibility,
      { id: board.id, isPublic: false },
      admin.token,
    );
    const hidden = await gql(server, `query ($id: ID!) { board(id: $id) { name } }`, {
      id: board.id,
    });
    expect(hidden.body.data.board).toBeNull();
  });

  it('hides the widget hash from end users', async () => {
    const board = await createBoard('Widget board');
    const member = await addEndUser(server, admin.companyId);
    // The board shows to the end user (a confirmed example.com address), its settings do not.
    await gql(
      server,
      `mutation ($id: ID!) { updateBoard(boardId: $id, allowedEmailDomains: ["example.com"]) { __typename } }`,
      { id: board.id },
      admin.token,
    );
    const { body } = await gql(
      server,
      `query ($id: ID!) { board(id: $id) { widgetSetup { boardHash } } }`,
      { id: board.id },
      member.token,
    );
    expect(body.data.board.widgetSetup).toBeNull();
  });

  it('finds a public board by its public address', async () => {
    const board = await createBoard('Address board');
    await mutate(
      server,
      'setBoardVisibility',
      setVisibility,
      { id: board.id, isPublic: true },
      admin.token,
    );
    const company = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: admin.companyId },
    });
    const { body } = await gql(
      server,
      `query ($c: String!, $b: String!) { publicBoard(companySlug: $c, boardSlug: $b) { id } }`,
      { c: company.slug, b: 'address-board' },
    );
    expect(body.data.publicBoard.id).toBe(board.id);
  });
});

describe('board and idea by their plain number', () => {
  const rowId = (globalId: string) => Buffer.from(globalId, 'base64').toString().split(':')[1];
  const READ = `query ($board: ID!, $idea: ID!) { board(id: $board) { id name } idea(id: $idea) { id title } }`;
  const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
    __typename ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;

  it('reads a board and an idea by the number REST and console addresses use, within tenancy', async () => {
    const board = await createBoard('Numbered board');
    const idea = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId: board.id, title: 'Numbered idea' },
      admin.token,
    );
    const byNumber = await gql(
      server,
      READ,
      { board: rowId(board.id), idea: rowId(idea.id) },
      admin.token,
    );
    // The same objects, with the same global ids as by the global id (Relay keeps one record).
    expect(byNumber.body.data).toEqual({
      board: { id: board.id, name: 'Numbered board' },
      idea: { id: idea.id, title: 'Numbered idea' },
    });
    const byGlobalId = await gql(server, READ, { board: board.id, idea: idea.id }, admin.token);
    expect(byGlobalId.body.data).toEqual(byNumber.body.data);

    // Another company's numbers are not found, like its global ids; junk is not found either.
    const other = await signUpCompany(server);
    const foreign = await gql(
      server,
      READ,
      { board: rowId(board.id), idea: rowId(idea.id) },
      other.token,
    );
    expect(foreign.body).toEqual({ data: { board: null, idea: null } });
    const junk = await gql(server, READ, { board: '0', idea: '99999999999' }, admin.token);
    expect(junk.body).toEqual({ data: { board: null, idea: null } });
  });
});

describe('boardsConnection', () => {
  const PAGE = `query ($after: String) { boardsConnection(first: 2, after: $after) {
    totalCount edges { node { name active } } pageInfo { hasNextPage endCursor } } }`;
  const pages = async (token: string) => {
    const names: string[] = [];
    let total = 0;
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const { body } = await gql(server, PAGE, { after }, token);
      const connection = body.data.boardsConnection;
      total = connection.totalCount;
      names.push(...connection.edges.map((edge: any) => edge.node.name));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    return { names, total };
  };

  it('pages the boards the caller may see, oldest first, and refuses a cursor of a board they may not see', async () => {
    const owner = await signUpCompany(server);
    await setPlan(server, owner.companyId, 'ULTRA');
    const reader = await addEndUser(server, owner.companyId, { name: 'Rita Reader' });
    const { prisma } = server.deps;
    const made = [];
    for (let n = 1; n <= 5; n++) {
      made.push(
        await prisma.board.create({
          data: {
            companyId: owner.companyId,
            name: `Board ${n}`,
            slug: `paged-board-${n}`,
            widgetHash: `paged-${owner.companyId}-${n}`,
            // Board 3 is private: only the team sees it.
            isPublic: n !== 3,
            createdAt: new Date(Date.UTC(2026, 0, n)),
          },
        }),
      );
    }
    expect(await pages(owner.token)).toEqual({
      names: ['Board 1', 'Board 2', 'Board 3', 'Board 4', 'Board 5'],
      total: 5,
    });
    expect(await pages(reader.token)).toEqual({
      names: ['Board 1', 'Board 2', 'Board 4', 'Board 5'],
      total: 4,
    });

    const cursorOf = (id: number) => Buffer.from(`GPC:N:${id}`).toString('base64');
    const elsewhere = await prisma.board.create({
      data: {
        companyId: admin.companyId,
        name: 'Their board',
        slug: 'their-paged-board',
        widgetHash: `paged-elsewhere-${admin.companyId}`,
        isPublic: true,
      },
    });
    const refused = [
      [reader.token, cursorOf(made[2]!.id)],
      [owner.token, cursorOf(elsewhere.id)],
      [owner.token, 'not a cursor'],
    ];
    for (const [token, cursor] of refused) {
      const { body } = await gql(server, PAGE, { after: cursor }, token);
      expect(body.data?.boardsConnection ?? null, cursor).toBeNull();
      expect(body.errors[0].extensions, cursor).toMatchObject({
        code: 'VALIDATION',
        fields: [{ field: 'after', message: 'This is not a cursor of this list.' }],
      });
    }
    // Signed out: nothing, not even the count.
    const { body } = await gql(server, '{ boardsConnection { totalCount } }', {});
    expect(body.data?.boardsConnection ?? null).toBeNull();
  });
});
