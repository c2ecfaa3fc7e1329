import { columnName, readCsvTable, requireColumns } from './csv-table.ts';
import { createModelBuilder } from './import-model.ts';
import type { TImportFile, TImportModel } from './import-model.ts';

/**
 * Our own CSV format (README "Importing a board"): one file, a header row, one row per idea,
 * vote or comment, told apart by the `type` column:
 *
 *   type,idea id,title,description,status,email,name,created at,text,comment id
 *   idea,42,Dark mode,Please add a dark theme,planned,ann@example.com,Ann,2024-01-05T10:00:00Z,,
 *   vote,42,,,,bob@example.com,Bob,2024-01-06,,
 *   comment,42,,,,carl@example.com,Carl,2024-01-07T11:00:00Z,Yes please,c-1
 *
 * `type` and `idea id` are required; an idea needs a title, a vote an email, a comment its text.
 * Status: open, under review, planned, in progress, complete or declined (our names and kinds
 * too); `created at` is ISO 8601 (absent: the time of import); `comment id` is optional (absent:
 * a hash of the comment's idea, author, date and text).
 */
export const GENERIC_CSV_COLUMNS = {
  type: ['type', 'kind', 'record'],
  idea: ['idea id', 'ideaid', 'idea'],
  title: ['title'],
  description: ['description', 'details'],
  status: ['status'],
  email: ['email', 'author email'],
  name: ['name', 'author name'],
  created: ['created at', 'createdat', 'created', 'date'],
  text: ['text', 'comment'],
  commentId: ['comment id', 'commentid'],
} as const;

export function parseGenericCsv(files: readonly TImportFile[], now?: Date): TImportModel {
  const builder = createModelBuilder(now);
  for (const file of files) {
    const table = readCsvTable(file, GENERIC_CSV_COLUMNS);
    requireColumns(table, ['type', 'idea'], 'type and idea id', GENERIC_CSV_COLUMNS);
    const col = (column: keyof typeof GENERIC_CSV_COLUMNS) => columnName(table, column);
    for (const { row, cell } of table.rows) {
      const at = { file: file.name, row };
      const type = cell('type').toLowerCase();
      const person = { email: col('email'), name: col('name') };
      if (type === 'idea') {
        builder.idea(
          at,
          {
            id: col('idea'),
            title: col('title'),
            description: col('description'),
            status: col('status'),
            created: col('created'),
            ...person,
          },
          {
            id: cell('idea'),
            title: cell('title'),
            description: cell('description'),
            status: cell('status'),
            created: cell('created'),
            email: cell('email'),
            name: cell('name'),
          },
        );
      } else if (type === 'vote') {
        builder.vote(
          at,
          { idea: col('idea'), created: col('created'), ...person },
          {
            idea: cell('idea'),
            email: cell('email'),
            name: cell('name'),
            created: cell('created'),
          },
        );
      } else if (type === 'comment') {
        builder.comment(
          at,
          {
            id: col('commentId'),
            idea: col('idea'),
            text: col('text'),
            created: col('created'),
            ...person,
          },
          {
            id: cell('commentId'),
            idea: cell('idea'),
            text: cell('text'),
            email: cell('email'),
            name: cell('name'),
            created: cell('created'),
          },
        );
      } else {
        builder.problem(at, col('type'), 'It has to be idea, vote or comment.');
      }
    }
  }
  return builder.finish();
}
