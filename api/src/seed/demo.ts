import { hashPassword } from '../auth/password.ts';
import { newToken } from '../auth/tokens.ts';
import type { DeclineReason, IdeaStatus, PrismaClient } from '../generated/prisma/client.ts';

export const DEMO_EMAIL = 'demo@feedboard.dev';

export type TDemoSeed = { companyId: number; boardId: number; email: string; password: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const PASSWORD_MIN = 6;
const PASSWORD_MAX = 50;

const END_USERS = [
  { key: 'ada', kind: 'REGULAR', displayName: 'Ada Brennan', email: 'ada@example.com' },
  { key: 'marcus', kind: 'REGULAR', displayName: 'Marcus Okafor', email: 'marcus@example.com' },
  { key: 'priya', kind: 'REGULAR', displayName: 'Priya Raman', email: 'priya@example.com' },
  { key: 'tom', kind: 'REGULAR', displayName: 'Tom Becker', email: 'tom@example.com' },
  {
    key: 'zofia',
    kind: 'SSO',
    displayName: 'Zofia Wójcik',
    externalId: 'crm-1042',
    email: 'zofia.wojcik@example.pl',
    language: 'pl-PL',
  },
  { key: 'kenji', kind: 'SSO', displayName: 'Kenji Watanabe', externalId: 'crm-1043', email: null },
  {
    key: 'lucia',
    kind: 'SSO',
    displayName: 'Lucía Fernández',
    externalId: 'crm-1057',
    email: 'lucia@example.es',
  },
  { key: 'amara', kind: 'SSO', displayName: 'Amara Nwosu', externalId: 'crm-1101', email: null },
] as const;

type TAuthorKey = 'admin' | (typeof END_USERS)[number]['key'];

type TIdeaSeed = {
  key: string;
  title: string;
  description: string;
  status: IdeaStatus;
  author: TAuthorKey;
  daysAgo: number;
  voters: number;
  decline?: { reason: DeclineReason; daysAgo: number; comment?: string; duplicateOf?: string };
  comments?: readonly { author: TAuthorKey; text: string }[];
};

const IDEAS: readonly TIdeaSeed[] = [
  {
    key: 'dark-mode',
    title: 'Dark mode for the dashboard',
    description:
      'Our support team works late shifts. A dark theme for the admin dashboard would be much easier on the eyes.',
    status: 'OPEN',
    author: 'ada',
    daysAgo: 86,
    voters: 8,
    comments: [
      {
        author: 'kenji',
        text: 'Yes please! A setting that follows the operating system theme would be ideal.',
      },
      {
        author: 'tom',
        text: 'Same here, the white background is blinding on a big monitor at night.',
      },
      {
        author: 'admin',
        text: 'Thanks for all the votes! We are collecting designs for this now.',
      },
    ],
  },
  {
    key: 'csv-export',
    title: 'Export ideas to CSV',
    description:
      'Let us download every idea of a board with its status, votes and author as a CSV file for our quarterly planning.',
    status: 'COMPLETE',
    author: 'marcus',
    daysAgo: 80,
    voters: 7,
    comments: [
      {
        author: 'priya',
        text: 'Including the voter emails would help us follow up with customers.',
      },
      { author: 'admin', text: 'Shipped in v2.4: the export button is in the board settings.' },
    ],
  },
  {
    key: 'slack',
    title: 'Slack notifications when an idea changes status',
    description:
      'Post a message to a Slack channel of our choice whenever an idea moves to planned, in progress or complete.',
    status: 'PLANNED',
    author: 'priya',
    daysAgo: 74,
    voters: 6,
    comments: [
      { author: 'lucia', text: 'Microsoft Teams support would be great as well, if possible.' },
      { author: 'admin', text: "Thanks! We've planned this for Q1." },
    ],
  },
  {
    key: 'okta-sso',
    title: 'Single sign-on with Okta',
    description:
      'Our security policy requires SSO for every tool. Please support SAML sign-in through Okta for admins.',
    status: 'IN_PROGRESS',
    author: 'zofia',
    daysAgo: 68,
    voters: 5,
    comments: [{ author: 'admin', text: 'Work has started; we expect to ship it with v2.5.' }],
  },
  {
    key: 'merge',
    title: 'Merge duplicate ideas and their votes',
    description:
      'When two customers post the same request, we want to merge them and keep every vote.',
    status: 'COMPLETE',
    author: 'kenji',
    daysAgo: 61,
    voters: 4,
  },
  {
    key: 'shortcuts',
    title: 'Keyboard shortcuts for triage',
    description:
      'Shortcuts to move through new ideas and change their status without touching the mouse.',
    status: 'OPEN',
    author: 'admin',
    daysAgo: 55,
    voters: 3,
  },
  {
    key: 'jira',
    title: 'Two-way sync with Jira issues',
    description:
      'Link an idea to a Jira issue and update the idea status automatically when the issue is resolved.',
    status: 'REVIEW',
    author: 'lucia',
    daysAgo: 48,
    voters: 6,
    comments: [
      {
        author: 'marcus',
        text: 'We would also need this for Linear, our engineers moved there last year.',
      },
      {
        author: 'admin',
        text: 'We are looking into which trackers most of you use before we commit.',
      },
    ],
  },
  {
    key: 'spreadsheet',
    title: 'Download all feedback as a spreadsheet',
    description:
      'An Excel or CSV download of all ideas would make reporting to management much easier.',
    status: 'DECLINED',
    author: 'tom',
    daysAgo: 42,
    voters: 1,
    decline: { reason: 'DUPLICATE', daysAgo: 40, duplicateOf: 'csv-export' },
  },
  {
    key: 'custom-domain',
    title: 'Custom domain for the public board',
    description:
      'Serve our public board from feedback.ourcompany.com instead of the Feedboard address.',
    status: 'OPEN',
    author: 'amara',
    daysAgo: 35,
    voters: 2,
  },
  {
    key: 'emoji',
    title: 'Emoji reactions on comments',
    description: 'Allow reacting to a comment with an emoji instead of writing a new comment.',
    status: 'DECLINED',
    author: 'marcus',
    daysAgo: 29,
    voters: 1,
    decline: {
      reason: 'NOT_RELEVANT',
      daysAgo: 25,
      comment: 'Votes already show agreement; we want comments to stay focused on the request.',
    },
    comments: [{ author: 'ada', text: 'A simple thumbs up would be enough for me.' }],
  },
  {
    key: 'roadmap-widget',
    title: 'Embeddable public roadmap',
    description: 'A widget that shows the planned and in-progress ideas on our own website.',
    status: 'OPEN',
    author: 'priya',
    daysAgo: 21,
    voters: 3,
  },
  {
    key: 'polish',
    title: 'Polish translation of the widget',
    description: 'Most of our customers are in Poland; the feedback widget should speak Polish.',
    status: 'OPEN',
    author: 'zofia',
    daysAgo: 14,
    voters: 2,
    comments: [{ author: 'admin', text: 'Good news: Polish is already on the translation list.' }],
  },
  {
    key: 'digest',
    title: 'Weekly email digest of new ideas',
    description: 'Send admins one email a week that lists the new ideas and the most voted ones.',
    status: 'NOT_PUBLIC',
    author: 'kenji',
    daysAgo: 4,
    voters: 0,
  },
];

const RELEASES = [
  {
    name: 'v2.4',
    dayOffset: -30,
    isPublished: true,
    ideas: ['csv-export', 'merge'],
    generic: ['Faster loading of boards with many ideas'],
  },
  {
    name: 'v2.5',
    dayOffset: 10,
    isPublished: false,
    ideas: ['okta-sso'],
    generic: ['Refreshed settings pages with clearer navigation'],
  },
] as const;

/** The first `count` of `pool`, read in a ring from `start`: deterministic and without repeats. */
function pickVoters<T>(pool: readonly T[], start: number, count: number): T[] {
  return Array.from(
    { length: Math.min(count, pool.length) },
    (_, i) => pool[(start + i) % pool.length] as T,
  );
}

function utcMidnight(date: Date, dayOffset: number): Date {
  return new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + dayOffset),
  );
}

/**
 * Seeds the demo company when the database has no company yet; answers null when it already had one.
 *
 * The demo holds the company "Acme Feedback Demo" on the COMPANY plan, its owner {@link DEMO_EMAIL},
 * eight end users (regular and SSO), one public board with ideas in every status, votes, comments
 * and two releases. Without `options.password` a random password is made (and answered).
 * Dates are relative to `options.now` (default: now).
 */
export async function seedDemoIfEmpty(
  prisma: PrismaClient,
  options: { password?: string; now?: Date } = {},
): Promise<TDemoSeed | null> {
  if ((await prisma.company.count()) > 0) return null;

  const password = options.password ?? `demo-${newToken().slice(0, 10)}`;
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new RangeError(
      `The demo password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`,
    );
  }
  const passwordHash = await hashPassword(password);
  const now = options.now ?? new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const later = (from: Date, hours: number) =>
    new Date(Math.min(from.getTime() + hours * HOUR_MS, now.getTime()));

  return prisma.$transaction(
    async (tx) => {
      const company = await tx.company.create({
        data: {
          name: 'Acme Feedback Demo',
          slug: 'acme',
          secret: newToken(),
          referralCode: null,
          createdAt: daysAgo(100),
          subscription: {
            create: { product: 'COMPANY', expiresAt: new Date(now.getTime() + 365 * DAY_MS) },
          },
        },
      });

      const admin = await tx.user.create({
        data: {
          companyId: company.id,
          kind: 'REGULAR',
          role: 'OWNER',
          loginEmail: DEMO_EMAIL.toLowerCase(),
          email: DEMO_EMAIL,
          emailConfirmedAt: daysAgo(100),
          displayName: 'Demo Admin',
          language: 'en-US',
          passwordHash,
          createdAt: daysAgo(100),
        },
      });

      const userIds = new Map<TAuthorKey, number>([['admin', admin.id]]);
      for (const [index, user] of END_USERS.entries()) {
        const created = await tx.user.create({
          data: {
            companyId: company.id,
            kind: user.kind,
            role: 'END_USER',
            loginEmail: user.kind === 'REGULAR' ? user.email.toLowerCase() : null,
            email: user.email,
            // Demo people confirmed their addresses long ago: the outbox shows what they get.
            emailConfirmedAt: user.email ? daysAgo(95 - index) : null,
            externalId: user.kind === 'SSO' ? user.externalId : null,
            displayName: user.displayName,
            avatarUrl: null,
            language: 'language' in user ? user.language : 'en-US',
            passwordHash: null,
            createdAt: daysAgo(95 - index),
          },
        });
        userIds.set(user.key, created.id);
      }
      const userId = (key: TAuthorKey): number => {
        const id = userIds.get(key);
        if (id === undefined) throw new Error(`Demo seed: unknown user ${key}`);
        return id;
      };
      const allUserIds = [...userIds.values()];

      const board = await tx.board.create({
        data: {
          companyId: company.id,
          name: 'Product ideas',
          slug: 'product-ideas',
          description:
            'Tell us what would make Acme better for you, and vote on the ideas of others.',
          isPublic: true,
          color: '53d23d',
          widgetHash: newToken(),
          language: 'en-US',
          createdAt: daysAgo(90),
        },
      });

      const ideaIds = new Map<string, number>();
      for (const [index, idea] of IDEAS.entries()) {
        const createdAt = daysAgo(idea.daysAgo);
        const voters = pickVoters(allUserIds, index * 3, idea.voters);
        const comments = idea.comments ?? [];
        const duplicateOfId =
          idea.decline?.duplicateOf === undefined ? null : ideaIds.get(idea.decline.duplicateOf);
        if (duplicateOfId === undefined)
          throw new Error(`Demo seed: unknown idea ${idea.decline?.duplicateOf}`);
        const created = await tx.idea.create({
          data: {
            boardId: board.id,
            authorId: userId(idea.author),
            title: idea.title,
            description: idea.description,
            status: idea.status,
            voteCount: voters.length,
            commentCount: comments.length,
            declineReason: idea.decline?.reason ?? null,
            declineComment: idea.decline?.comment ?? null,
            duplicateOfId,
            declinedAt: idea.decline ? daysAgo(idea.decline.daysAgo) : null,
            createdAt,
            votes: {
              createMany: {
                data: voters.map((voterId, i) => ({
                  userId: voterId,
                  createdAt: later(createdAt, 5 * (i + 1)),
                })),
              },
            },
            comments: {
              createMany: {
                data: comments.map((comment, i) => ({
                  authorId: userId(comment.author),
                  text: comment.text,
                  createdAt: later(createdAt, 36 * (i + 1)),
                })),
              },
            },
          },
        });
        ideaIds.set(idea.key, created.id);
      }

      for (const release of RELEASES) {
        const ideaParts = release.ideas.map((key) => {
          const idea = IDEAS.find((candidate) => candidate.key === key);
          const id = ideaIds.get(key);
          if (!idea || id === undefined) throw new Error(`Demo seed: unknown idea ${key}`);
          return { title: idea.title, ideaId: id };
        });
        const releaseDate = utcMidnight(now, release.dayOffset);
        await tx.release.create({
          data: {
            companyId: company.id,
            name: release.name,
            releaseDate,
            isPublished: release.isPublished,
            publishedAt: release.isPublished ? releaseDate : null,
            boards: { connect: { id: board.id } },
            parts: {
              create: [...ideaParts, ...release.generic.map((title) => ({ title, ideaId: null }))],
            },
          },
        });
      }

      return { companyId: company.id, boardId: board.id, email: DEMO_EMAIL, password };
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}
