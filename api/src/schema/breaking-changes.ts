import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

/** One breaking change of the schema: where (`Type.field`) and what graphql-inspector says. */
export type TBreakingChange = { path: string; message: string };

/** The changes from `before` to `after` (schema texts) that break existing clients. */
export async function breakingChanges(before: string, after: string): Promise<TBreakingChange[]> {
  const changes = await diff(buildSchema(before), buildSchema(after));
  return changes
    .filter((change) => change.criticality.level === CriticalityLevel.Breaking)
    .map((change) => ({ path: change.path ?? change.message, message: change.message }));
}

/** The text of CHANGELOG.md's "## Unreleased" section (up to the next "## "). */
export function unreleasedSection(changelog: string): string {
  const start = changelog.search(/^## Unreleased\b/m);
  if (start < 0) return '';
  const rest = changelog.slice(start + 1);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The breaking changes whose path the changelog's Unreleased section does not name (in backticks). */
export function unannounced(changes: TBreakingChange[], changelog: string): TBreakingChange[] {
  const section = unreleasedSection(changelog);
  return changes.filter((change) => !section.includes(`\`${change.path}\``));
}
