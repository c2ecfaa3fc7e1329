import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../schema/ids.ts';
import { gql } from '../../testing/graphql-client.ts';
import { expectCall, restCompany } from '../../testing/rest-fixtures.ts';
import type { TRestCompany } from '../../testing/rest-fixtures.ts';
import { startTestServer } from '../../testing/test-server.ts';
import type { TTestServer } from '../../testing/test-server.ts';
import { fillMissingReleaseHtml } from './release-html.ts';

/**
 * Release notes are rendered when written and served as stored (issue 33: rendering every
 * body on each read of a long list held the embedded database's thread for seconds). A stored
 * text the renderer would never make shows that a read served it rather than rendering again.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let server: TTestServer;
let company: TRestCompany;
let slug: string;

const STORED = '<p>stored, not rendered again</p>';

beforeAll(async () => {
  server = await startTestServer();
  company = await restCompany(server);
  slug = (
    await server.deps.prisma.company.findUniqueOrThrow({
      where: { id: company.owner.companyId },
      select: { slug: true },
    })
  ).slug;
});
afterAll(async () => {
  await server?.close();
});

const token = () => company.owner.token;
const stored = async (id: number) =>
  (
    await server.deps.prisma.release.findUniqueOrThrow({
      where: { id },
      select: { bodyHtml: true },
    })
  ).bodyHtml;

describe('release notes as HTML', () => {
  it('stores the HTML with the body, again when the body changes, and not when it stays', async () => {
    const created = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/releases`,
      201,
      {
        token: token(),
        body: {
          name: 'Stored notes',
          releaseDate: '2026-02-01',
          boardIds: [company.boardId],
          body: '**Bold** news',
        },
      },
    );
    expect(await stored(created.id)).toBe('<p><strong>Bold</strong> news</p>');
    await expectCall(server, 'PUT', `/releases/${created.id}`, 200, {
      token: token(),
      body: {
        name: 'Stored notes',
        releaseDate: '2026-02-01',
        body: 'A [link](https://example.com)',
      },
    });
    expect(await stored(created.id)).toBe(
      '<p>A <a href="https://example.com" rel="noopener nofollow ugc">link</a></p>',
    );
    await expectCall(server, 'PUT', `/releases/${created.id}`, 200, {
      token: token(),
      body: { name: 'Renamed notes', releaseDate: '2026-02-01' },
    });
    expect(await stored(created.id)).toContain('example.com');
  });

  it('serves the stored HTML on REST lists, GraphQL and the portal, rendering nothing per read', async () => {
    const created = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/releases`,
      201,
      {
        token: token(),
        body: {
          name: 'Served notes',
          releaseDate: '2026-03-01',
          boardIds: [company.boardId],
          body: 'Plain',
        },
      },
    );
    await expectCall(server, 'PUT', `/releases/${created.id}/publish`, 200, {
      token: token(),
      body: { published: true },
    });
    await server.deps.prisma.release.update({
      where: { id: created.id },
      data: { bodyHtml: STORED },
    });

    const list = await expectCall(server, 'GET', `/boards/${company.boardId}/releases`, 200, {
      token: token(),
    });
    expect(list.find((r: { id: number }) => r.id === created.id).bodyHtml).toBe(STORED);
    const one = await expectCall(server, 'GET', `/releases/${created.id}`, 200, { token: token() });
    expect(one.bodyHtml).toBe(STORED);
    const { body } = await gql(
      server,
      `query ($id: ID!) { node(id: $id) { ... on Release { bodyHtml } } }`,
      { id: globalId('Release', created.id) },
      token(),
    );
    expect(body.data.node.bodyHtml).toBe(STORED);
    const portal = await fetch(`${server.url}/${slug}/changelog`);
    expect(await portal.text()).toContain(STORED);
  });

  it("answers the start of the notes as plain text beside them (Release.bodyExcerpt, the console's card)", async () => {
    const notes = `## Faster\n\n**Reports** load in [a second](https://example.com). ${'More. '.repeat(60)}`;
    const created = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/releases`,
      201,
      {
        token: token(),
        body: {
          name: 'Excerpt',
          releaseDate: '2026-04-01',
          boardIds: [company.boardId],
          body: notes,
        },
      },
    );
    const { body } = await gql(
      server,
      `query ($id: ID!) { node(id: $id) { ... on Release { body bodyExcerpt } } }`,
      { id: globalId('Release', created.id) },
      token(),
    );
    expect(body.data.node.body).toBe(notes.trim());
    expect(body.data.node.bodyExcerpt).toMatch(/^Faster Reports load in a second\. More\. More\./);
    expect(body.data.node.bodyExcerpt).toMatch(/…$/);
    expect(body.data.node.bodyExcerpt.length).toBeLessThanOrEqual(160);
  });

  it('fills the HTML of rows written without it, once, and serves it', async () => {
    const created = await expectCall(
      server,
      'POST',
      `/companies/${company.owner.companyId}/releases`,
      201,
      {
        token: token(),
        body: {
          name: 'Older notes',
          releaseDate: '2026-04-01',
          boardIds: [company.boardId],
          body: '# Heading',
        },
      },
    );
    await server.deps.prisma.release.updateMany({ data: { bodyHtml: null } });
    const filled = await fillMissingReleaseHtml(server.deps);
    expect(filled).toBeGreaterThanOrEqual(3);
    expect(await stored(created.id)).toBe('<h3>Heading</h3>');
    expect(await fillMissingReleaseHtml(server.deps)).toBe(0);
  });
});
