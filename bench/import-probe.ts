/**
 * `npx tsx bench/import-probe.ts`: how an import stalls the embedded server. A 20,000-row import
 * (2,000 ideas, 1,000 people, 17,000 votes) is queued on a PGlite test server while /healthz
 * (which reads the database) and another company's board page are asked every 50 ms; prints
 * the import's time and each probe's worst and median latency, and any failed probe.
 */
import { syntheticImport } from '../api/src/testing/import-payload.ts';
import { restCompany } from '../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';

const server = await startTestServer({ statementTimeoutMs: 60_000 });
try {
  const target = await restCompany(server);
  const other = await restCompany(server);
  const payload = syntheticImport({ people: 1_000, ideas: 2_000, votesEach: 17 });
  const { ideas, votes } = payload;
  const timings: Record<string, number[]> = { healthz: [], read: [] };
  let failed = 0;
  const probe = async (name: string, url: string, headers: Record<string, string> = {}) => {
    const started = performance.now();
    const answer = await fetch(url, { headers });
    await answer.arrayBuffer();
    if (answer.status !== 200) failed += 1;
    timings[name]!.push(performance.now() - started);
  };
  const job = await server.deps.prisma.importJob.create({
    data: {
      companyId: target.owner.companyId,
      boardId: target.boardId,
      source: 'CSV',
      fileNames: 'probe.csv',
      status: 'QUEUED',
      payload: payload as never,
      preview: {},
      total: ideas.length + votes.length,
    },
  });
  const started = performance.now();
  server.deps.imports.wake();
  let isDone = false;
  const loops = ['healthz', 'read'].map(async (name) => {
    while (!isDone) {
      await (name === 'healthz'
        ? probe(name, `${server.url}/healthz`)
        : probe(name, `${server.url}/api/v1/ideas/?limit=20`, {
            authorization: `Bearer ${other.owner.token}`,
            'x-board-id': String(other.boardId),
          }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  for (;;) {
    const row = await server.deps.prisma.importJob.findUniqueOrThrow({ where: { id: job.id } });
    if (row.status === 'SUCCEEDED' || row.status === 'FAILED') {
      isDone = true;
      console.log(`import ${row.status} in ${Math.round(performance.now() - started)} ms`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await Promise.all(loops);
  for (const [name, list] of Object.entries(timings)) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `${name}: ${list.length} probes, median ${Math.round(sorted[sorted.length >> 1] ?? 0)} ms, worst ${Math.round(sorted.at(-1) ?? 0)} ms`,
    );
  }
  console.log(
    `failed probes: ${failed}; load ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await server.close();
}
