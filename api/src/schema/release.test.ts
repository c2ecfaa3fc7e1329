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
import { globalId } from './ids.ts';

let server: TTestServer;
let admin: TTestAccount;
let member: TTestAccount;
let other: TTestAccount;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpCompany(server);
  other = await signUpCompany(server);
  // Several boards and ideas per company: a plan without caps (caps have their own tests).
  await setPlan(server, admin.companyId, 'ULTRA');
  await setPlan(server, other.companyId, 'ULTRA');
  member = await addEndUser(server, admin.companyId, { name: 'Member Mia' });
});
afterAll(async () => {
  await server?.close();
});

const RELEASE_FIELDS = `id name releaseDate isPublished publishedAt
  parts { id title ideaId } boards { id }`;

type TArgTypes = Record<string, string>;

/** The text of one mutation whose success and AppError are both selected. */
function mutationText(field: string, types: TArgTypes, selection: string): string {
  const signature = Object.entries(types)
    .map(([name, type]) => `$${name}: ${type}`)
    .join(', ');
  const args = Object.keys(types)
    .map((name) => `${name}: $${name}`)
    .join(', ');
  const success = `Mutation${field[0]!.toUpperCase()}${field.slice(1)}Success`;
  return `mutation (${signature}) {
    ${field}(${args}) { __typename ... on ${success} { data { ${selection} } } ${APP_ERROR} }
  }`;
}

const CREATE_RELEASE: [string, TArgTypes] = [
  'createRelease',
  { name: 'String!', releaseDate: 'String!', boardIds: '[ID!]' },
];
const UPDATE_RELEASE: [string, TArgTypes] = [
  'updateRelease',
  { releaseId: 'ID!', name: 'String!', releaseDate: 'String!' },
];
const PUBLISH_RELEASE: [string, TArgTypes] = [
  'publishRelease',
  { releaseId: 'ID!', published: 'Boolean!' },
];
const ADD_PART: [string, TArgTypes] = ['addReleasePart', { releaseId: 'ID!', title: 'String!' }];
const ADD_IDEAS: [string, TArgTypes] = ['addReleaseIdeas', { releaseId: 'ID!', ideaIds: '[ID!]!' }];
const DELETE_PART: [string, TArgTypes] = ['deleteReleasePart', { releaseId: 'ID!', partId: 'ID!' }];

/** Runs a release mutation; answers the release or the AppError. */
function run(
  [field, types]: [string, TArgTypes],
  variables: Record<string, unknown>,
  token: string = admin.token,
): Promise<any> {
  return mutate(server, field, mutationText(field, types, RELEASE_FIELDS), variables, token);
}

/** The same mutation without a token: the raw GraphQL answer. */
async function runAnonymously(
  [field, types]: [string, TArgTypes],
  variables: Record<string, unknown>,
) {
  return gql(server, mutationText(field, types, RELEASE_FIELDS), variables);
}

async function createBoard(name: string, token = admin.token): Promise<{ id: string }> {
  return mutate(
    server,
    'createBoard',
    mutationText('createBoard', { name: 'String!' }, 'id'),
    { name },
    token,
  );
}

async function makePublic(boardId: string, token = admin.token): Promise<void> {
  const board = await mutate(
    server,
    'setBoardVisibility',
    mutationText('setBoardVisibility', { boardId: 'ID!', isPublic: 'Boolean!' }, 'isPublic'),
    { boardId, isPublic: true },
    token,
  );
  expect(board.isPublic).toBe(true);
}

async function createIdea(
  boardId: string,
  title: string,
  token = admin.token,
): Promise<{ id: string; title: string }> {
  return mutate(
    server,
    'createIdea',
    mutationText('createIdea', { boardId: 'ID!', title: 'String!' }, 'id title'),
    { boardId, title },
    token,
  );
}

async function createRelease(
  name: string,
  releaseDate: string,
  boardIds: string[] = [],
  token = admin.token,
): Promise<any> {
  const release = await run(CREATE_RELEASE, { name, releaseDate, boardIds }, token);
  expect(release.__typename).toBeUndefined();
  return release;
}

/** A release as its company's admin reads it now. */
async function readRelease(id: string, token = admin.token): Promise<any> {
  const { body } = await gql(
    server,
    `query ($id: ID!) { release(id: $id) { ${RELEASE_FIELDS} } }`,
    { id },
    token,
  );
  expect(body.errors).toBeUndefined();
  return body.data.release;
}

function expectFieldError(result: any, field: string, message: string): void {
  expect(result).toMatchObject({ __typename: 'AppError', code: 'VALIDATION' });
  expect(result.fields).toEqual([{ field, message }]);
}

let board: { id: string };
let secondBoard: { id: string };
beforeAll(async () => {
  board = await createBoard('Release notes board');
  secondBoard = await createBoard('Second release board');
});

describe('createRelease', () => {
  it('creates an unpublished release on the given boards with no parts', async () => {
    const release = await createRelease('v1.0', '2024-03-15', [board.id, secondBoard.id]);
    expect(release).toMatchObject({
      name: 'v1.0',
      releaseDate: '2024-03-15',
      isPublished: false,
      publishedAt: null,
      parts: [],
    });
    expect(release.boards.map((b: any) => b.id).sort()).toEqual([board.id, secondBoard.id].sort());
    expect(await readRelease(release.id)).toEqual(release);
  });

  it('accepts names of 1 and of 16 characters, trimmed, and a leap day', async () => {
    const one = await createRelease('1', '2024-02-29', [board.id]);
    expect(one).toMatchObject({ name: '1', releaseDate: '2024-02-29' });
    const sixteen = await createRelease(`  ${'n'.repeat(16)}  `, '2025-12-31', [board.id]);
    expect(sixteen).toMatchObject({ name: 'n'.repeat(16), releaseDate: '2025-12-31' });
  });

  it('shows a release once on a board named twice', async () => {
    const release = await createRelease('Twice', '2024-03-16', [board.id, board.id]);
    expect(release.boards).toEqual([{ id: board.id }]);
  });

  it('creates a release on no board when boardIds is left out', async () => {
    const release = await run(CREATE_RELEASE, { name: 'Internal', releaseDate: '2024-01-01' });
    expect(release).toMatchObject({ name: 'Internal', boards: [], isPublished: false });
  });

  it('lets an ADMIN who is not the owner create releases', async () => {
    const second = await addEndUser(server, admin.companyId, { role: 'ADMIN' });
    const release = await createRelease('By admin', '2024-05-05', [board.id], second.token);
    expect(release.name).toBe('By admin');
  });

  it.each([
    ['', 'This field is required.'],
    ['   ', 'This field is required.'],
    ['x'.repeat(17), 'It has to be max 16 characters.'],
  ])('refuses the name %j with a field message', async (name, message) => {
    const result = await run(CREATE_RELEASE, { name, releaseDate: '2024-01-01' });
    expectFieldError(result, 'name', message);
  });

  it.each([
    ['', 'This field is required.'],
    ['  ', 'This field is required.'],
    ['2024', 'It has to be 6 characters at least.'],
    ['2024-01-011', 'It has to be max 10 characters.'],
  ])('refuses the date %j with a field message', async (releaseDate, message) => {
    const result = await run(CREATE_RELEASE, { name: 'v2', releaseDate });
    expectFieldError(result, 'releaseDate', message);
  });

  it.each(['15/03/2024', '2024/03/15', 'March 2024', '2024-13-01', '2024-02-30', '2023-02-29'])(
    'refuses %j: not a real date as YYYY-MM-DD',
    async (releaseDate) => {
      const result = await run(CREATE_RELEASE, { name: 'v2', releaseDate });
      expect(result).toMatchObject({ __typename: 'AppError', code: 'VALIDATION' });
      expect(result.fields).toHaveLength(1);
      expect(result.fields[0].field).toBe('releaseDate');
      expect(result.fields[0].message).not.toBe('');
    },
  );

  it('names every invalid field at once', async () => {
    const result = await run(CREATE_RELEASE, { name: '', releaseDate: '' });
    expect(result.code).toBe('VALIDATION');
    expect(result.fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'This field is required.' },
        { field: 'releaseDate', message: 'This field is required.' },
      ]),
    );
    expect(result.fields).toHaveLength(2);
  });

  it("refuses another company's board and creates nothing", async () => {
    const foreign = await createBoard('Foreign company board', other.token);
    const before = await server.deps.prisma.release.count();
    const result = await run(CREATE_RELEASE, {
      name: 'Sneaky',
      releaseDate: '2024-01-01',
      boardIds: [board.id, foreign.id],
    });
    expectFieldError(result, 'boardIds', 'Board not found');
    expect(await server.deps.prisma.release.count()).toBe(before);
  });

  it('refuses an unknown or malformed board id', async () => {
    for (const boardId of [
      globalId('Board', 999_999),
      'not-an-id',
      (await createIdea(board.id, 'An idea, not a board')).id,
    ]) {
      const result = await run(CREATE_RELEASE, {
        name: 'Ghost',
        releaseDate: '2024-01-01',
        boardIds: [boardId],
      });
      expectFieldError(result, 'boardIds', 'Board not found');
    }
  });

  it('is for admins: an end user is forbidden, an anonymous caller is refused', async () => {
    const before = await server.deps.prisma.release.count();
    const vars = { name: 'Nope', releaseDate: '2024-01-01', boardIds: [board.id] };
    expect(await run(CREATE_RELEASE, vars, member.token)).toMatchObject({
      __typename: 'AppError',
      code: 'FORBIDDEN',
    });
    const sso = await addEndUser(server, admin.companyId, { kind: 'SSO' });
    expect(await run(CREATE_RELEASE, vars, sso.token)).toMatchObject({ code: 'FORBIDDEN' });
    const { body } = await runAnonymously(CREATE_RELEASE, vars);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await server.deps.prisma.release.count()).toBe(before);
  });
});

describe('updateRelease', () => {
  it('changes the name and date only', async () => {
    const release = await createRelease('Before', '2024-04-01', [board.id]);
    await run(ADD_PART, { releaseId: release.id, title: 'Faster search' });
    await run(PUBLISH_RELEASE, { releaseId: release.id, published: true });
    const published = await readRelease(release.id);

    const updated = await run(UPDATE_RELEASE, {
      releaseId: release.id,
      name: 'After',
      releaseDate: '2024-04-30',
    });
    expect(updated).toEqual({ ...published, name: 'After', releaseDate: '2024-04-30' });
    expect(await readRelease(release.id)).toEqual(updated);
  });

  it.each([
    [{ name: '' }, 'name', 'This field is required.'],
    [{ name: 'y'.repeat(17) }, 'name', 'It has to be max 16 characters.'],
    [{ releaseDate: '' }, 'releaseDate', 'This field is required.'],
    [{ releaseDate: '24-01' }, 'releaseDate', 'It has to be 6 characters at least.'],
    [{ releaseDate: '2024-01-01T00:00' }, 'releaseDate', 'It has to be max 10 characters.'],
  ])('refuses %j with a field message and keeps the release', async (change, field, message) => {
    const release = await createRelease('Stays', '2024-06-01', [board.id]);
    const result = await run(UPDATE_RELEASE, {
      releaseId: release.id,
      name: 'Changed',
      releaseDate: '2024-06-02',
      ...change,
    });
    expectFieldError(result, field, message);
    expect(await readRelease(release.id)).toEqual(release);
  });

  it('refuses a date that is not on the calendar', async () => {
    const release = await createRelease('Calendar', '2024-06-01', [board.id]);
    const result = await run(UPDATE_RELEASE, {
      releaseId: release.id,
      name: 'Calendar',
      releaseDate: '2024-04-31',
    });
    expect(result).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'releaseDate' }] });
    expect((await readRelease(release.id)).releaseDate).toBe('2024-06-01');
  });

  it("is for admins, and another company's release is not found", async () => {
    const release = await createRelease('Guarded', '2024-06-01', [board.id]);
    const vars = { releaseId: release.id, name: 'Hacked', releaseDate: '2020-01-01' };
    expect(await run(UPDATE_RELEASE, vars, member.token)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await run(UPDATE_RELEASE, vars, other.token)).toMatchObject({ code: 'NOT_FOUND' });
    const { body } = await runAnonymously(UPDATE_RELEASE, vars);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(
      await run(UPDATE_RELEASE, { ...vars, releaseId: globalId('Release', 999_999) }),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await readRelease(release.id)).toEqual(release);
  });
});

describe('release notes: body, cover image, labels', () => {
  const NOTES_FIELDS = 'id name body bodyHtml coverImageUrl labels';
  const CREATE_WITH_NOTES: [string, TArgTypes] = [
    'createRelease',
    {
      name: 'String!',
      releaseDate: 'String!',
      boardIds: '[ID!]',
      body: 'String',
      coverImageUrl: 'String',
      labels: '[ReleaseLabel!]',
    },
  ];
  const UPDATE_WITH_NOTES: [string, TArgTypes] = [
    'updateRelease',
    {
      releaseId: 'ID!',
      name: 'String!',
      releaseDate: 'String!',
      body: 'String',
      coverImageUrl: 'String',
      labels: '[ReleaseLabel!]',
    },
  ];
  const runNotes = (
    [field, types]: [string, TArgTypes],
    variables: Record<string, unknown>,
    token = admin.token,
  ) => mutate(server, field, mutationText(field, types, NOTES_FIELDS), variables, token);

  it('creates with notes, renders the body safely, and keeps them through a rename', async () => {
    const created = await runNotes(CREATE_WITH_NOTES, {
      name: 'Notes',
      releaseDate: '2024-07-01',
      boardIds: [board.id],
      body: 'Hello [x](javascript:alert(1)) **there**',
      coverImageUrl: 'https://img.example/c.png',
      labels: ['IMPROVED', 'NEW'],
    });
    expect(created).toMatchObject({
      body: 'Hello [x](javascript:alert(1)) **there**',
      bodyHtml: '<p>Hello [x](javascript:alert(1)) <strong>there</strong></p>',
      coverImageUrl: 'https://img.example/c.png',
      labels: ['NEW', 'IMPROVED'],
    });
    const renamed = await runNotes(UPDATE_WITH_NOTES, {
      releaseId: created.id,
      name: 'Notes 2',
      releaseDate: '2024-07-02',
    });
    expect(renamed).toEqual({ ...created, name: 'Notes 2' });
    const cleared = await runNotes(UPDATE_WITH_NOTES, {
      releaseId: created.id,
      name: 'Notes 2',
      releaseDate: '2024-07-02',
      body: null,
      coverImageUrl: null,
      labels: null,
    });
    expect(cleared).toEqual({
      ...renamed,
      body: '',
      bodyHtml: '',
      coverImageUrl: null,
      labels: [],
    });
  });

  it('refuses a body too long and a cover that is not http(s), changing nothing', async () => {
    const release = await createRelease('Guard notes', '2024-07-01', [board.id]);
    const base = { releaseId: release.id, name: 'Changed', releaseDate: '2024-07-03' };
    expectFieldError(
      await runNotes(UPDATE_WITH_NOTES, { ...base, body: 'b'.repeat(20_001) }),
      'body',
      'It has to be max 20000 characters.',
    );
    expectFieldError(
      await runNotes(UPDATE_WITH_NOTES, { ...base, coverImageUrl: 'javascript:alert(1)' }),
      'coverImageUrl',
      'It has to be an http or https address.',
    );
    expect(await readRelease(release.id)).toEqual(release);
  });

  it("is for admins, and another company's release is not found", async () => {
    const release = await createRelease('Notes guard', '2024-07-01', [board.id]);
    const vars = { releaseId: release.id, name: 'x', releaseDate: '2024-07-01', body: 'Hacked' };
    expect(await runNotes(UPDATE_WITH_NOTES, vars, member.token)).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await runNotes(UPDATE_WITH_NOTES, vars, other.token)).toMatchObject({
      code: 'NOT_FOUND',
    });
    const { body } = await gql(
      server,
      'query ($id: ID!) { release(id: $id) { name body } }',
      { id: release.id },
      admin.token,
    );
    expect(body.data.release).toEqual({ name: 'Notes guard', body: '' });
  });
});

describe('publishRelease', () => {
  it('publishes (publishedAt set) and unpublishes (publishedAt cleared)', async () => {
    const release = await createRelease('Publish me', '2024-07-01', [board.id]);
    const start = Date.now();
    const published = await run(PUBLISH_RELEASE, { releaseId: release.id, published: true });
    expect(published.isPublished).toBe(true);
    const at = new Date(published.publishedAt).getTime();
    expect(at).toBeGreaterThanOrEqual(start - 5_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(await readRelease(release.id)).toEqual(published);

    const unpublished = await run(PUBLISH_RELEASE, { releaseId: release.id, published: false });
    expect(unpublished).toMatchObject({ isPublished: false, publishedAt: null });
    expect(await readRelease(release.id)).toEqual(unpublished);
  });

  it("is for admins, and another company's release is not found", async () => {
    const release = await createRelease('Not yours', '2024-07-02', [board.id]);
    const vars = { releaseId: release.id, published: true };
    expect(await run(PUBLISH_RELEASE, vars, member.token)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await run(PUBLISH_RELEASE, vars, other.token)).toMatchObject({ code: 'NOT_FOUND' });
    const { body } = await runAnonymously(PUBLISH_RELEASE, vars);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await readRelease(release.id)).toMatchObject({ isPublished: false, publishedAt: null });
  });
});

describe('addReleasePart', () => {
  it('adds generic entries in the order they were added', async () => {
    const release = await createRelease('Parts', '2024-08-01', [board.id]);
    await run(ADD_PART, { releaseId: release.id, title: 'Dark mode' });
    const updated = await run(ADD_PART, {
      releaseId: release.id,
      title: `  ${'t'.repeat(100)}  `,
    });
    expect(updated.parts.map((p: any) => [p.title, p.ideaId])).toEqual([
      ['Dark mode', null],
      ['t'.repeat(100), null],
    ]);
    expect(await readRelease(release.id)).toEqual(updated);
  });

  it.each([
    ['', 'This field is required.'],
    ['    ', 'This field is required.'],
    ['Fixes', 'It has to be 6 characters at least.'],
    ['z'.repeat(101), 'It has to be max 100 characters.'],
  ])('refuses the title %j with a field message', async (title, message) => {
    const release = await createRelease('Bad parts', '2024-08-02', [board.id]);
    const result = await run(ADD_PART, { releaseId: release.id, title });
    expectFieldError(result, 'title', message);
    expect((await readRelease(release.id)).parts).toEqual([]);
  });

  it("is for admins, and another company's release is not found", async () => {
    const release = await createRelease('Part guard', '2024-08-03', [board.id]);
    const vars = { releaseId: release.id, title: 'Injected entry' };
    expect(await run(ADD_PART, vars, member.token)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await run(ADD_PART, vars, other.token)).toMatchObject({ code: 'NOT_FOUND' });
    const { body } = await runAnonymously(ADD_PART, vars);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await readRelease(release.id)).parts).toEqual([]);
  });
});

describe('addReleaseIdeas', () => {
  it('adds ideas as parts titled as the ideas, and never the same idea twice', async () => {
    const first = await createIdea(board.id, 'Export to CSV');
    const second = await createIdea(secondBoard.id, 'Slack integration');
    const third = await createIdea(board.id, 'Keyboard shortcuts');
    const release = await createRelease('Ideas', '2024-09-01', [board.id, secondBoard.id]);
    await run(ADD_PART, { releaseId: release.id, title: 'Generic entry' });

    const added = await run(ADD_IDEAS, { releaseId: release.id, ideaIds: [first.id, second.id] });
    expect(added.parts.map((p: any) => [p.title, p.ideaId])).toEqual([
      ['Generic entry', null],
      ['Export to CSV', first.id],
      ['Slack integration', second.id],
    ]);

    const again = await run(ADD_IDEAS, {
      releaseId: release.id,
      ideaIds: [second.id, third.id, third.id, first.id],
    });
    expect(again.parts.map((p: any) => [p.title, p.ideaId])).toEqual([
      ['Generic entry', null],
      ['Export to CSV', first.id],
      ['Slack integration', second.id],
      ['Keyboard shortcuts', third.id],
    ]);
    expect(await readRelease(release.id)).toEqual(again);
  });

  it('shows a reader the parts of ideas on boards they may see, and generic ones', async () => {
    const shown = await createBoard('Public parts board');
    await makePublic(shown.id);
    const hidden = await createBoard('Private parts board');
    const release = await createRelease('Two audiences', '2024-09-05', [shown.id, hidden.id]);
    await run(ADD_PART, { releaseId: release.id, title: 'Generic entry' });
    const open = await createIdea(shown.id, 'Public idea shipped');
    const secret = await createIdea(hidden.id, 'Secret codename shipped');
    await run(ADD_IDEAS, { releaseId: release.id, ideaIds: [open.id, secret.id] });
    await run(PUBLISH_RELEASE, { releaseId: release.id, published: true });

    const titles = (read: any) => read.parts.map((p: any) => p.title);
    expect(titles(await readRelease(release.id))).toEqual([
      'Generic entry',
      'Public idea shipped',
      'Secret codename shipped',
    ]);
    // An end user with no grant to the private board reads the release on the public one.
    const read = await readRelease(release.id, member.token);
    expect(titles(read)).toEqual(['Generic entry', 'Public idea shipped']);
    expect(read.boards).toEqual([{ id: shown.id }]);
  });

  it("refuses another company's idea and adds none of the list", async () => {
    const foreignBoard = await createBoard('Foreign ideas board', other.token);
    const foreign = await createIdea(foreignBoard.id, 'Foreign idea title', other.token);
    const own = await createIdea(board.id, 'Own idea for release');
    const release = await createRelease('Mixed', '2024-09-02', [board.id]);
    const result = await run(ADD_IDEAS, { releaseId: release.id, ideaIds: [own.id, foreign.id] });
    expectFieldError(result, 'ideaIds', 'Idea not found');
    expect((await readRelease(release.id)).parts).toEqual([]);
  });

  it('refuses an empty list and an unknown idea', async () => {
    const release = await createRelease('Empty', '2024-09-03', [board.id]);
    expectFieldError(
      await run(ADD_IDEAS, { releaseId: release.id, ideaIds: [] }),
      'ideaIds',
      'This field is required.',
    );
    expectFieldError(
      await run(ADD_IDEAS, { releaseId: release.id, ideaIds: [globalId('Idea', 999_999)] }),
      'ideaIds',
      'Idea not found',
    );
    expect((await readRelease(release.id)).parts).toEqual([]);
  });

  it("is for admins, and another company's release is not found", async () => {
    const idea = await createIdea(board.id, 'Guarded idea title');
    const release = await createRelease('Idea guard', '2024-09-04', [board.id]);
    const vars = { releaseId: release.id, ideaIds: [idea.id] };
    expect(await run(ADD_IDEAS, vars, member.token)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await run(ADD_IDEAS, vars, other.token)).toMatchObject({ code: 'NOT_FOUND' });
    const { body } = await runAnonymously(ADD_IDEAS, vars);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await readRelease(release.id)).parts).toEqual([]);
  });
});

describe('deleteReleasePart', () => {
  it('removes one part and keeps the others', async () => {
    const release = await createRelease('Delete parts', '2024-10-01', [board.id]);
    await run(ADD_PART, { releaseId: release.id, title: 'First entry' });
    const withTwo = await run(ADD_PART, { releaseId: release.id, title: 'Second entry' });
    const [firstPart, secondPart] = withTwo.parts;
    const after = await run(DELETE_PART, { releaseId: release.id, partId: firstPart.id });
    expect(after.parts).toEqual([secondPart]);
    expect(await readRelease(release.id)).toEqual(after);
  });

  it('answers not found for a part of another release, which stays', async () => {
    const one = await createRelease('Release one', '2024-10-02', [board.id]);
    const two = await createRelease('Release two', '2024-10-03', [board.id]);
    const withPart = await run(ADD_PART, { releaseId: two.id, title: 'Belongs to two' });
    const result = await run(DELETE_PART, { releaseId: one.id, partId: withPart.parts[0].id });
    expect(result).toMatchObject({ __typename: 'AppError', code: 'NOT_FOUND' });
    expect(await readRelease(two.id)).toEqual(withPart);
    const unknown = await run(DELETE_PART, {
      releaseId: two.id,
      partId: globalId('ReleasePart', 999_999),
    });
    expect(unknown).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lets an idea be added again once its part was removed', async () => {
    const idea = await createIdea(board.id, 'Idea to re-add later');
    const release = await createRelease('Re-add', '2024-10-05', [board.id]);
    const added = await run(ADD_IDEAS, { releaseId: release.id, ideaIds: [idea.id] });
    const removed = await run(DELETE_PART, { releaseId: release.id, partId: added.parts[0].id });
    expect(removed.parts).toEqual([]);
    const again = await run(ADD_IDEAS, { releaseId: release.id, ideaIds: [idea.id] });
    expect(again.parts.map((p: any) => [p.title, p.ideaId])).toEqual([
      ['Idea to re-add later', idea.id],
    ]);
  });

  it("is for admins, and another company's release is not found", async () => {
    const release = await createRelease('Part keeper', '2024-10-04', [board.id]);
    const withPart = await run(ADD_PART, { releaseId: release.id, title: 'Keep this entry' });
    const vars = { releaseId: release.id, partId: withPart.parts[0].id };
    expect(await run(DELETE_PART, vars, member.token)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await run(DELETE_PART, vars, other.token)).toMatchObject({ code: 'NOT_FOUND' });
    const { body } = await runAnonymously(DELETE_PART, vars);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await readRelease(release.id)).toEqual(withPart);
  });
});

describe('release lists and visibility', () => {
  // A company of its own, so the lists hold exactly these releases.
  let owner: TTestAccount;
  let endUser: TTestAccount;
  let publicBoard: { id: string };
  let privateBoard: { id: string };
  let companySlug: string;
  const releases: Record<string, any> = {};

  beforeAll(async () => {
    owner = await signUpCompany(server);
    await setPlan(server, owner.companyId, 'ULTRA');
    endUser = await addEndUser(server, owner.companyId);
    publicBoard = await createBoard('Public changelog', owner.token);
    await makePublic(publicBoard.id, owner.token);
    privateBoard = await createBoard('Private changelog', owner.token);
    // The private board shows to the end user (a confirmed example.com address).
    await gql(
      server,
      `mutation ($id: ID!) { updateBoard(boardId: $id, allowedEmailDomains: ["example.com"]) { __typename } }`,
      { id: privateBoard.id },
      owner.token,
    );
    const make = async (name: string, date: string, boards: string[], published: boolean) => {
      const release = await createRelease(name, date, boards, owner.token);
      await run(ADD_PART, { releaseId: release.id, title: `${name} entry` }, owner.token);
      if (published) {
        await run(PUBLISH_RELEASE, { releaseId: release.id, published: true }, owner.token);
      }
      releases[name] = await readRelease(release.id, owner.token);
    };
    // Created out of date order, so the order below comes from the dates.
    await make('Mid public', '2024-05-10', [publicBoard.id], true);
    await make('Old public', '2023-11-02', [publicBoard.id], true);
    await make('New draft', '2025-01-20', [publicBoard.id], false);
    await make('Private pub', '2024-08-08', [privateBoard.id], true);
    await make('Private draft', '2024-09-09', [privateBoard.id], false);
    await make('Newest public', '2025-03-03', [publicBoard.id, privateBoard.id], true);
    const company = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: owner.companyId },
    });
    companySlug = company.slug;
  });

  const RELEASES = `query ($filter: ReleaseFilter, $first: Int, $after: String) {
    releases(filter: $filter, first: $first, after: $after) {
      edges { cursor node { id name } } pageInfo { hasNextPage endCursor }
    }
  }`;
  const BOARD_RELEASES = `query ($id: ID!, $filter: ReleaseFilter) {
    board(id: $id) { releases(filter: $filter) { edges { node { id name isPublished } } } }
  }`;

  async function names(query: string, variables: Record<string, unknown>, token?: string) {
    const { body } = await gql(server, query, variables, token);
    expect(body.errors).toBeUndefined();
    const connection = body.data.releases ?? body.data.board?.releases;
    return connection.edges.map((e: any) => e.node.name);
  }

  it('reads a release by the plain number REST answers as by its global id, within tenancy', async () => {
    const number = (name: string) =>
      Buffer.from(releases[name].id, 'base64').toString().split(':')[1]!;
    const READ = `query ($id: ID!) { release(id: $id) { id name } }`;
    const read = async (id: string, token?: string) =>
      (await gql(server, READ, { id }, token)).body.data.release;
    const draft = releases['New draft'];
    expect(await read(number('New draft'), owner.token)).toEqual({
      id: draft.id,
      name: 'New draft',
    });
    expect(await read(number('Mid public'))).toEqual({
      id: releases['Mid public'].id,
      name: 'Mid public',
    });
    // By number as by global id: a draft is the team's, another company's release is not found.
    expect(await read(number('New draft'), endUser.token)).toBeNull();
    const other = await signUpCompany(server);
    expect(await read(number('New draft'), other.token)).toBeNull();
    expect(await read('0', owner.token)).toBeNull();
  });

  it('lists the company releases newest date first, filtered ALL / PUBLISHED / UNPUBLISHED', async () => {
    expect(await names(RELEASES, {}, owner.token)).toEqual([
      'Newest public',
      'New draft',
      'Private draft',
      'Private pub',
      'Mid public',
      'Old public',
    ]);
    expect(await names(RELEASES, { filter: 'ALL' }, owner.token)).toHaveLength(6);
    expect(await names(RELEASES, { filter: 'PUBLISHED' }, owner.token)).toEqual([
      'Newest public',
      'Private pub',
      'Mid public',
      'Old public',
    ]);
    expect(await names(RELEASES, { filter: 'UNPUBLISHED' }, owner.token)).toEqual([
      'New draft',
      'Private draft',
    ]);
  });

  it('pages through the list with first / after', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const { body } = await gql(server, RELEASES, { first: 4, after }, owner.token);
      const connection = body.data.releases;
      seen.push(...connection.edges.map((e: any) => e.node.name));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toEqual(await names(RELEASES, {}, owner.token));
  });

  it('never lists another company’s releases', async () => {
    const own = await names(RELEASES, {}, admin.token);
    for (const release of Object.values(releases)) expect(own).not.toContain(release.name);
  });

  it('reads one release by id, with its parts and boards', async () => {
    const draft = releases['New draft'];
    expect(await readRelease(draft.id, owner.token)).toMatchObject({
      name: 'New draft',
      releaseDate: '2025-01-20',
      isPublished: false,
      parts: [{ title: 'New draft entry', ideaId: null }],
      boards: [{ id: publicBoard.id }],
    });
    const { body } = await gql(
      server,
      `query ($id: ID!) { node(id: $id) { __typename id ... on Release { name } } }`,
      { id: draft.id },
      owner.token,
    );
    expect(body.data.node).toEqual({ __typename: 'Release', id: draft.id, name: 'New draft' });
    expect(await readRelease(globalId('Release', 999_999), owner.token)).toBeNull();
  });

  it('lists the releases of one board, newest first, filtered', async () => {
    expect(await names(BOARD_RELEASES, { id: publicBoard.id }, owner.token)).toEqual([
      'Newest public',
      'New draft',
      'Mid public',
      'Old public',
    ]);
    expect(
      await names(BOARD_RELEASES, { id: publicBoard.id, filter: 'UNPUBLISHED' }, owner.token),
    ).toEqual(['New draft']);
    expect(
      await names(BOARD_RELEASES, { id: privateBoard.id, filter: 'PUBLISHED' }, owner.token),
    ).toEqual(['Newest public', 'Private pub']);
  });

  it('shows an end user only the published releases of their boards', async () => {
    expect(await names(BOARD_RELEASES, { id: publicBoard.id }, endUser.token)).toEqual([
      'Newest public',
      'Mid public',
      'Old public',
    ]);
    expect(await names(BOARD_RELEASES, { id: privateBoard.id }, endUser.token)).toEqual([
      'Newest public',
      'Private pub',
    ]);
    expect(
      await names(BOARD_RELEASES, { id: publicBoard.id, filter: 'UNPUBLISHED' }, endUser.token),
    ).toEqual([]);
    for (const name of ['New draft', 'Private draft']) {
      expect(await readRelease(releases[name].id, endUser.token)).toBeNull();
    }
    expect((await readRelease(releases['Private pub'].id, endUser.token)).name).toBe('Private pub');
    // The company list shows an end user the published releases of boards they see.
    const { body } = await gql(server, RELEASES, {}, endUser.token);
    expect(body.errors).toBeUndefined();
    expect(body.data.releases.edges.map((e: any) => e.node.name).sort()).toEqual(
      ['Mid public', 'Newest public', 'Old public', 'Private pub'].sort(),
    );
  });

  it('shows an end user the private board does not grant nothing of its releases', async () => {
    const outsider = await addEndUser(server, owner.companyId, { emailConfirmed: false });
    const { body } = await gql(server, BOARD_RELEASES, { id: privateBoard.id }, outsider.token);
    expect(body.data.board).toBeNull();
    expect(await readRelease(releases['Private pub'].id, outsider.token)).toBeNull();
    const list = await gql(server, RELEASES, {}, outsider.token);
    expect(list.body.data.releases.edges.map((e: any) => e.node.name).sort()).toEqual(
      ['Mid public', 'Newest public', 'Old public'].sort(),
    );
  });

  it('changes: a release the caller may not see is not found, one they see but may not change is forbidden', async () => {
    const outsider = await addEndUser(server, owner.companyId, { emailConfirmed: false });
    const changes = (release: any): [[string, TArgTypes], Record<string, unknown>][] => [
      [UPDATE_RELEASE, { releaseId: release.id, name: 'Hacked', releaseDate: '2020-01-01' }],
      [PUBLISH_RELEASE, { releaseId: release.id, published: false }],
      [ADD_PART, { releaseId: release.id, title: 'Injected entry' }],
      [ADD_IDEAS, { releaseId: release.id, ideaIds: [globalId('Idea', 999_999)] }],
      [DELETE_PART, { releaseId: release.id, partId: release.parts[0].id }],
    ];
    const answers = async (release: any, token: string) => {
      const codes = [];
      for (const [mutation, vars] of changes(release))
        codes.push((await run(mutation, vars, token)).code);
      return codes;
    };
    const all = (code: string) => Array<string>(5).fill(code);
    // The private board does not grant the outsider: its releases do not exist for them.
    expect(await answers(releases['Private pub'], outsider.token)).toEqual(all('NOT_FOUND'));
    // The granted end user sees the published release: forbidden; a draft they cannot read is not found.
    expect(await answers(releases['Private pub'], endUser.token)).toEqual(all('FORBIDDEN'));
    expect(await answers(releases['Private draft'], endUser.token)).toEqual(all('NOT_FOUND'));
    expect(await answers(releases['Mid public'], outsider.token)).toEqual(all('FORBIDDEN'));
    for (const name of ['Private pub', 'Private draft', 'Mid public']) {
      expect(await readRelease(releases[name].id, owner.token)).toEqual(releases[name]);
    }
  });

  it('shows an anonymous visitor of a public board only its published releases', async () => {
    expect(await names(BOARD_RELEASES, { id: publicBoard.id })).toEqual([
      'Newest public',
      'Mid public',
      'Old public',
    ]);
    expect(await names(BOARD_RELEASES, { id: publicBoard.id, filter: 'UNPUBLISHED' })).toEqual([]);
    const { body: byAddress } = await gql(
      server,
      `query ($c: String!, $b: String!) {
        publicBoard(companySlug: $c, boardSlug: $b) { releases { edges { node { name } } } }
      }`,
      { c: companySlug, b: 'public-changelog' },
    );
    expect(byAddress.data.publicBoard.releases.edges.map((e: any) => e.node.name)).toEqual([
      'Newest public',
      'Mid public',
      'Old public',
    ]);

    const visible = await readRelease(releases['Mid public'].id, undefined);
    expect(visible).toMatchObject({ name: 'Mid public', isPublished: true });
    // Its boards: only those the visitor may see.
    const newest = await readRelease(releases['Newest public'].id, undefined);
    expect(newest.boards).toEqual([{ id: publicBoard.id }]);

    for (const name of ['New draft', 'Private draft', 'Private pub']) {
      expect(await readRelease(releases[name].id, undefined)).toBeNull();
    }
    const draftPart = releases['New draft'].parts[0].id;
    const { body: partNode } = await gql(server, `query ($id: ID!) { node(id: $id) { id } }`, {
      id: draftPart,
    });
    expect(partNode.data.node).toBeNull();
    const { body: privateBoardBody } = await gql(server, BOARD_RELEASES, { id: privateBoard.id });
    expect(privateBoardBody.data.board).toBeNull();
  });

  it('shows another company’s admin only the published releases of a public board', async () => {
    expect(await names(BOARD_RELEASES, { id: publicBoard.id }, admin.token)).toEqual([
      'Newest public',
      'Mid public',
      'Old public',
    ]);
    for (const name of ['New draft', 'Private draft', 'Private pub']) {
      expect(await readRelease(releases[name].id, admin.token)).toBeNull();
    }
  });

  it('requires authentication for the company list', async () => {
    const { body } = await gql(server, RELEASES, {});
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
