import { readFileSync } from 'node:fs';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isShareableDocument } from './live-subscriptions.ts';
import { schema } from '../schema/index.ts';
import {
  APP_ERROR,
  addEndUser,
  createBoardId,
  gql,
  mutate,
  setPlan,
  signUpCompany,
} from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { subscribeLive } from '../testing/live-subscriber.ts';
import type { TLiveSubscriber } from '../testing/live-subscriber.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

// The console's selection, answered once per class of caller (live-subscriptions.ts).
const SHARED = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) {
  kind ideaId voteCount commentCount status idea { id title voteCount status isVotedByMe canEdit
    canUpdateStatus isHiddenByPlan description commentCount value internalNoteCount createdAt
    rejectedAt customStatus { id kind nameEn namePl color position } tags { id name color isPrivate }
    author { displayName avatarUrl }
    declineDetails { reason comment declinedAt declinedDuplicateIdeaFound declinedDuplicateIdeaId
      declinedDuplicateIdeaTitle } } } }`;
// The same with one field the shared path does not know: yoga's path, once per subscriber.
const PER_SUBSCRIBER = SHARED.replace('idea { id ', 'idea { board { id } id ');

const PUBLIC = `mutation ($id: ID!) { setBoardVisibility(boardId: $id, isPublic: true) { __typename } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const UPVOTE = `mutation ($ideaId: ID!) { upvoteIdea(ideaId: $ideaId) { __typename } }`;
const DOWNVOTE = `mutation ($ideaId: ID!) { downvoteIdea(ideaId: $ideaId) { __typename } }`;
const STATUS = `mutation ($ideaId: ID!, $status: IdeaStatus!, $statusId: ID) {
  setIdeaStatus(ideaId: $ideaId, status: $status, customStatusId: $statusId) { __typename } }`;
const CREATE_STATUS = `mutation ($boardId: ID!) { createBoardStatus(boardId: $boardId, kind: OPEN,
  nameEn: "Triaged", namePl: "Przejrzane", color: "336699") {
  ... on MutationCreateBoardStatusSuccess { data { id } } ${APP_ERROR} } }`;
const CREATE_TAG = `mutation ($name: String!, $isPrivate: Boolean!) { createTag(name: $name,
  color: "AA3300", isPrivate: $isPrivate) { ... on MutationCreateTagSuccess { data { id } } ${APP_ERROR} } }`;
const ADD_TAG = `mutation ($ideaId: ID!, $tagId: ID!) { addIdeaTag(ideaId: $ideaId, tagId: $tagId) {
  __typename } }`;
const DECLINE = `mutation ($ideaId: ID!, $keptId: ID!) { declineIdea(ideaId: $ideaId, reason: DUPLICATE,
  duplicateOfIdeaId: $keptId, comment: "Same as the other one", mergeVotes: false) { __typename } }`;

/** The console's live subscription as relay-compiler writes it (`npm run relay`). */
function consoleSubscription(): string {
  const file = new URL(
    '../../../web/__generated__/useBoardLiveUpdatesSubscription.graphql.ts',
    import.meta.url,
  );
  const literal = /"text": ("(?:[^"\\]|\\.)*")/.exec(readFileSync(file, 'utf8'))?.[1];
  return JSON.parse(literal ?? '""') as string;
}

describe('the shared fan-out of the console subscription', () => {
  it('takes the console’s own document, and leaves any other field to yoga’s path', () => {
    expect(isShareableDocument(schema, parse(consoleSubscription()))).toBe(true);
    expect(isShareableDocument(schema, parse(SHARED))).toBe(true);
    expect(isShareableDocument(schema, parse(PER_SUBSCRIBER))).toBe(false);
    expect(
      isShareableDocument(
        schema,
        parse(
          'subscription ($b: ID!) { ideaChanged(boardId: $b) { idea { voters { edges { node { name } } } } } }',
        ),
      ),
    ).toBe(false);
  });

  describe('answers every kind of caller what yoga’s path answers them', () => {
    let server: TTestServer;
    let admin: TTestAccount;
    const open: TLiveSubscriber[] = [];
    beforeAll(async () => {
      server = await startTestServer();
      admin = await signUpCompany(server);
      await setPlan(server, admin.companyId, 'ULTRA');
    });
    afterAll(async () => {
      for (const subscriber of open) subscriber.close();
      await server?.close();
    });

    it('takes the shared path for the console’s selection and yoga’s for the other', async () => {
      const boardId = await createBoardId(server, admin.token, 'Path board');
      // The shared path answers through rest/event-stream.ts, whose headers yoga's SSE lacks.
      const pathOf = async (query: string) => {
        const aborted = new AbortController();
        const response = await fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: {
            accept: 'text/event-stream',
            authorization: `Bearer ${admin.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ query, variables: { boardId } }),
          signal: aborted.signal,
        });
        const isShared = response.headers.get('x-accel-buffering') === 'no';
        aborted.abort();
        return { status: response.status, isShared };
      };
      expect(await pathOf(SHARED)).toEqual({ status: 200, isShared: true });
      expect(await pathOf(PER_SUBSCRIBER)).toEqual({ status: 200, isShared: false });
    });

    it('for votes, statuses, tags, a pending idea, its acceptance and a decline', async () => {
      const boardId = await createBoardId(server, admin.token, 'Shared fan-out board');
      await gql(server, PUBLIC, { id: boardId }, admin.token);
      const idea = (title: string, token: string) =>
        mutate(server, 'createIdea', CREATE_IDEA, { boardId, title }, token);
      const kept = await idea('An idea to keep open', admin.token);
      const probe = await idea('Probe idea title', admin.token);
      const last = await idea('The idea voted for last', admin.token);
      const { id: statusId } = await mutate(
        server,
        'createBoardStatus',
        CREATE_STATUS,
        { boardId },
        admin.token,
      );
      for (const [name, isPrivate] of [
        ['Mobile', false],
        ['Churn risk', true],
      ] as const) {
        const tag = await mutate(server, 'createTag', CREATE_TAG, { name, isPrivate }, admin.token);
        await gql(server, ADD_TAG, { ideaId: kept.id, tagId: tag.id }, admin.token);
      }

      const member = await addEndUser(server, admin.companyId, { role: 'MEMBER' });
      const author = await addEndUser(server, admin.companyId);
      const voter = await addEndUser(server, admin.companyId);
      const bystander = await addEndUser(server, admin.companyId, { kind: 'SSO' });
      const outsider = await signUpCompany(server);
      const callers: [string, string | undefined][] = [
        ['admin', admin.token],
        ['member', member.token],
        ['author', author.token],
        ['voter', voter.token],
        ['bystander', bystander.token],
        ['visitor', undefined],
        ['another company’s admin', outsider.token],
      ];
      const pairs = callers.map(([name, token]) => {
        const shared = subscribeLive(server.url, SHARED, { boardId }, token);
        const own = subscribeLive(server.url, PER_SUBSCRIBER, { boardId }, token);
        open.push(shared, own);
        return { name, shared, own };
      });
      const poke = async () => {
        await gql(server, UPVOTE, { ideaId: probe.id }, admin.token);
        await gql(server, DOWNVOTE, { ideaId: probe.id }, admin.token);
      };
      for (const { shared, own } of pairs) {
        await shared.waitUntilLive(poke);
        await own.waitUntilLive(poke);
      }

      // Each stream reads the idea when it delivers an event: the next change waits until every
      // stream has delivered the last one (a vote on `last`, once a stream has it, it has every
      // event before it), or the two paths would read different moments (a vote the decline
      // moved away was 'voted by me' on one path and not on the other, on PostgreSQL).
      const isLast = (r: any) => r.data?.ideaChanged.ideaId === last.id;
      let barriers = 0;
      const step = async <T>(change: () => Promise<T>): Promise<T> => {
        const answer = await change();
        barriers += 1;
        await gql(server, barriers % 2 ? UPVOTE : DOWNVOTE, { ideaId: last.id }, bystander.token);
        for (const subscriber of pairs.flatMap(({ shared, own }) => [shared, own])) {
          await subscriber.waitFor(() => subscriber.results.filter(isLast).length >= barriers);
        }
        return answer;
      };
      await step(() => gql(server, UPVOTE, { ideaId: kept.id }, voter.token));
      await step(() =>
        gql(server, STATUS, { ideaId: kept.id, status: 'OPEN', statusId }, admin.token),
      );
      const pending = await step(() => idea('An idea awaiting acceptance', author.token));
      await step(() => gql(server, UPVOTE, { ideaId: pending.id }, author.token));
      await step(() => gql(server, STATUS, { ideaId: pending.id, status: 'OPEN' }, admin.token));
      await step(() => gql(server, UPVOTE, { ideaId: pending.id }, voter.token));
      await step(() => gql(server, DECLINE, { ideaId: pending.id, keptId: kept.id }, admin.token));

      const about = new Set([kept.id, pending.id]);
      const ideaEvents = (subscriber: TLiveSubscriber) =>
        subscriber.results
          .map((result) => result.data?.ideaChanged)
          .filter((change) => change && about.has(change.ideaId));
      for (const { name, shared, own } of pairs) {
        const expected = ideaEvents(own).map((change) => {
          if (!change.idea) return change;
          const idea = { ...change.idea };
          delete idea.board;
          return { ...change, idea };
        });
        expect(ideaEvents(shared), name).toEqual(expected);
        expect(shared.results.every((result) => !result.errors)).toBe(true);
      }

      // What the comparison covered: callers answered differently about the same change.
      const byName = new Map(pairs.map((pair) => [pair.name, ideaEvents(pair.shared)]));
      const created = (name: string) =>
        byName.get(name)!.filter((c: any) => c.kind === 'CREATED' && c.ideaId === pending.id);
      expect(created('author')).toHaveLength(1);
      expect(created('admin')).toHaveLength(1);
      expect(created('bystander')).toHaveLength(0);
      expect(created('visitor')).toHaveLength(0);
      const firstVote = (name: string) =>
        byName.get(name)!.find((c: any) => c.kind === 'VOTED' && c.ideaId === kept.id).idea;
      expect(firstVote('admin')).toMatchObject({ canEdit: true, isVotedByMe: false, value: 0 });
      expect(firstVote('voter')).toMatchObject({ canEdit: false, isVotedByMe: true, value: null });
      expect(firstVote('member').tags).toHaveLength(2);
      expect(firstVote('bystander').tags).toHaveLength(1);
      expect(firstVote('another company’s admin')).toMatchObject({
        canEdit: false,
        canUpdateStatus: false,
      });
      const declined = byName
        .get('author')!
        .find((c: any) => c.ideaId === pending.id && c.status === 'DECLINED').idea;
      expect(declined).toMatchObject({
        canEdit: true,
        isVotedByMe: true,
        declineDetails: { reason: 'DUPLICATE', declinedDuplicateIdeaTitle: 'An idea to keep open' },
      });
    });
  });
});
