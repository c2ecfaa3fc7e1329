import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideaPathSlug } from '../services/portal/find-portal.ts';
import { readSse } from '../testing/sse-reader.ts';
import type { TSseReader } from '../testing/sse-reader.ts';
import { subscribeLive } from '../testing/live-subscriber.ts';
import type { TLiveSubscriber } from '../testing/live-subscriber.ts';
import { BOARD_KINDS, startWorld } from './fixtures.ts';
import type { TBoardFixture, TBoardKind, TCaller, TWorld } from './fixtures.ts';
import { GRAPHQL_TABLE } from './graphql-table.ts';
import {
  brief,
  classOfCode,
  describeMismatches,
  graphqlOutcome,
  restOutcome,
  rules,
  runsOf,
  sees,
} from './outcome.ts';
import type { TMismatch, TOutcome, TRule } from './outcome.ts';
import { REST_TABLE } from './rest-table.ts';
import { runEntry } from './run.ts';

/**
 * The caller matrix over the paths that are more than one request and answer (issue 33 point 1):
 * live streams (REST SSE and the GraphQL subscription: a caller who cannot see a board gets no
 * events of it), the portal's pages, MCP with API keys, search and similar ideas, and
 * notification mail (an end user who cannot see a board is not mailed about its ideas).
 */

let w: TWorld;

beforeAll(async () => {
  w = await startWorld();
}, 120_000);
afterAll(async () => {
  await w?.server.close();
});

/** Events of a board's idea: A's owner takes their vote back and gives it again. */
async function poke(kind: TBoardKind): Promise<void> {
  const { ideaId } = w.boards[kind];
  await w.rest('owner', 'POST', `/ideas/${ideaId}/downvote`);
  await w.rest('owner', 'POST', `/ideas/${ideaId}/upvote`);
}

function failOn(name: string, rule: TRule, mismatches: TMismatch[]): void {
  if (mismatches.length) throw new Error(describeMismatches(name, rule, mismatches));
}

describe('live streams', () => {
  it('GET /boards/{id}/events delivers a board’s events only to callers who see it', async () => {
    const rule = REST_TABLE['GET /boards/{id}/events']!.rule;
    const runs = runsOf(rule, true);
    const streams: { caller: TCaller; kind: TBoardKind; reader: TSseReader }[] = [];
    try {
      for (const [caller, kind] of runs) {
        const reader = await readSse(
          `${w.server.url}/api/v1/boards/${w.boards[kind].id}/events`,
          w.tokens[caller],
        );
        if (reader.status === 200) await reader.waitFor((e) => e.event === 'ready', 10_000);
        streams.push({ caller, kind, reader });
      }
      for (const kind of BOARD_KINDS) await poke(kind);
      const mismatches: TMismatch[] = [];
      for (const { caller, kind, reader } of streams) {
        const expected = rule.expect(caller, kind);
        let got: TOutcome = restOutcome(reader.status, null);
        if (reader.status === 200) {
          const ideaId = w.boards[kind].ideaId;
          const isEvent = (e: { event: string; data: string }) =>
            e.event === 'idea' && JSON.parse(e.data).ideaId === ideaId;
          got = await reader.waitFor(isEvent, expected === 'ok' ? 10_000 : 300).then(
            () => 'ok',
            () => 'open, no events',
          );
        }
        if (got !== expected) {
          mismatches.push({ caller, board: kind, expected, got, detail: brief(reader.events) });
        }
      }
      failOn('GET /boards/{id}/events (events received)', rule, mismatches);
    } finally {
      for (const { reader } of streams) reader.close();
    }
  });

  it('Subscription.ideaChanged delivers a board’s changes only to callers who see it', async () => {
    const rule = GRAPHQL_TABLE['Subscription.ideaChanged']!.rule;
    const subscriptions: { caller: TCaller; kind: TBoardKind; live: TLiveSubscriber }[] = [];
    try {
      for (const [caller, kind] of runsOf(rule, true)) {
        const live = subscribeLive(
          w.server.url,
          'subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) { ideaId voteCount } }',
          { boardId: w.boards[kind].gid },
          w.tokens[caller],
        );
        subscriptions.push({ caller, kind, live });
      }
      // Refusals arrive at once; accepted subscriptions then see the pokes below.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const kind of BOARD_KINDS) await poke(kind);
      const mismatches: TMismatch[] = [];
      for (const { caller, kind, live } of subscriptions) {
        const expected = rule.expect(caller, kind);
        const first = await live
          .waitFor(() => true, expected === 'ok' ? 10_000 : 300)
          .catch(() => undefined);
        // A subscription that answers nothing at all delivers nothing: as good as not found.
        const got: TOutcome =
          first === undefined
            ? 'notFound'
            : first.errors
              ? classOfCode(first.errors[0]?.extensions?.code ?? 'GRAPHQL_ERROR')
              : first.data?.ideaChanged?.ideaId === w.boards[kind].ideaGid
                ? 'ok'
                : `event of another idea: ${brief(first)}`;
        if (got !== expected) {
          mismatches.push({ caller, board: kind, expected, got, detail: brief(live.results) });
        }
      }
      failOn('Subscription.ideaChanged (events received)', rule, mismatches);
    } finally {
      for (const { live } of subscriptions) live.close();
    }
  });
});

/** A portal page as `caller` (the portal renders for signed-out readers; a token changes nothing). */
async function portalPage(
  caller: TCaller,
  path: string,
): Promise<{ status: number; body: string }> {
  const token = w.tokens[caller];
  const response = await fetch(`${w.server.url}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    redirect: 'manual',
  });
  return { status: response.status, body: await response.text() };
}

describe('portal', () => {
  const pages: [string, (board: TBoardFixture) => string][] = [
    ['board page', (b) => `/${w.a.slug}/${b.slug}`],
    [
      'idea page',
      (b) => `/${w.a.slug}/${b.slug}/ideas/${ideaPathSlug({ id: b.ideaId, title: b.ideaTitle })}`,
    ],
  ];
  it.each(pages)('the %s of a private board is not found, whoever asks', async (name, path) => {
    await runEntry(w, `portal ${name}`, {
      rule: rules.publicOnly,
      boardScoped: true,
      outcome: async (_w, caller, board) => {
        const { status, body } = await portalPage(caller, path(board));
        const outcome = status === 200 ? 'ok' : status === 404 ? 'notFound' : `status ${status}`;
        return { outcome, detail: `${status} ${brief(body.slice(0, 80))}` };
      },
    });
  });

  it('the home page, roadmap, changelog, feed and sitemap name nothing of a private board', async () => {
    // A planned idea on every board, for the roadmap.
    const planned = {} as Record<TBoardKind, string>;
    for (const kind of BOARD_KINDS) {
      planned[kind] = `Planned matrix idea ${kind}`;
      const idea = await w.scratchIdea(kind, planned[kind]);
      const answer = await w.rest('owner', 'PUT', `/ideas/${idea.id}/status`, {
        body: { status: 'PLANNED' },
      });
      expect(answer.status).toBe(200);
    }
    // What each page must show of the public board (so an empty page cannot pass).
    const pages: [string, (kind: TBoardKind) => string][] = [
      ['', (kind) => `Matrix ${kind} board`],
      ['/roadmap', (kind) => planned[kind]],
      ['/changelog', (kind) => `Rel ${kind}`],
      ['/changelog.atom', (kind) => `Rel ${kind}`],
      ['/sitemap.xml', (kind) => `/${w.boards[kind].slug}`],
    ];
    const leaks: string[] = [];
    for (const [path, shown] of pages) {
      const { status, body } = await portalPage('anonymous', `/${w.a.slug}${path}`);
      expect(status, `/${w.a.slug}${path}`).toBe(200);
      expect(body, `/${w.a.slug}${path}`).toContain(shown('public'));
      for (const kind of BOARD_KINDS.filter((k) => k !== 'public')) {
        const b = w.boards[kind];
        for (const text of new Set([
          shown(kind),
          b.ideaTitle,
          planned[kind],
          `Matrix ${kind} board`,
        ])) {
          if (body.includes(text)) leaks.push(`/${w.a.slug}${path} shows "${text}"`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});

/** One MCP tool call (stateless Streamable HTTP, plain JSON answers). */
async function mcpTool(
  token: string | undefined,
  name: string,
  args: Record<string, unknown>,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${w.server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
  const text = await response.text();
  // Plain JSON, or an SSE-framed answer: its data line.
  const json = text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)?.[1];
  return { status: response.status, body: json ? JSON.parse(json) : text };
}

describe('MCP', () => {
  /**
   * /mcp takes company API keys only. A's admin's key sees A's private boards; B's admin's key
   * sees A's public boards only; the key A's removed member made while an admin is dead; a
   * session token (anyone else) is refused.
   */
  const mcpRule: TRule = {
    name: 'mcpKey',
    expect: (caller, kind) => {
      if (caller === 'admin') return 'ok';
      if (caller === 'otherAdmin') return kind === 'public' ? 'ok' : 'notFound';
      return 'unauthenticated';
    },
  };
  const credential = (caller: TCaller) =>
    caller === 'admin' || caller === 'otherAdmin' || caller === 'removed'
      ? w.keys[caller]
      : w.tokens[caller];
  const toolOutcome = (status: number, body: any, shows?: (data: any) => boolean): TOutcome => {
    if (status !== 200) return restOutcome(status, body);
    const result = body?.result;
    const text: string = result?.content?.[0]?.text ?? '';
    if (body?.error) return `json-rpc error ${body.error.code}`;
    if (result?.isError) return /not found/i.test(text) ? 'notFound' : `tool error: ${text}`;
    if (shows && !shows(JSON.parse(text))) return 'notFound';
    return 'ok';
  };
  const tools: [
    string,
    (b: TBoardFixture) => Record<string, unknown>,
    ((data: any, b: TBoardFixture) => boolean)?,
  ][] = [
    ['get_idea', (b) => ({ ideaId: b.ideaId })],
    ['search_ideas', (b) => ({ boardId: b.id, text: b.ideaTitle })],
    [
      'list_boards',
      () => ({}),
      (data, b) => JSON.stringify(data).includes(`Matrix ${b.kind} board`),
    ],
  ];
  it.each(tools)('%s answers only what the key’s maker may see', async (name, args, shows) => {
    // B's admin lists B's boards: A's public board is not "of your company" either.
    const rule =
      name === 'list_boards'
        ? {
            ...mcpRule,
            expect: (c: TCaller, k: TBoardKind) =>
              c === 'otherAdmin' ? 'notFound' : mcpRule.expect(c, k),
          }
        : mcpRule;
    await runEntry(w, `MCP ${name}`, {
      rule,
      boardScoped: true,
      outcome: async (_w, caller, board) => {
        const { status, body } = await mcpTool(credential(caller), name, args(board));
        return {
          outcome: toolOutcome(status, body, shows && ((data) => shows(data, board))),
          detail: `${status} ${brief(body)}`,
        };
      },
    });
  });
});

describe('search and similar ideas', () => {
  const searches: [
    string,
    string,
    (b: TBoardFixture) => Record<string, unknown>,
    (data: any, b: TBoardFixture) => boolean,
  ][] = [
    [
      'Board.ideas(search:)',
      `query ($id: ID!, $text: String!) { board(id: $id) { ideas(search: $text, first: 10) { edges { node { id } } } } }`,
      (b) => ({ id: b.gid, text: b.ideaTitle }),
      (data, b) => JSON.stringify(data).includes(b.ideaGid),
    ],
    [
      'Board.similarIdeas(text:)',
      `query ($id: ID!, $text: String!) { board(id: $id) { similarIdeas(text: $text) { id } } }`,
      (b) => ({ id: b.gid, text: b.ideaTitle }),
      (data, b) => JSON.stringify(data).includes(b.ideaGid),
    ],
  ];
  it.each(searches)(
    '%s finds a board’s ideas only for callers who see it',
    async (name, text, vars, shows) => {
      await runEntry(w, name, {
        rule: rules.boardRead,
        boardScoped: true,
        outcome: async (_w, caller, board) => {
          const { body } = await w.graphql(caller, text, vars(board));
          let outcome = graphqlOutcome(body, 'board');
          if (outcome === 'ok' && !shows(body.data.board, board)) outcome = 'notFound';
          return { outcome, detail: brief(body?.errors ?? body?.data) };
        },
      });
    },
  );

  it('GET /ideas/?search= finds a board’s ideas only for callers who see it', async () => {
    await runEntry(w, 'GET /ideas/?search=', {
      rule: rules.boardRead,
      boardScoped: true,
      outcome: async (_w, caller, board) => {
        const { status, body } = await w.rest(
          caller,
          'GET',
          `/ideas/?search=${encodeURIComponent(board.ideaTitle)}`,
          { headers: { 'x-board-id': String(board.id) } },
        );
        let outcome = restOutcome(status, body);
        const ids = (body?.ideas ?? []).map((idea: any) => idea.id);
        if (outcome === 'ok' && !ids.includes(board.ideaId)) outcome = 'notFound';
        return { outcome, detail: `${status} ${brief(body)}` };
      },
    });
  });
});

describe('notifications', () => {
  it('a status change mails the voters who see the board, and no one else', async () => {
    const prisma = w.server.deps.prisma;
    // SSO users get an address their company vouched for and the self-registered user confirms
    // theirs, so only access decides who is mailed.
    for (const caller of ['sso', 'customer'] as const) {
      await prisma.user.update({
        where: { id: w.userIds[caller] },
        data: { email: `${caller}-${w.userIds[caller]}@example.com`, emailConfirmedAt: new Date() },
      });
    }
    await prisma.user.update({
      where: { id: w.userIds.selfRegistered },
      data: { emailConfirmedAt: new Date() },
    });
    const voters: TCaller[] = [
      'selfRegistered',
      'sso',
      'domain',
      'customer',
      'removed',
      'member',
      'admin',
    ];
    const rule: TRule = {
      name: 'mailedWhenSeen',
      expect: (caller, kind) => (sees(caller, kind) ? 'ok' : 'notFound'),
    };
    const mismatches: TMismatch[] = [];
    for (const kind of BOARD_KINDS) {
      const title = `Notify matrix ${kind} ${Date.now()}`;
      const idea = await w.scratchIdea(kind, title);
      // Every voter voted (as they could have while the board was public, or before a grant ended).
      for (const caller of voters) {
        await prisma.vote.create({ data: { ideaId: idea.id, userId: w.userIds[caller] } });
      }
      await prisma.idea.update({ where: { id: idea.id }, data: { voteCount: voters.length } });
      const changed = await w.rest('owner', 'PUT', `/ideas/${idea.id}/status`, {
        body: { status: 'PLANNED' },
      });
      expect(changed.status).toBe(200);
      const expectedCount = voters.filter((caller) => sees(caller, kind)).length;
      let mailed: number[] = [];
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const mails = await prisma.mail.findMany({
          where: { topic: 'IDEA_STATUS', text: { contains: title } },
          select: { userId: true },
        });
        mailed = mails.map((mail) => mail.userId ?? 0);
        if (mailed.length >= expectedCount) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      for (const caller of voters) {
        const expected = rule.expect(caller, kind);
        const got = mailed.includes(w.userIds[caller]) ? 'ok' : 'notFound';
        if (got !== expected) {
          mismatches.push({
            caller,
            board: kind,
            expected,
            got,
            detail: `mailed users ${brief(mailed)}`,
          });
        }
      }
    }
    failOn('notification mail (IDEA_STATUS)', rule, mismatches);
  });
});
