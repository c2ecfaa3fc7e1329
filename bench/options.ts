/** How big and how long: the full run (`npm run bench`) or a quick one (`BENCH_QUICK=1`). */
export type TBenchOptions = {
  quick: boolean;
  /** The PostgreSQL server the product, the baseline and pgbench use. */
  serverUrl: string;
  sizes: TDatasetSizes;
  /** Seconds of load per throughput scenario (after a short warm-up). */
  durationSeconds: number;
  warmupSeconds: number;
  /** Concurrent connections of the vote and read scenarios. */
  connections: number;
  /**
   * Connections of the light-load vote runs, which show each server's own latency without the
   * queue that 64 connections on two cores build (`latency` in BENCH_ONLY).
   */
  lightConnections: number;
  lightDurationSeconds: number;
  /** Live subscriber counts, one fan-out run each. */
  subscriberCounts: number[];
  /** Votes per fan-out run. */
  fanoutVotes: number;
  /** The console's GraphQL subscription: subscriber counts and votes per run. */
  graphqlSubscriberCounts: number[];
  graphqlFanoutVotes: number;
  /** Cold starts measured (each a fresh process). */
  coldStarts: number;
  /** Page loads of the public board page whose Largest Contentful Paint is measured. */
  lcpRuns: number;
  /**
   * BENCH_ONLY: the parts to run (comma-separated: cold-start, vote, read, vote-rest,
   * read-graphql, latency, pgbench, fanout, lcp, embedded, portal, portal-board, portal-idea,
   * idea-lcp, import); every part but `import` when unset (`import` runs alone, bench/import.ts). For profiling
   * one scenario. `embedded` alone needs no PostgreSQL (bench/embedded.ts).
   */
  only: string[] | null;
};

/** True when BENCH_ONLY asks for `part` (or for the group it starts with, like `vote`). */
export function wants(options: TBenchOptions, part: string): boolean {
  return !options.only || options.only.some((name) => part === name || part.startsWith(`${name}-`));
}

export type TDatasetSizes = {
  ideas: number;
  users: number;
  votes: number;
  comments: number;
};

export const FULL_SIZES: TDatasetSizes = {
  ideas: 10_000,
  users: 2_000,
  votes: 100_000,
  comments: 20_000,
};

export function benchOptions(env: NodeJS.ProcessEnv = process.env): TBenchOptions {
  const quick = env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true';
  return {
    quick,
    serverUrl: env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
    sizes: quick ? { ideas: 1_000, users: 200, votes: 10_000, comments: 2_000 } : FULL_SIZES,
    durationSeconds: quick ? 4 : 15,
    warmupSeconds: quick ? 1 : 3,
    connections: 64,
    lightConnections: 4,
    lightDurationSeconds: quick ? 2 : 6,
    subscriberCounts: quick ? [200, 1_000] : [1_000, 5_000],
    fanoutVotes: quick ? 50 : 200,
    graphqlSubscriberCounts: quick ? [200] : [1_000, 5_000],
    graphqlFanoutVotes: quick ? 50 : 200,
    coldStarts: quick ? 1 : 3,
    lcpRuns: quick ? 2 : 5,
    only: env.BENCH_ONLY ? env.BENCH_ONLY.split(',').map((name) => name.trim()) : null,
  };
}
