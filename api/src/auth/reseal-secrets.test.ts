import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client.ts';
import { openTestDatabase } from '../testing/test-server.ts';
import { resealSecrets } from './reseal-secrets.ts';
import { SEALED_COLUMNS } from './sealed-columns.ts';
import {
  SecretKeyError,
  needsReseal,
  openSecret,
  parseSecretKeys,
  sealSecret,
} from './secret-box.ts';

const OLD_KEY = 'the-old-secrets-key-0123456789abcdef';
const NEW_KEY = 'the-new-secrets-key-0123456789abcdef';
const URL_A = 'https://hooks.slack.com/services/T0001/B0001/first-hook-secret';
const URL_B = 'https://hooks.slack.com/services/T0002/B0002/second-hook-secret';

let db: TDatabase;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

const sealedRows = () =>
  db.prisma.$queryRaw<{ id: number; sealedUrl: string }[]>`
    SELECT "id", "sealedUrl" FROM "SlackConnection" ORDER BY "id"`;

describe('npm run secrets:reseal', () => {
  it('lists every sealed column of the schema', () => {
    expect(SEALED_COLUMNS).toContainEqual({
      table: 'SlackConnection',
      idColumn: 'id',
      column: 'sealedUrl',
    });
    expect(SEALED_COLUMNS).toContainEqual({
      table: 'IssueTrackerConnection',
      idColumn: 'id',
      column: 'sealedToken',
    });
    expect(SEALED_COLUMNS).toContainEqual({
      table: 'IssueTrackerConnection',
      idColumn: 'id',
      column: 'sealedWebhookSecret',
    });
  });

  it('re-seals secrets sealed under a previous key, once, so the old key can be dropped', async () => {
    const before = parseSecretKeys(OLD_KEY, undefined);
    const company = await db.prisma.company.create({
      data: { name: 'Reseal Ltd', slug: `reseal-${Date.now()}`, secret: 'sso-secret' },
    });
    for (const url of [URL_A, URL_B]) {
      await db.prisma.slackConnection.create({
        data: {
          companyId: company.id,
          sealedUrl: sealSecret(before, url),
          urlHint: url.slice(-4),
          events: ['IDEA_CREATED'],
        },
      });
    }
    // A GitHub connection's token and webhook secret, and a Linear one without a secret yet.
    await db.prisma.issueTrackerConnection.create({
      data: {
        companyId: company.id,
        kind: 'GITHUB',
        sealedToken: sealSecret(before, 'ghp_reseal-token'),
        tokenHint: 'oken',
        repoOwner: 'acme',
        repoName: 'roadmap',
        sealedWebhookSecret: sealSecret(before, 'reseal-webhook-secret'),
        webhookKey: `reseal-${Date.now()}`,
      },
    });
    // Rotation: the new key is current, the old one previous; values still open meanwhile.
    const rotated = parseSecretKeys(NEW_KEY, OLD_KEY);
    const old = await sealedRows();
    expect(old.every((row) => needsReseal(rotated, row.sealedUrl))).toBe(true);
    expect(old.map((row) => openSecret(rotated, row.sealedUrl))).toEqual([URL_A, URL_B]);

    const counts = await resealSecrets(db.prisma, rotated);
    expect(counts).toEqual([
      { table: 'SlackConnection', column: 'sealedUrl', checked: 2, resealed: 2 },
      { table: 'IssueTrackerConnection', column: 'sealedToken', checked: 1, resealed: 1 },
      { table: 'IssueTrackerConnection', column: 'sealedWebhookSecret', checked: 1, resealed: 1 },
    ]);
    const tracker = await db.prisma.issueTrackerConnection.findFirstOrThrow();
    const onlyNewKey = parseSecretKeys(NEW_KEY, undefined);
    expect(openSecret(onlyNewKey, tracker.sealedToken)).toBe('ghp_reseal-token');
    expect(openSecret(onlyNewKey, tracker.sealedWebhookSecret!)).toBe('reseal-webhook-secret');
    const fresh = await sealedRows();
    expect(fresh.some((row) => needsReseal(rotated, row.sealedUrl))).toBe(false);
    // The old key dropped: every value opens under the new key alone, and the old cannot.
    const onlyNew = parseSecretKeys(NEW_KEY, undefined);
    expect(fresh.map((row) => openSecret(onlyNew, row.sealedUrl))).toEqual([URL_A, URL_B]);
    expect(() => openSecret(before, fresh[0]!.sealedUrl)).toThrow(SecretKeyError);
    // A second run finds nothing to do.
    expect((await resealSecrets(db.prisma, rotated))[0]).toMatchObject({ resealed: 0 });
  });

  it('stops on a value whose key is not configured, leaving it as it was', async () => {
    const stray = sealSecret(
      parseSecretKeys('a-lost-secrets-key-0123456789abcdef', undefined),
      URL_A,
    );
    const company = await db.prisma.company.findFirstOrThrow();
    const row = await db.prisma.slackConnection.create({
      data: { companyId: company.id, sealedUrl: stray, urlHint: 'cret', events: ['IDEA_CREATED'] },
    });
    await expect(resealSecrets(db.prisma, parseSecretKeys(NEW_KEY, OLD_KEY))).rejects.toThrow(
      SecretKeyError,
    );
    expect(
      (await db.prisma.slackConnection.findUniqueOrThrow({ where: { id: row.id } })).sealedUrl,
    ).toBe(stray);
  });
});
