import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../api/src/auth/tokens.ts';
import { openTestDatabase } from '../api/src/testing/test-server.ts';
import type { TDatabase } from '../api/src/db/client.ts';
import { generateDataset, sessionToken } from './dataset.ts';
import type { TDataset } from './dataset.ts';

const sizes = { ideas: 40, users: 12, votes: 150, comments: 70 };
let db: TDatabase;
let drop: () => Promise<void>;
let dataset: TDataset;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  dataset = await generateDataset((sql) => db.prisma.$queryRawUnsafe(sql), sizes);
});
afterAll(async () => {
  await drop?.();
});

describe('the benchmark data set', () => {
  it('has the requested numbers of rows', async () => {
    const { prisma } = db;
    expect(dataset.ideaIds).toHaveLength(sizes.ideas);
    expect(dataset.userIds).toHaveLength(sizes.users);
    expect(await prisma.idea.count({ where: { boardId: dataset.boardId } })).toBe(sizes.ideas);
    expect(await prisma.vote.count()).toBe(sizes.votes);
    expect(await prisma.comment.count()).toBe(sizes.comments);
  });

  it('keeps every idea’s vote and comment counts equal to its rows', async () => {
    const ideas = await db.prisma.idea.findMany({
      include: { _count: { select: { votes: true, comments: true } } },
    });
    const wrong = ideas.filter(
      (idea) => idea.voteCount !== idea._count.votes || idea.commentCount !== idea._count.comments,
    );
    expect(wrong).toEqual([]);
    expect(ideas.reduce((sum, idea) => sum + idea.voteCount, 0)).toBe(sizes.votes);
  });

  it('gives each user a live session whose token is sessionToken(n); user 0 owns the company', async () => {
    const owner = await db.prisma.session.findUnique({
      where: { tokenHash: hashToken(sessionToken(0)) },
      include: { user: true },
    });
    expect(owner?.user).toMatchObject({ id: dataset.userIds[0], role: 'OWNER' });
    expect(owner!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const last = await db.prisma.session.findUnique({
      where: { tokenHash: hashToken(sessionToken(sizes.users - 1)) },
    });
    expect(last?.userId).toBe(dataset.userIds[sizes.users - 1]);
  });

  it('puts the board on a public page of a company on the unlimited plan', async () => {
    const board = await db.prisma.board.findUniqueOrThrow({
      where: { id: dataset.boardId },
      include: { company: { include: { subscription: true } } },
    });
    expect(board.isPublic).toBe(true);
    expect(board.company.subscription?.product).toBe('ULTRA');
  });
});
