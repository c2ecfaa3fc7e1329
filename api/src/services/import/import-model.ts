import { createHash } from 'node:crypto';
import type { IdeaStatus } from '../../generated/prisma/enums.ts';
import { unstorableText } from '../../validation.ts';

/**
 * The common model every importer reads its source into (services/import/parse-*.ts), and the
 * one the worker writes. Ideas, votes and comments carry the source's ids, so a second import of
 * the same file finds what the first one wrote; people are keyed by lower-cased email.
 */

export const IMPORT_SOURCES = ['CANNY', 'USERVOICE', 'FIDER', 'CSV'] as const;
export type TImportSource = (typeof IMPORT_SOURCES)[number];

/** Longest texts an import takes: the console's own maximums (spec section 5). */
export const IMPORT_LIMITS = {
  maxTitleLength: 100,
  maxDescriptionLength: 500,
  maxCommentLength: 500,
  maxNameLength: 100,
  maxEmailLength: 254,
  maxExternalIdLength: 100,
  /** Problems kept for the preview; the count says how many more there were. */
  maxProblemsShown: 200,
  /** Votes, comments and ideas one import may hold together. */
  maxRows: 500_000,
  /**
   * The export files' bytes together, sent as a multipart request by an owner or admin
   * (previewImport's `uploads`; upload-limit.ts); base64 in a JSON body stays within 1 MB.
   */
  maxUploadBytes: 48 * 1024 * 1024,
  /** One JSON or CSV file, as uploaded or as unpacked from a zip: refused before it is parsed. */
  maxFileBytes: 32 * 1024 * 1024,
  /** What one zip unpacks to, all its read files together (counted while unpacking). */
  maxUnpackedBytes: 64 * 1024 * 1024,
  /** Files (and folders) one zip may hold; Fider's backup holds one per table, about 40. */
  maxZipEntries: 500,
  /**
   * How many times its packed size a file in a zip may unpack to, past its first MB. Exports
   * (JSON) pack 5 to 20 times; zeros pack a thousand times, as zip bombs do.
   */
  maxUnpackRatio: 100,
} as const;

/** The kinds an imported idea may take (NOT_PUBLIC is for end users' unreviewed ideas). */
export type TImportStatus = Exclude<IdeaStatus, 'NOT_PUBLIC'>;

export type TImportPerson = { email: string; name: string };
export type TImportIdea = {
  externalId: string;
  title: string;
  description: string | null;
  status: TImportStatus;
  /** The status as the source named it (for the preview's mapping). */
  sourceStatus: string;
  /** ISO 8601. */
  createdAt: string;
  authorEmail: string | null;
};
export type TImportVote = { ideaExternalId: string; email: string; createdAt: string };
export type TImportComment = {
  externalId: string;
  ideaExternalId: string;
  email: string | null;
  text: string;
  createdAt: string;
};

/** A problem of the file: its name, the row (header is row 1, JSON: the item's number), the column. */
export type TImportProblem = { file: string; row: number; column: string | null; message: string };

export type TImportModel = {
  people: TImportPerson[];
  ideas: TImportIdea[];
  votes: TImportVote[];
  comments: TImportComment[];
  problems: TImportProblem[];
  /** Rows skipped on purpose (deleted in the source), not problems. */
  skipped: number;
};

/** An uploaded file: its name and its bytes. */
export type TImportFile = { name: string; data: Uint8Array };

/** A whole file that cannot be read: the import stops before anything is previewed. */
export class ImportFileError extends Error {
  constructor(readonly problem: TImportProblem) {
    super(problem.message);
  }
}

const STATUS_WORDS: Record<string, TImportStatus> = {
  open: 'OPEN',
  new: 'OPEN',
  'needs review': 'REVIEW',
  review: 'REVIEW',
  'under review': 'REVIEW',
  'under consideration': 'REVIEW',
  planned: 'PLANNED',
  'in progress': 'IN_PROGRESS',
  started: 'IN_PROGRESS',
  'in development': 'IN_PROGRESS',
  complete: 'COMPLETE',
  completed: 'COMPLETE',
  done: 'COMPLETE',
  shipped: 'COMPLETE',
  released: 'COMPLETE',
  declined: 'DECLINED',
  closed: 'DECLINED',
  rejected: 'DECLINED',
  duplicate: 'DECLINED',
  "won't do": 'DECLINED',
};

/** The kind a source's status name stands for (ours by name, kind or a common word); null: unknown. */
export function statusKindOf(text: string): TImportStatus | null {
  const key = text.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
  if (key === '') return 'OPEN';
  return STATUS_WORDS[key] ?? null;
}

/** A stable id for a row the source gives none (a comment): the same row hashes the same. */
export function derivedId(...parts: string[]): string {
  return `h:${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32)}`;
}

/** The date as ISO 8601, or null when it is not a date. Numbers are Unix seconds or milliseconds. */
export function isoDate(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const date = new Date(value < 1e11 ? value * 1000 : value);
    return Number.isNaN(date.getTime()) ? null : date.toISOString();
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  const date = new Date(value.trim());
  if (
    Number.isNaN(date.getTime()) ||
    date.getUTCFullYear() < 1970 ||
    date.getUTCFullYear() > 9999
  ) {
    return null;
  }
  return date.toISOString();
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Collects a source's rows into the common model, checking each: a row with a problem is left
 * out and its problem kept (file, row, column, message). Parsers call `idea`, `vote` and
 * `comment` once per source row; `finish` drops votes and comments of ideas left out.
 */
export function createModelBuilder(now: Date = new Date()) {
  const people = new Map<string, TImportPerson>();
  const ideas = new Map<string, TImportIdea>();
  const votes = new Map<string, TImportVote>();
  const comments = new Map<string, TImportComment>();
  const pendingVotes: { vote: TImportVote; at: TAt; column: string }[] = [];
  const pendingComments: { comment: TImportComment; at: TAt; column: string }[] = [];
  const problems: TImportProblem[] = [];
  let skipped = 0;
  const fallbackDate = now.toISOString();

  type TAt = { file: string; row: number };
  const problem = (at: TAt, column: string | null, message: string) => {
    problems.push({ file: at.file, row: at.row, column, message });
    return null;
  };

  const text = (at: TAt, column: string, value: unknown, max: number, required: boolean) => {
    const cell = value === null || value === undefined ? '' : String(value).trim();
    if (cell === '') return required ? problem(at, column, 'This field is required.') : '';
    const unstorable = unstorableText(cell);
    if (unstorable) return problem(at, column, unstorable);
    if (cell.length > max) return problem(at, column, `It has to be max ${max} characters.`);
    return cell;
  };

  const date = (at: TAt, column: string, value: unknown) => {
    if (value === null || value === undefined || String(value).trim() === '') return fallbackDate;
    return (
      isoDate(value) ??
      problem(at, column, 'It has to be a date (ISO 8601, e.g. 2024-05-01T10:00:00Z).')
    );
  };

  /** The person behind an email (null when none is given); their name defaults to the email's local part. */
  const person = (
    at: TAt,
    columns: { email: string; name: string },
    email: unknown,
    name: unknown,
    required: boolean,
  ) => {
    const address = text(at, columns.email, email, IMPORT_LIMITS.maxEmailLength, required);
    if (address === null) return undefined;
    if (address === '') return null;
    if (!EMAIL.test(address))
      return problem(at, columns.email, 'It has to be an email address.') ?? undefined;
    const key = address.toLowerCase();
    const given = text(at, columns.name, name, IMPORT_LIMITS.maxNameLength, false);
    if (given === null) return undefined;
    const known = people.get(key);
    if (!known) people.set(key, { email: key, name: given || key.split('@')[0]! });
    else if (!known.name && given) known.name = given;
    return key;
  };

  return {
    problem,
    skip() {
      skipped += 1;
    },
    idea(
      at: TAt,
      columns: {
        id: string;
        title: string;
        description: string;
        status: string;
        created: string;
        email: string;
        name: string;
      },
      row: {
        id: unknown;
        title: unknown;
        description: unknown;
        status: unknown;
        /** A source's own mapping (Fider's numbers); otherwise statusKindOf. */
        statusKind?: TImportStatus | null;
        created: unknown;
        email: unknown;
        name: unknown;
      },
    ) {
      const externalId = text(at, columns.id, row.id, IMPORT_LIMITS.maxExternalIdLength, true);
      const title = text(at, columns.title, row.title, IMPORT_LIMITS.maxTitleLength, true);
      const description = text(
        at,
        columns.description,
        row.description,
        IMPORT_LIMITS.maxDescriptionLength,
        false,
      );
      const sourceStatus =
        row.status === null || row.status === undefined ? '' : String(row.status).trim();
      const status = row.statusKind !== undefined ? row.statusKind : statusKindOf(sourceStatus);
      if (status === null)
        problem(
          at,
          columns.status,
          `The status “${sourceStatus}” is not one we know: use open, under review, planned, in progress, complete or declined.`,
        );
      const createdAt = date(at, columns.created, row.created);
      const authorEmail = person(at, columns, row.email, row.name, false);
      if (
        externalId === null ||
        title === null ||
        description === null ||
        status === null ||
        createdAt === null ||
        authorEmail === undefined
      )
        return;
      if (ideas.has(externalId)) {
        problem(at, columns.id, `Another row already has the id “${externalId}”.`);
        return;
      }
      ideas.set(externalId, {
        externalId,
        title,
        description: description || null,
        status,
        sourceStatus: sourceStatus || 'open',
        createdAt,
        authorEmail,
      });
    },
    vote(
      at: TAt,
      columns: { idea: string; email: string; name: string; created: string },
      row: { idea: unknown; email: unknown; name: unknown; created: unknown },
    ) {
      const ideaExternalId = text(
        at,
        columns.idea,
        row.idea,
        IMPORT_LIMITS.maxExternalIdLength,
        true,
      );
      const email = person(at, columns, row.email, row.name, true);
      const createdAt = date(at, columns.created, row.created);
      if (ideaExternalId === null || !email || createdAt === null) return;
      pendingVotes.push({ vote: { ideaExternalId, email, createdAt }, at, column: columns.idea });
    },
    comment(
      at: TAt,
      columns: {
        id: string;
        idea: string;
        email: string;
        name: string;
        created: string;
        text: string;
      },
      row: {
        id?: unknown;
        idea: unknown;
        email: unknown;
        name: unknown;
        created: unknown;
        text: unknown;
      },
    ) {
      const ideaExternalId = text(
        at,
        columns.idea,
        row.idea,
        IMPORT_LIMITS.maxExternalIdLength,
        true,
      );
      const body = text(at, columns.text, row.text, IMPORT_LIMITS.maxCommentLength, true);
      const email = person(at, columns, row.email, row.name, false);
      const createdAt = date(at, columns.created, row.created);
      const givenId = text(at, columns.id, row.id, IMPORT_LIMITS.maxExternalIdLength, false);
      if (
        ideaExternalId === null ||
        body === null ||
        email === undefined ||
        createdAt === null ||
        givenId === null
      )
        return;
      const externalId = givenId || derivedId(ideaExternalId, email ?? '', createdAt, body);
      pendingComments.push({
        comment: { externalId, ideaExternalId, email, text: body, createdAt },
        at,
        column: columns.idea,
      });
    },
    /** The model; votes and comments whose idea is not in it are problems of their rows. */
    finish(): TImportModel {
      const missingIdea = (at: TAt, column: string, id: string) =>
        problem(at, column, `No idea in the file has the id “${id}”.`);
      for (const { vote, at, column } of pendingVotes) {
        if (!ideas.has(vote.ideaExternalId)) {
          missingIdea(at, column, vote.ideaExternalId);
          continue;
        }
        const key = `${vote.ideaExternalId}\u0000${vote.email}`;
        const earlier = votes.get(key);
        // One vote a person: the earliest of repeated rows counts.
        if (!earlier || earlier.createdAt > vote.createdAt) votes.set(key, vote);
      }
      for (const { comment, at, column } of pendingComments) {
        if (!ideas.has(comment.ideaExternalId)) {
          missingIdea(at, column, comment.ideaExternalId);
          continue;
        }
        if (!comments.has(`${comment.ideaExternalId}\u0000${comment.externalId}`)) {
          comments.set(`${comment.ideaExternalId}\u0000${comment.externalId}`, comment);
        }
      }
      const used = new Set<string>();
      for (const idea of ideas.values()) if (idea.authorEmail) used.add(idea.authorEmail);
      for (const vote of votes.values()) used.add(vote.email);
      for (const comment of comments.values()) if (comment.email) used.add(comment.email);
      return {
        people: [...people.values()].filter((p) => used.has(p.email)),
        ideas: [...ideas.values()],
        votes: [...votes.values()],
        comments: [...comments.values()],
        problems,
        skipped,
      };
    },
  };
}

export type TModelBuilder = ReturnType<typeof createModelBuilder>;
