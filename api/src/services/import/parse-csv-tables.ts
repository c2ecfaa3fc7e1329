import { columnName, headerKey, readCsvTable } from './csv-table.ts';
import { ImportFileError, createModelBuilder } from './import-model.ts';
import type { TImportFile, TImportModel, TModelBuilder } from './import-model.ts';

/** The header spellings a source uses for each column of its posts, votes and comments files. */
export type TCsvDialect = {
  source: string;
  posts: Record<
    'id' | 'title' | 'description' | 'status' | 'created' | 'email' | 'name',
    readonly string[]
  >;
  votes: Record<'idea' | 'email' | 'name' | 'created', readonly string[]>;
  comments: Record<'id' | 'idea' | 'text' | 'email' | 'name' | 'created', readonly string[]>;
};

function has(headers: string[], names: readonly string[]): boolean {
  return headers.some((header) => names.includes(header));
}

/**
 * Reads a source's CSV exports, one file per kind in any order: a file naming a title column
 * holds posts, one naming a comment text column holds comments, one naming a voter email and a
 * post id holds votes. Posts are read first, so votes and comments find their ideas.
 */
export function parseCsvTables(
  files: readonly TImportFile[],
  dialect: TCsvDialect,
  now?: Date,
): TImportModel {
  const builder = createModelBuilder(now);
  const kinds = files.map((file) => ({ file, kind: kindOf(file, dialect) }));
  for (const { file } of kinds.filter((k) => k.kind === 'posts')) readPosts(builder, file, dialect);
  for (const { file } of kinds.filter((k) => k.kind === 'votes')) readVotes(builder, file, dialect);
  for (const { file } of kinds.filter((k) => k.kind === 'comments'))
    readComments(builder, file, dialect);
  if (!kinds.some((k) => k.kind === 'posts')) {
    throw new ImportFileError({
      file: files[0]?.name ?? '',
      row: 1,
      column: null,
      message: `No file holds the ${dialect.source} posts: their header row names ${dialect.posts.title[0]} and ${dialect.posts.id[0]}.`,
    });
  }
  return builder.finish();
}

function kindOf(file: TImportFile, dialect: TCsvDialect): 'posts' | 'votes' | 'comments' {
  const firstLine =
    new TextDecoder()
      .decode(file.data.subarray(0, 4096))
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0] ?? '';
  const headers = firstLine.split(',').map((cell) => headerKey(cell.replace(/^"|"$/g, '')));
  if (has(headers, dialect.posts.title)) return 'posts';
  if (has(headers, dialect.comments.text)) return 'comments';
  if (has(headers, dialect.votes.email) && has(headers, dialect.votes.idea)) return 'votes';
  throw new ImportFileError({
    file: file.name,
    row: 1,
    column: null,
    message: `This is not a ${dialect.source} export we know: its header row names no ${dialect.posts.title[0]} (posts), ${dialect.comments.text[0]} (comments) or ${dialect.votes.email[0]} with ${dialect.votes.idea[0]} (votes).`,
  });
}

function missing(
  table: { file: string; headers: Map<string, string> },
  columns: Record<string, readonly string[]>,
  required: string[],
) {
  const absent = required.filter((column) => !table.headers.has(column));
  if (absent.length) {
    throw new ImportFileError({
      file: table.file,
      row: 1,
      column: null,
      message: `The header row has to name the columns ${required.map((c) => columns[c]![0]).join(', ')}; missing: ${absent.map((c) => columns[c]![0]).join(', ')}.`,
    });
  }
}

function readPosts(builder: TModelBuilder, file: TImportFile, dialect: TCsvDialect) {
  const table = readCsvTable(file, dialect.posts);
  missing(table, dialect.posts, ['id', 'title']);
  const col = (c: keyof TCsvDialect['posts']) => columnName(table, c);
  const columns = {
    id: col('id'),
    title: col('title'),
    description: col('description'),
    status: col('status'),
    created: col('created'),
    email: col('email'),
    name: col('name'),
  };
  for (const { row, cell } of table.rows) {
    builder.idea({ file: file.name, row }, columns, {
      id: cell('id'),
      title: cell('title'),
      description: cell('description'),
      status: cell('status'),
      created: cell('created'),
      email: cell('email'),
      name: cell('name'),
    });
  }
}

function readVotes(builder: TModelBuilder, file: TImportFile, dialect: TCsvDialect) {
  const table = readCsvTable(file, dialect.votes);
  missing(table, dialect.votes, ['idea', 'email']);
  const col = (c: keyof TCsvDialect['votes']) => columnName(table, c);
  const columns = {
    idea: col('idea'),
    email: col('email'),
    name: col('name'),
    created: col('created'),
  };
  for (const { row, cell } of table.rows) {
    builder.vote({ file: file.name, row }, columns, {
      idea: cell('idea'),
      email: cell('email'),
      name: cell('name'),
      created: cell('created'),
    });
  }
}

function readComments(builder: TModelBuilder, file: TImportFile, dialect: TCsvDialect) {
  const table = readCsvTable(file, dialect.comments);
  missing(table, dialect.comments, ['idea', 'text']);
  const col = (c: keyof TCsvDialect['comments']) => columnName(table, c);
  const columns = {
    id: col('id'),
    idea: col('idea'),
    text: col('text'),
    email: col('email'),
    name: col('name'),
    created: col('created'),
  };
  for (const { row, cell } of table.rows) {
    builder.comment({ file: file.name, row }, columns, {
      id: cell('id'),
      idea: cell('idea'),
      text: cell('text'),
      email: cell('email'),
      name: cell('name'),
      created: cell('created'),
    });
  }
}
