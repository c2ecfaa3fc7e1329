import { ImportFileError, createModelBuilder } from './import-model.ts';
import type { TImportFile, TImportModel, TImportStatus } from './import-model.ts';
import { isZip, unzipWithinLimits } from './unzip-within-limits.ts';

/**
 * Fider's export (Site Settings → Export → "Backup", `backup.zip`; getfider/fider
 * app/pkg/backup): a zip of one JSON file per table, each an array of the table's rows with
 * their column names (`SELECT *`). We read `posts.json` (id, title, description, status,
 * user_id, created_at), `post_votes.json` (post_id, user_id, created_at), `comments.json` (id,
 * post_id, user_id, content, created_at, deleted_at) and `users.json` (id, name, email). The
 * same files uploaded unzipped work too. Older Fider versions named the dates `created_on`.
 *
 * Fider's statuses are numbers (app/models/enum/post_status.go): 0 open, 1 started (in
 * progress), 2 completed, 3 declined, 4 planned, 5 duplicate (declined here), 6 deleted (not
 * imported, nor its votes and comments; deleted comments neither).
 */
const FIDER_STATUS: Record<number, { kind: TImportStatus; name: string } | null> = {
  0: { kind: 'OPEN', name: 'open' },
  1: { kind: 'IN_PROGRESS', name: 'started' },
  2: { kind: 'COMPLETE', name: 'completed' },
  3: { kind: 'DECLINED', name: 'declined' },
  4: { kind: 'PLANNED', name: 'planned' },
  5: { kind: 'DECLINED', name: 'duplicate' },
  6: null,
};

const TABLES = ['posts', 'post_votes', 'comments', 'users'] as const;
type TTable = (typeof TABLES)[number];
type TRow = Record<string, unknown>;

/** The export's tables by name, from a zip or from JSON files named after them. */
function readTables(files: readonly TImportFile[]): Map<TTable, { file: string; rows: TRow[] }> {
  const entries: { name: string; file: string; data: Uint8Array }[] = [];
  for (const file of files) {
    if (isZip(file.data)) {
      const unzipped = unzipWithinLimits(file, (name) =>
        TABLES.some((table) => name.endsWith(`${table}.json`)),
      );
      for (const { name, data } of unzipped)
        entries.push({ name, file: `${file.name}/${name}`, data });
    } else {
      entries.push({ name: file.name, file: file.name, data: file.data });
    }
  }
  const tables = new Map<TTable, { file: string; rows: TRow[] }>();
  for (const entry of entries) {
    const base = entry.name.split('/').pop()!.toLowerCase();
    const table = TABLES.find((name) => base === `${name}.json`);
    if (!table) {
      throw new ImportFileError({
        file: entry.file,
        row: 1,
        column: null,
        message: `This is not a file of Fider’s backup: upload backup.zip, or its ${TABLES.map((t) => `${t}.json`).join(', ')}.`,
      });
    }
    let rows: unknown;
    try {
      rows = JSON.parse(new TextDecoder().decode(entry.data).replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new ImportFileError({
        file: entry.file,
        row: 1,
        column: null,
        message: `The file is not valid JSON: ${(error as Error).message}`,
      });
    }
    if (!Array.isArray(rows)) {
      throw new ImportFileError({
        file: entry.file,
        row: 1,
        column: null,
        message: 'The file has to be a JSON array of rows.',
      });
    }
    tables.set(table, { file: entry.file, rows: rows as TRow[] });
  }
  if (!tables.has('posts')) {
    throw new ImportFileError({
      file: files[0]?.name ?? '',
      row: 1,
      column: null,
      message: 'Fider’s backup has to hold posts.json.',
    });
  }
  return tables;
}

const idOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const createdOf = (row: TRow) => row.created_at ?? row.created_on;

export function parseFider(files: readonly TImportFile[], now?: Date): TImportModel {
  const tables = readTables(files);
  const builder = createModelBuilder(now);
  const users = new Map<string, TRow>();
  for (const user of tables.get('users')?.rows ?? []) users.set(idOf(user?.id), user);
  const userField = (userId: unknown, key: 'email' | 'name') =>
    users.get(idOf(userId))?.[key] ?? '';
  const deletedPosts = new Set<string>();

  const posts = tables.get('posts')!;
  posts.rows.forEach((post, at) => {
    const status = typeof post?.status === 'number' ? FIDER_STATUS[post.status] : undefined;
    if (status === null) {
      deletedPosts.add(idOf(post.id));
      builder.skip();
      return;
    }
    builder.idea(
      { file: posts.file, row: at + 1 },
      {
        id: 'id',
        title: 'title',
        description: 'description',
        status: 'status',
        created: 'created_at',
        email: 'user_id',
        name: 'user_id',
      },
      {
        id: idOf(post?.id),
        title: post?.title,
        description: post?.description,
        status: status?.name ?? String(post?.status ?? ''),
        statusKind: status ? status.kind : null,
        created: createdOf(post ?? {}),
        email: userField(post?.user_id, 'email'),
        name: userField(post?.user_id, 'name'),
      },
    );
  });
  const votes = tables.get('post_votes');
  votes?.rows.forEach((vote, at) => {
    if (deletedPosts.has(idOf(vote?.post_id))) return builder.skip();
    builder.vote(
      { file: votes.file, row: at + 1 },
      { idea: 'post_id', email: 'user_id', name: 'user_id', created: 'created_at' },
      {
        idea: idOf(vote?.post_id),
        email: userField(vote?.user_id, 'email'),
        name: userField(vote?.user_id, 'name'),
        created: createdOf(vote ?? {}),
      },
    );
  });
  const comments = tables.get('comments');
  comments?.rows.forEach((comment, at) => {
    if (deletedPosts.has(idOf(comment?.post_id)) || (comment?.deleted_at ?? null) !== null)
      return builder.skip();
    builder.comment(
      { file: comments.file, row: at + 1 },
      {
        id: 'id',
        idea: 'post_id',
        text: 'content',
        email: 'user_id',
        name: 'user_id',
        created: 'created_at',
      },
      {
        id: idOf(comment?.id),
        idea: idOf(comment?.post_id),
        text: comment?.content,
        email: userField(comment?.user_id, 'email'),
        name: userField(comment?.user_id, 'name'),
        created: createdOf(comment ?? {}),
      },
    );
  });
  return builder.finish();
}
