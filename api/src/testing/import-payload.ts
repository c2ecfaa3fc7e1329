import type { TImportPayload } from '../services/import/import-job-view.ts';

/**
 * A board export as the import worker takes it (the normalized model): `people` end users,
 * `ideas` open ideas authored in turn by them, and `votesEach` votes per person spread over the
 * ideas (no pair twice while votesEach ≤ ideas), a minute apart from 2024-01-01. For the import
 * tests and bench/import-probe.ts.
 */
export function syntheticImport(sizes: {
  people: number;
  ideas: number;
  votesEach: number;
}): TImportPayload {
  const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString();
  const people = Array.from({ length: sizes.people }, (_, n) => ({
    email: `imported-${n}@example.com`,
    name: `Imported ${n}`,
  }));
  const ideas = Array.from({ length: sizes.ideas }, (_, n) => ({
    externalId: `i${n}`,
    title: `Imported idea ${n}`,
    description: null,
    status: 'OPEN' as const,
    sourceStatus: 'open',
    createdAt: day(n),
    authorEmail: people[n % people.length]!.email,
  }));
  const votes = people.flatMap((person, p) =>
    Array.from({ length: sizes.votesEach }, (_, k) => ({
      ideaExternalId: `i${(p * 7 + k) % ideas.length}`,
      email: person.email,
      createdAt: day(p + k),
    })),
  );
  return { source: 'CSV', customStatusIds: {}, people, ideas, votes, comments: [] };
}
