import { parseCsvTables } from './parse-csv-tables.ts';
import type { TCsvDialect } from './parse-csv-tables.ts';
import type { TImportFile, TImportModel } from './import-model.ts';

/**
 * UserVoice's CSV exports (Admin Console → Settings → Data export): suggestions, supporters
 * (votes) and comments, each its own file. UserVoice does not publish the columns and no
 * machine here reaches it, so these header names are our assumption (README "Importing a
 * board"), matched loosely (any case, `_` or space): the suggestion's `ID`, `Title`,
 * `Description`, `Status` (the site's own names; the usual Under review, Planned, Started,
 * Completed and Declined map to ours), `Created at`, `Creator email`/`Creator name`; a
 * supporter's `Suggestion ID`, `Email`, `Name`, `Created at`; a comment's `ID`, `Suggestion ID`,
 * `Text`, `Email`, `Name`, `Created at`.
 */
export const USERVOICE_DIALECT: TCsvDialect = {
  source: 'UserVoice',
  posts: {
    id: ['id', 'suggestion id'],
    title: ['title', 'suggestion title', 'suggestion'],
    description: ['description', 'text', 'body'],
    status: ['status', 'status name'],
    created: ['created at', 'created', 'created date'],
    email: ['creator email', 'user email', 'email', 'author email'],
    name: ['creator name', 'user name', 'name', 'author name'],
  },
  votes: {
    idea: ['suggestion id', 'suggestion'],
    email: ['supporter email', 'user email', 'email'],
    name: ['supporter name', 'user name', 'name'],
    created: ['created at', 'created', 'supported at'],
  },
  comments: {
    id: ['comment id', 'id'],
    idea: ['suggestion id', 'suggestion'],
    text: ['comment text', 'comment', 'text', 'body'],
    email: ['commenter email', 'user email', 'email'],
    name: ['commenter name', 'user name', 'name'],
    created: ['created at', 'created'],
  },
};

export function parseUserVoice(files: readonly TImportFile[], now?: Date): TImportModel {
  return parseCsvTables(files, USERVOICE_DIALECT, now);
}
