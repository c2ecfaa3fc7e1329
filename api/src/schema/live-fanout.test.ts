import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// What the console asks of every event (web/src/screens/admin/board/useBoardLiveUpdates.ts and
// the card's fragments), with the author and the status right beside it.
const SUBSCRIBE = `subscription ($boardId: ID!) { ideaChanged(boardId: $boardId) {
  kind ideaId idea { id title voteCount status isVotedByMe canEdit canUpdateStatus isHiddenByPlan
    description commentCount value customStatus { id nameEn namePl color }
    tags { id name color isPrivate }
    author { displayName }
    declineDetails { reason comment declinedAt declinedDuplicateIdeaFound declinedDuplicateIdeaId
      declinedDuplicateIdeaTitle } } } }`;
const CREATE_STATUS = `mutation ($boardId: ID!) { createBoardStatus(boardId: $boardId, kind: OPEN,
  nameEn: "Triaged", namePl: "Przejrzane", color: "336699") {
  ... on MutationCreateBoardStatusSuccess { data { id } } ${APP_ERROR} } }`;
const SET_STATUS = `mutation ($ideaId: ID!, $statusId: ID!) { setIdeaStatus(ideaId: $ideaId, status: OPEN,
  customStatusId: $statusId) { __typename } }`;
const CREATE_TAG = `mutation ($name: String!, $isPrivate: Boolean!) { createTag(name: $name,
  color: "AA3300", isPrivate: $isPrivate) { ... on MutationCreateTagSuccess { data { id } } ${APP_ERROR} } }`;
const ADD_TAG = `mutation ($ideaId: ID!, $tagId: ID!) { addIdeaTag(ideaId: $ideaId, tagId: $tagId) {
  __typename } }`;
const PUBLIC = `mutation ($id: ID!) { setBoardVisibility(boardId: $id, isPublic: true) { __typename } }`;
const CREATE_IDEA = `mutation ($boardId: ID!, $title: String!) { createIdea(boardId: $boardId, title: $title) {
  ... on MutationCreateIdeaSuccess { data { id } } ${APP_ERROR} } }`;
const UPVOTE = `mutation ($ideaId: ID!) { upvoteIdea(ideaId: $ideaId) {
  ... on MutationUpvoteIdeaSuccess { data { voteCount } } ${APP_ERROR} } }`;
const DOWNVOTE = `mutation ($ideaId: ID!) { downvoteIdea(ideaId: $ideaId) { __typename } }`;

describe('the console subscription reads a changed idea once per event', () => {
  let server: TTestServer;
  let statements = 0;
  let admin: TTestAccount;
  let boardId: string;
  let ideaId: string;
  let probeId: string;
  const open: TLiveSubscriber[] = [];

  beforeAll(async () => {
    server = await startTestServer({}, { onQuery: () => (statements += 1) });
    admin = await signUpCompany(server);
    await setPlan(server, admin.companyId, 'ULTRA');
    boardId = await createBoardId(server, admin.token, 'Fan-out board');
    await gql(server, PUBLIC, { id: boardId }, admin.token);
    ({ id: ideaId } = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Idea many consoles watch' },
      admin.token,
    ));
    await gql(server, UPVOTE, { ideaId }, admin.token);
    ({ id: probeId } = await mutate(
      server,
      'createIdea',
      CREATE_IDEA,
      { boardId, title: 'Idea the subscribers are poked with' },
      admin.token,
    ));
    const { id: statusId } = await mutate(
      server,
      'createBoardStatus',
      CREATE_STATUS,
      { boardId },
      admin.token,
    );
    await gql(server, SET_STATUS, { ideaId, statusId }, admin.token);
    for (const [name, isPrivate] of [
      ['Mobile', false],
      ['Churn risk', true],
    ] as const) {
      const { id: tagId } = await mutate(
        server,
        'createTag',
        CREATE_TAG,
        { name, isPrivate },
        admin.token,
      );
      await gql(server, ADD_TAG, { ideaId, tagId }, admin.token);
    }
  });
  afterAll(async () => {
    for (const subscriber of open) subscriber.close();
    await server?.close();
  });

  /**
   * A new voter's upvote; answers the statements from the vote until every subscriber holds the
   * event with the new count (events arrive in order, so older ones are done by then).
   */
  async function voteAndWait(
    subscribers: TLiveSubscriber[],
  ): Promise<{ count: number; events: any[] }> {
    const voter = await addEndUser(server, admin.companyId);
    const before = statements;
    const answer = await gql(server, UPVOTE, { ideaId }, voter.token);
    const voteCount: number = answer.body.data.upvoteIdea.data.voteCount;
    const events = await Promise.all(
      subscribers.map((s) =>
        s.waitFor(
          (r) =>
            r.data?.ideaChanged.kind === 'VOTED' &&
            r.data.ideaChanged.idea?.voteCount === voteCount,
        ),
      ),
    );
    return { count: statements - before, events };
  }

  async function subscribers(tokens: (string | undefined)[]): Promise<TLiveSubscriber[]> {
    const opened = tokens.map((token) => subscribeLive(server.url, SUBSCRIBE, { boardId }, token));
    open.push(...opened);
    const voter = await addEndUser(server, admin.companyId);
    // Each is live once it sees an event that was published after it subscribed. The pokes
    // go to another idea, so that a late poke's count cannot pass for a measured vote's.
    for (const subscriber of opened) {
      await subscriber.waitUntilLive(async () => {
        await gql(server, UPVOTE, { ideaId: probeId }, voter.token);
        await gql(server, DOWNVOTE, { ideaId: probeId }, voter.token);
      });
    }
    return opened;
  }

  it('costs the same statements for 1 and for 12 subscribers, and each gets its own view', async () => {
    const one = await subscribers([admin.token]);
    await voteAndWait(one); // the poking's events are through
    const alone = await voteAndWait(one);

    const member = await addEndUser(server, admin.companyId, { role: 'MEMBER' });
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => addEndUser(server, admin.companyId)));
    await gql(server, UPVOTE, { ideaId }, users[0]!.token);
    const many = await subscribers([
      member.token,
      ...users.map((user) => user.token),
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    await voteAndWait([...one, ...many]);
    const crowd = await voteAndWait([...one, ...many]);

    // One read of the idea (with author, kept idea, board, custom status and tags), the plan,
    // its value and one vote statement for all subscribers: the same as for one subscriber,
    // whatever the crowd (before, each subscriber read the tags, the status and the value).
    expect(crowd.count).toBeLessThanOrEqual(alone.count);

    const [adminView, memberView, votedView, otherView] = crowd.events.map(
      (event) => event.data.ideaChanged.idea,
    );
    expect(adminView).toMatchObject({
      title: 'Idea many consoles watch',
      status: 'OPEN',
      isVotedByMe: true,
      canEdit: true,
      canUpdateStatus: true,
      isHiddenByPlan: false,
      author: { displayName: expect.any(String) },
      declineDetails: null,
      value: 0,
      customStatus: { nameEn: 'Triaged', namePl: 'Przejrzane', color: '336699' },
      tags: [
        { name: 'Churn risk', isPrivate: true },
        { name: 'Mobile', isPrivate: false },
      ],
    });
    expect(memberView).toMatchObject({ isVotedByMe: false, canEdit: false, canUpdateStatus: true });
    expect(votedView).toMatchObject({ isVotedByMe: true, canEdit: false, canUpdateStatus: false });
    expect(otherView).toMatchObject({ isVotedByMe: false, canEdit: false });
    const anonymous = crowd.events.at(-1).data.ideaChanged.idea;
    expect(anonymous).toMatchObject({ isVotedByMe: false, canEdit: false, canUpdateStatus: false });
    // The team sees the private tag and the value; end users and visitors neither.
    expect(memberView.tags.map((tag: { name: string }) => tag.name)).toEqual([
      'Churn risk',
      'Mobile',
    ]);
    expect(memberView.value).toBe(0);
    for (const view of [votedView, otherView, anonymous]) {
      expect(view.tags).toEqual([expect.objectContaining({ name: 'Mobile', isPrivate: false })]);
      expect(view.value).toBeNull();
      expect(view.customStatus).toMatchObject({ nameEn: 'Triaged' });
    }
    // Every subscriber saw the same count: the one after the second vote.
    const counts = new Set(crowd.events.map((event) => event.data.ideaChanged.idea.voteCount));
    expect([...counts]).toEqual([adminView.voteCount]);
  });
});
