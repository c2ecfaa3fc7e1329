import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TImportFile } from './import-model.ts';
import { readImportFiles } from './read-import-files.ts';

/** Each source's parser on small exports of its own shape (fixtures/), into the common model. */

const fixture = (name: string): TImportFile => ({
  name,
  data: readFileSync(new URL(`./fixtures/${name}`, import.meta.url)),
});
const NOW = new Date('2026-01-01T00:00:00Z');

describe('our CSV', () => {
  it('reads ideas, votes and comments with dates, authors and statuses; people by email in any case', () => {
    const model = readImportFiles('CSV', [fixture('generic.csv')], NOW);
    expect(model.problems).toEqual([]);
    expect(
      model.ideas.map((i) => [i.externalId, i.title, i.status, i.createdAt, i.authorEmail]),
    ).toEqual([
      ['1', 'Dark mode for the board', 'PLANNED', '2024-01-05T10:00:00.000Z', 'ann@example.com'],
      ['2', 'Export to PDF', 'REVIEW', '2024-02-01T09:30:00.000Z', 'bob@example.com'],
      ['3', 'Slack notifications', 'COMPLETE', '2024-03-01T00:00:00.000Z', null],
    ]);
    // Ann voted twice (two spellings of her address): one vote, the earlier.
    expect(model.votes).toHaveLength(3);
    expect(model.votes.find((v) => v.email === 'ann@example.com')?.createdAt).toBe(
      '2024-02-02T08:00:00.000Z',
    );
    expect(model.people.map((p) => [p.email, p.name]).sort()).toEqual([
      ['ann@example.com', 'Ann Archer'],
      ['bob@example.com', 'Bob Baker'],
      ['carl@example.com', 'Carl Cole'],
    ]);
    expect(model.comments).toHaveLength(2);
    expect(model.comments[0]).toMatchObject({
      externalId: 'c-1',
      email: 'carl@example.com',
      text: 'Yes please',
    });
    // No comment id: a hash, the same on every read of the file.
    expect(model.comments[1]!.externalId).toMatch(/^h:/);
    expect(readImportFiles('CSV', [fixture('generic.csv')], NOW).comments[1]!.externalId).toBe(
      model.comments[1]!.externalId,
    );
  });

  it('names the row and column of each bad row and leaves it out', () => {
    const model = readImportFiles('CSV', [fixture('generic-bad.csv')], NOW);
    expect(model.ideas.map((i) => i.externalId)).toEqual(['1']);
    expect(model.problems.map((p) => [p.row, p.column, p.message])).toEqual([
      [3, 'title', 'This field is required.'],
      [4, 'status', expect.stringContaining('“someday” is not one we know')],
      [5, 'created at', expect.stringContaining('It has to be a date')],
      [6, 'email', 'It has to be an email address.'],
      [8, 'text', 'This field is required.'],
      [9, 'type', 'It has to be idea, vote or comment.'],
      [7, 'idea id', 'No idea in the file has the id “9”.'],
    ]);
    expect(model.problems.every((p) => p.file === 'generic-bad.csv')).toBe(true);
  });

  it('refuses a file without the required columns, naming them', () => {
    const file = { name: 'x.csv', data: Buffer.from('title,email\nHello there,a@b.co\n') };
    expect(() => readImportFiles('CSV', [file])).toThrow('missing: type, idea id.');
  });
});

describe('Canny', () => {
  it('reads the API’s JSON lists, leaving internal comments out', () => {
    const model = readImportFiles('CANNY', [fixture('canny.json')], NOW);
    expect(model.problems).toEqual([]);
    expect(model.ideas.map((i) => [i.externalId, i.status, i.sourceStatus])).toEqual([
      ['5f1a', 'IN_PROGRESS', 'in progress'],
      ['5f1b', 'DECLINED', 'closed'],
    ]);
    expect(model.votes).toHaveLength(2);
    expect(model.comments.map((c) => c.externalId)).toEqual(['c1']);
    expect(model.skipped).toBe(1);
  });

  it('reads its CSV exports, one file per kind in any order', () => {
    const model = readImportFiles(
      'CANNY',
      [fixture('canny-comments.csv'), fixture('canny-votes.csv'), fixture('canny-posts.csv')],
      NOW,
    );
    expect(model.problems).toEqual([]);
    expect(model.ideas.map((i) => [i.externalId, i.status])).toEqual([
      ['p1', 'OPEN'],
      ['p2', 'PLANNED'],
    ]);
    expect(model.votes).toHaveLength(2);
    expect(model.comments[0]).toMatchObject({ externalId: 'k1', ideaExternalId: 'p1' });
  });
});

describe('UserVoice', () => {
  it('reads suggestions, supporters and comments', () => {
    const model = readImportFiles(
      'USERVOICE',
      [
        fixture('uservoice-suggestions.csv'),
        fixture('uservoice-supporters.csv'),
        fixture('uservoice-comments.csv'),
      ],
      NOW,
    );
    expect(model.problems).toEqual([]);
    expect(model.ideas.map((i) => [i.externalId, i.status, i.createdAt])).toEqual([
      ['101', 'REVIEW', '2022-09-01T10:00:00.000Z'],
      ['102', 'IN_PROGRESS', '2022-09-02T10:00:00.000Z'],
    ]);
    expect(model.votes).toHaveLength(3);
    expect(model.people).toHaveLength(3);
    expect(model.comments).toHaveLength(1);
  });
});

describe('Fider', () => {
  it('reads backup.zip: people from users.json, deleted posts and comments left out', () => {
    const model = readImportFiles('FIDER', [fixture('fider-backup.zip')], NOW);
    expect(model.problems).toEqual([]);
    expect(model.ideas.map((i) => [i.externalId, i.status, i.authorEmail])).toEqual([
      ['1', 'PLANNED', 'ivy@example.com'],
      ['3', 'COMPLETE', 'jon@example.com'],
    ]);
    expect(model.votes.map((v) => [v.ideaExternalId, v.email])).toEqual([
      ['1', 'jon@example.com'],
      ['3', 'ivy@example.com'],
    ]);
    expect(model.comments.map((c) => c.externalId)).toEqual(['7']);
    // The deleted post, its vote and the deleted comment.
    expect(model.skipped).toBe(3);
  });

  it('names a file that is not part of the backup', () => {
    expect(() =>
      readImportFiles('FIDER', [{ name: 'notes.txt', data: Buffer.from('hi') }]),
    ).toThrow('This is not a file of Fider’s backup');
  });
});
