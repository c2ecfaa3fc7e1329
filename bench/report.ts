import type { TFanoutResult } from './fanout.ts';
import type { TBundleWeights } from './frontend.ts';
import type { TLoadResult } from './load-worker.ts';
import type { TPgbenchResult } from './pgbench.ts';
import type { TMemory } from './processes.ts';

export type TTarget = { name: string; limit: string; measured: string; isMet: boolean };

export type TBenchResults = {
  startedAt: string;
  quick: boolean;
  connections: number;
  machine: {
    cpus: string;
    cores: number;
    memoryGb: number;
    loadBefore: number[];
    loadAfter: number[];
    node: string;
    postgres: string;
    note: string;
  };
  dataset: { sizes: Record<string, number>; generateMs: number };
  coldStartMs: number[];
  idleMemory: TMemory;
  load: TLoadResult[];
  pgbench: TPgbenchResult[];
  fanout: TFanoutResult[];
  bundles: TBundleWeights;
  lcpMs: number[] | null;
  targets: TTarget[];
  totalSeconds: number;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The results as the Markdown of bench/results/latest.md (also printed). */
export function toMarkdown(r: TBenchResults): string {
  const lines: string[] = [];
  const baselineOf = (l: TLoadResult) =>
    r.load.find(
      (b) =>
        b.scenario === `${l.scenario.split('-')[0]}-baseline` && b.connections === l.connections,
    );
  lines.push(
    `# Feedboard benchmark — ${r.startedAt}${r.quick ? ' (BENCH_QUICK: not comparable)' : ''}`,
  );
  lines.push('');
  lines.push(
    `Machine: ${r.machine.cores} × ${r.machine.cpus}, ${r.machine.memoryGb} GB; Node ${r.machine.node}; ${r.machine.postgres}. Load average before ${r.machine.loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${r.machine.loadAfter.map((l) => l.toFixed(2)).join(' ')}. ${r.machine.note}`,
  );
  lines.push('');
  const s = r.dataset.sizes;
  lines.push(
    `Data: 1 company (ULTRA plan), 1 public board, ${s.ideas} ideas, ${s.users} users, ${s.votes} votes, ${s.comments} comments; generated in ${(r.dataset.generateMs / 1000).toFixed(1)} s.`,
  );
  lines.push('');
  lines.push('## Throughput (loopback, autocannon in its own process)');
  lines.push('');
  lines.push(
    '| scenario | connections | req/s | p50 ms | p99 ms | max ms | failures | × baseline req/s | server CPU ms / req |',
  );
  lines.push('| --- | --: | --: | --: | --: | --: | --: | --: | --: |');
  for (const l of r.load) {
    const base = baselineOf(l);
    const ratio = base && base !== l ? (l.rps / base.rps).toFixed(2) : '—';
    lines.push(
      `| ${l.scenario} | ${l.connections} | ${l.rps.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.max} | ${l.failures + l.errors} | ${ratio} | ${l.cpuMsPerRequest?.toFixed(2) ?? '?'} |`,
    );
  }
  lines.push('');
  lines.push(
    'pgbench, the same SQL as the baseline server, one vote or page read per transaction:',
  );
  lines.push('');
  lines.push('| script | clients | transactions/s | p50 ms | p99 ms |');
  lines.push('| --- | --: | --: | --: | --: |');
  for (const p of r.pgbench) {
    lines.push(
      `| ${p.script} | ${p.clients} | ${p.tps.toFixed(0)} | ${ms(p.p50)} | ${ms(p.p99)} |`,
    );
  }
  lines.push('');
  lines.push('## Live fan-out (a vote answered → the event at each subscriber)');
  lines.push('');
  lines.push(
    '| stream | subscribers | votes | p50 ms | p99 ms | max ms | missing | connect s | RSS / subscriber | heap / subscriber |',
  );
  lines.push('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
  for (const f of r.fanout) {
    const stream =
      f.transport === 'rest'
        ? 'REST /boards/{id}/events (widget)'
        : 'GraphQL ideaChanged (console)';
    lines.push(
      `| ${stream} | ${f.subscribers} | ${f.votes} | ${ms(f.p50)} | ${ms(f.p99)} | ${ms(f.max)} | ${f.missing} | ${(f.connectMs / 1000).toFixed(1)} | ${f.rssPerSubscriberKb.toFixed(1)} KB | ${f.heapPerSubscriberKb.toFixed(1)} KB |`,
    );
  }
  lines.push('');
  lines.push('## Start and memory');
  lines.push('');
  lines.push(
    `Cold start to the first healthy /healthz: ${r.coldStartMs.map((v) => v.toFixed(0)).join(', ')} ms (median ${median(r.coldStartMs).toFixed(0)} ms). Idle memory after start: RSS ${mb(r.idleMemory.rss)}, heap used ${mb(r.idleMemory.heapUsed)}.`,
  );
  lines.push('');
  lines.push('## Front-end weight');
  lines.push('');
  lines.push(`- widget.js: ${kb(r.bundles.widgetGzipBytes)} gzipped`);
  lines.push(
    `- console initial JS (${r.bundles.consoleInitialFiles.join(', ')}): ${kb(r.bundles.consoleInitialGzipBytes)} gzipped`,
  );
  lines.push(
    `- public board page LCP: ${r.lcpMs ? `${r.lcpMs.map((v) => v.toFixed(0)).join(', ')} ms (median ${median(r.lcpMs).toFixed(0)} ms)` : 'not measured (no Chromium)'}`,
  );
  lines.push('');
  lines.push('## Targets');
  lines.push('');
  lines.push('| target | limit | measured | |');
  lines.push('| --- | --- | --- | --- |');
  for (const t of r.targets) {
    lines.push(`| ${t.name} | ${t.limit} | ${t.measured} | ${t.isMet ? 'pass' : '**miss**'} |`);
  }
  lines.push('');
  lines.push(`Whole run: ${r.totalSeconds.toFixed(0)} s.`);
  return lines.join('\n') + '\n';
}

/** The issue's targets, checked against the results. */
export function checkTargets(r: Omit<TBenchResults, 'targets' | 'totalSeconds'>): TTarget[] {
  const targets: TTarget[] = [];
  const load = (scenario: string, connections = r.connections) =>
    r.load.find((l) => l.scenario === scenario && l.connections === connections);
  const light = (scenario: string) =>
    r.load.find((l) => l.scenario === scenario && l.connections < r.connections);
  for (const scenario of ['vote-rest', 'vote-graphql', 'read-rest', 'read-graphql']) {
    const l = load(scenario);
    const base = load(`${scenario.split('-')[0]}-baseline`);
    if (!l || !base) continue;
    const ratio = l.rps / base.rps;
    targets.push({
      name: `${scenario} throughput`,
      limit: '≥ 0.5 × baseline',
      measured: `${ratio.toFixed(2)} × (${l.rps.toFixed(0)} vs ${base.rps.toFixed(0)} req/s)`,
      isMet: ratio >= 0.5 && l.failures + l.errors === 0,
    });
  }
  for (const scenario of ['vote-rest', 'vote-graphql']) {
    const l = load(scenario);
    if (!l) continue;
    const base = load('vote-baseline');
    // Little's law: with every connection always waiting, the mean answer time is the number of
    // connections over the throughput. Below 25 ms at 64 connections takes 2,560 req/s.
    const floor = base
      ? `; the baseline's own p99 ${base.p99} ms, and ${r.connections} connections at its ${base.rps.toFixed(0)} req/s wait ${((1000 * r.connections) / base.rps).toFixed(0)} ms on average`
      : '';
    const calm = light(scenario);
    const calmText = calm
      ? `; at ${calm.connections} connections p99 ${calm.p99} ms (baseline ${light('vote-baseline')?.p99 ?? '?'} ms)`
      : '';
    targets.push({
      name: `${scenario} p99 at ${r.connections} connections`,
      limit: '≤ 25 ms',
      measured: `${l.p99} ms${floor}${calmText}`,
      isMet: l.p99 <= 25,
    });
  }
  const most = Math.max(...r.fanout.map((f) => f.subscribers));
  for (const f of r.fanout.filter((f) => f.subscribers === most)) {
    targets.push({
      name: `fan-out p99, ${f.transport === 'rest' ? 'widget REST stream' : 'console GraphQL'}, ${f.subscribers} subscribers`,
      limit: '≤ 250 ms',
      measured: `${ms(f.p99)} ms${f.missing ? `, ${f.missing} events missing` : ''}`,
      isMet: f.p99 <= 250 && f.missing === 0,
    });
  }
  targets.push({
    name: 'widget JS gzipped',
    limit: '≤ 40 KB',
    measured: kb(r.bundles.widgetGzipBytes),
    isMet: r.bundles.widgetGzipBytes <= 40 * 1024,
  });
  targets.push({
    name: 'console initial JS gzipped',
    limit: '≤ 250 KB',
    measured: kb(r.bundles.consoleInitialGzipBytes),
    isMet: r.bundles.consoleInitialGzipBytes <= 250 * 1024,
  });
  if (r.lcpMs) {
    targets.push({
      name: 'public board page LCP (median)',
      limit: '≤ 1000 ms',
      measured: `${median(r.lcpMs).toFixed(0)} ms`,
      isMet: median(r.lcpMs) <= 1000,
    });
  }
  return targets;
}
