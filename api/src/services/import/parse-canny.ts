import { parseCsvTables } from './parse-csv-tables.ts';
import type { TCsvDialect } from './parse-csv-tables.ts';
import { ImportFileError, createModelBuilder } from './import-model.ts';
import type { TImportFile, TImportModel, TModelBuilder } from './import-model.ts';

/**
 * Canny's CSV exports (Settings → Data → Export): posts, voters and comments as separate files.
 * Canny does not publish the columns and no machine here reaches it, so these header names are
 * our assumption (README "Importing a board"), matched loosely: a post's `ID`, `Title`,
 * `Details`, `Status`, `Created`, `Author Email`, `Author Name`; a vote's `Post ID`, `Voter
 * Email`, `Voter Name`, `Created`; a comment's `ID`, `Post ID`, `Value`, `Author Email`,
 * `Author Name`, `Created`.
 */
export const CANNY_DIALECT: TCsvDialect = {
  source: 'Canny',
  posts: {
    id: ['id', 'post id'],
    title: ['title', 'post title'],
    description: ['details', 'description'],
    status: ['status'],
    created: ['created', 'created at', 'date'],
    email: ['author email', 'email'],
    name: ['author name', 'author', 'name'],
  },
  votes: {
    idea: ['post id', 'post'],
    email: ['voter email', 'email', 'user email'],
    name: ['voter name', 'name', 'user name'],
    created: ['created', 'created at', 'date'],
  },
  comments: {
    id: ['id', 'comment id'],
    idea: ['post id', 'post'],
    text: ['value', 'comment', 'text'],
    email: ['author email', 'email'],
    name: ['author name', 'author', 'name'],
    created: ['created', 'created at', 'date'],
  },
};

type TJson = Record<string, unknown>;
const isObject = (value: unknown): value is TJson =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined);

/**
 * Canny's JSON, as its REST API answers (developers.canny.io: `posts/list`, `votes/list`,
 * `comments/list`): an object with `posts`, `votes` and/or `comments` arrays, or a file per
 * list (an array, or the API's `{posts: [...], hasMore}` page). A post is `{id, title, details,
 * status, created, author: {email, name}}`; a vote `{post: {id}, voter: {email, name},
 * created}`; a comment `{id, post: {id}, author: {email, name}, value, created, internal}`.
 * Internal comments (`internal: true`, the team's private notes) are not imported.
 */
function readCannyJson(builder: TModelBuilder, files: readonly TImportFile[]) {
  const posts: { file: string; row: number; item: unknown }[] = [];
  const votes: typeof posts = [];
  const comments: typeof posts = [];
  for (const file of files) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(file.data).replace(/^\uFEFF/, ''));
    } catch (error) {
      throw new ImportFileError({
        file: file.name,
        row: 1,
        column: null,
        message: `The file is not valid JSON: ${(error as Error).message}`,
      });
    }
    const lists: [unknown, typeof posts][] = Array.isArray(parsed)
      ? [[parsed, guessList(parsed, posts, votes, comments)]]
      : [
          [field(parsed, 'posts'), posts],
          [field(parsed, 'votes'), votes],
          [field(parsed, 'comments'), comments],
        ];
    if (!lists.some(([list]) => Array.isArray(list))) {
      throw new ImportFileError({
        file: file.name,
        row: 1,
        column: null,
        message: 'This is not a Canny export we know: it has no posts, votes or comments list.',
      });
    }
    for (const [list, into] of lists) {
      if (Array.isArray(list))
        list.forEach((item, at) => into.push({ file: file.name, row: at + 1, item }));
    }
  }
  for (const { file, row, item } of posts) {
    const author = field(item, 'author');
    builder.idea(
      { file, row },
      {
        id: 'id',
        title: 'title',
        description: 'details',
        status: 'status',
        created: 'created',
        email: 'author.email',
        name: 'author.name',
      },
      {
        id: field(item, 'id'),
        title: field(item, 'title'),
        description: field(item, 'details'),
        status: field(item, 'status'),
        created: field(item, 'created'),
        email: field(author, 'email'),
        name: field(author, 'name'),
      },
    );
  }
  for (const { file, row, item } of votes) {
    const voter = field(item, 'voter');
    builder.vote(
      { file, row },
      { idea: 'post.id', email: 'voter.email', name: 'voter.name', created: 'created' },
      {
        idea: field(field(item, 'post'), 'id'),
        email: field(voter, 'email'),
        name: field(voter, 'name'),
        created: field(item, 'created'),
      },
    );
  }
  for (const { file, row, item } of comments) {
    if (field(item, 'internal') === true || field(item, 'private') === true) {
      builder.skip();
      continue;
    }
    const author = field(item, 'author');
    builder.comment(
      { file, row },
      {
        id: 'id',
        idea: 'post.id',
        text: 'value',
        email: 'author.email',
        name: 'author.name',
        created: 'created',
      },
      {
        id: field(item, 'id'),
        idea: field(field(item, 'post'), 'id'),
        text: field(item, 'value'),
        email: field(author, 'email'),
        name: field(author, 'name'),
        created: field(item, 'created'),
      },
    );
  }
}

/** A bare array is posts, votes or comments by the shape of its first item. */
function guessList<T>(list: unknown[], posts: T, votes: T, comments: T): T {
  const first = list[0];
  if (field(first, 'voter') !== undefined) return votes;
  if (field(first, 'value') !== undefined) return comments;
  return posts;
}

/** Canny's exports: JSON files (the API's lists) or CSV files, told apart by their first byte. */
export function parseCanny(files: readonly TImportFile[], now?: Date): TImportModel {
  const isJson = (file: TImportFile) =>
    /^\s*[[{]/.test(new TextDecoder().decode(file.data.subarray(0, 64)).replace(/^\uFEFF/, ''));
  if (files.every(isJson)) {
    const builder = createModelBuilder(now);
    readCannyJson(builder, files);
    return builder.finish();
  }
  if (files.some(isJson)) {
    throw new ImportFileError({
      file: files.find(isJson)!.name,
      row: 1,
      column: null,
      message: 'Upload Canny’s JSON files or its CSV files, not both at once.',
    });
  }
  return parseCsvTables(files, CANNY_DIALECT, now);
}
