import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ERROR,
  addEndUser,
  createBoardId,
  mutate,
  signUpCompany,
} from '../../testing/graphql-client.ts';
import type { TTestAccount } from '../../testing/graphql-client.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { hasInvisibleCharacters, messages, parseInput, requiredName } from '../../validation.ts';
import { z } from 'zod';

// Outside attack (issue 33): company names took zero-width, bidi-override and control
// characters, so a name could read as another's, reorder text in mails, or look blank.
const INVISIBLE = {
  'a right-to-left override': 'Acme\u202Egnp.exe',
  'a zero-width space': 'Ac\u200Bme Corp',
  'only zero-width spaces': '\u200B\u200B\u200B\u200B\u200B\u200B',
  'a left-to-right isolate': 'Acme \u2066Corp\u2069',
  'a BEL control': 'Acme\u0007 Corp',
  'a line separator': 'Acme\u2028Corp',
  'a paragraph separator': 'Acme\u2029Corp',
  'a soft hyphen': 'Ac\u00ADme Corp',
  'a word joiner': 'Acme\u2060Corp',
  'Hangul fillers': '\u3164\u3164\u3164\u3164\u3164\u3164',
  'a lone zero-width joiner': 'Acme Corp \u200D',
  // Outside attack 8, F7: names that look blank or spill over their line.
  'blank Braille patterns': '\u2800\u2800\u2800\u2800\u2800\u2800',
  'variation selectors alone': '\uFE0F\uFE0F\uFE0F\uFE0F\uFE0F\uFE0F',
  'a grapheme joiner': 'Acme\u034FCorp',
  'a letter under fifty accents': `Acme a${'\u0301'.repeat(49)}`,
};

describe('names people see', () => {
  const ZName = z.object({ name: requiredName(6, 50) });
  it.each(Object.entries(INVISIBLE))('refuse %s', (_label, name) => {
    expect(hasInvisibleCharacters(name.normalize('NFC').trim())).toBe(true);
    expect(() => parseInput(ZName, { name })).toThrow(
      expect.objectContaining({ fields: [{ field: 'name', message: messages.invisible }] }),
    );
  });

  it('are trimmed and stored in NFC; joiners between letters and in emoji stay', () => {
    // "Café" typed with a combining accent is the same name as with the precomposed letter.
    expect(parseInput(ZName, { name: '  Cafe\u0301 Corp \n' }).name).toBe('Caf\u00E9 Corp');
    // Persian needs the zero-width non-joiner; emoji sequences the zero-width joiner.
    expect(parseInput(ZName, { name: 'می\u200Cخواهم شرکت' }).name).toBe('می\u200Cخواهم شرکت');
    const family = 'Family \u{1F468}\u200D\u{1F469}\u200D\u{1F467} Co';
    expect(parseInput(ZName, { name: family }).name).toBe(family);
    expect(parseInput(ZName, { name: 'Zażółć gęślą' }).name).toBe('Zażółć gęślą');
    // An emoji's variation selector and a few stacked accents (Vietnamese) stay.
    expect(parseInput(ZName, { name: 'Heart \u2764\uFE0F Co' }).name).toBe('Heart \u2764\uFE0F Co');
    expect(parseInput(ZName, { name: 'Nguye\u0302\u0303n Co' }).name).toBe('Nguy\u1EC5n Co');
  });
});

let server: TTestServer;
let owner: TTestAccount;
let boardGid: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpCompany(server, 'Names Company');
  boardGid = await createBoardId(server, owner.token, 'Names board');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const BIDI = 'Acme\u202Egnp.exe';

describe('every place a name is set refuses invisible characters with a field error', () => {
  it('updateCompanyName, and trims and normalises what it keeps', async () => {
    const RENAME = `mutation ($name: String!) { updateCompanyName(name: $name) {
      __typename ... on MutationUpdateCompanyNameSuccess { data { name } } ${APP_ERROR} } }`;
    const refused = await mutate(server, 'updateCompanyName', RENAME, { name: BIDI }, owner.token);
    expect(refused).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'name', message: messages.invisible }],
    });
    const kept = await mutate(
      server,
      'updateCompanyName',
      RENAME,
      { name: ' Cafe\u0301 Names ' },
      owner.token,
    );
    expect(kept).toEqual({ name: 'Caf\u00E9 Names' });
    const stored = await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: owner.companyId },
    });
    expect(stored.name).toBe('Caf\u00E9 Names');
  });

  it('company registration (REST and GraphQL)', async () => {
    const rest = await server.call('POST', '/api/v1/registrations', {
      body: { email: `bidi-${Date.now()}@example.com`, password: 'secret-password', company: BIDI },
    });
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toContain(messages.invisible);
    const graphql = await mutate(
      server,
      'register',
      `mutation ($email: String!, $company: String) { register(email: $email, password: "secret-password", company: $company) {
        __typename ${APP_ERROR} } }`,
      {
        email: `bidi-gql-${Date.now()}@example.com`,
        company: '\u200B\u200B\u200B\u200B\u200B\u200B',
      },
    );
    expect(graphql).toMatchObject({
      code: 'VALIDATION',
      fields: [{ field: 'company', message: messages.invisible }],
    });
  });

  it('board names, at creation and rename', async () => {
    const created = await mutate(
      server,
      'createBoard',
      `mutation ($name: String!) { createBoard(name: $name) { __typename ${APP_ERROR} } }`,
      { name: 'Board\u202E name' },
      owner.token,
    );
    expect(created).toMatchObject({ fields: [{ field: 'name', message: messages.invisible }] });
    const renamed = await mutate(
      server,
      'updateBoardName',
      `mutation ($id: ID!, $name: String!) { updateBoardName(boardId: $id, name: $name) { __typename ${APP_ERROR} } }`,
      { id: boardGid, name: 'Board\u0007 name' },
      owner.token,
    );
    expect(renamed).toMatchObject({ fields: [{ field: 'name', message: messages.invisible }] });
  });

  it('display names', async () => {
    const user = await addEndUser(server, owner.companyId);
    const updated = await mutate(
      server,
      'updateProfile',
      `mutation ($name: String!) { updateProfile(displayName: $name) { __typename ${APP_ERROR} } }`,
      { name: 'Ann\u200B\u200B' },
      user.token,
    );
    expect(updated).toMatchObject({
      fields: [{ field: 'displayName', message: messages.invisible }],
    });
  });
});
