/**
 * `npx tsx bench/import-preview-probe.ts [ideas] [votes] [people]`: how a large import's preview and its
 * write stall the embedded server (issue 33.2, outside attack 7). Our CSV of `ideas` ideas with
 * long descriptions and `votes` votes by `people` people (default 40,000, 10,814 and a third of the votes: 50,814 rows, 23 MB) is
 * previewed as a multipart upload (GraphQL previewImport, as the console sends it) and then
 * started, while /healthz is asked every 50 ms; prints each phase's time and /healthz's worst
 * and median latency during it, the longest the server's event loop was held (the server runs
 * in this process), and any failed probe. TEST_DATABASE_URL: on PostgreSQL instead.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { globalId } from '../api/src/schema/ids.ts';
import { restCompany } from '../api/src/testing/rest-fixtures.ts';
import { startTestServer } from '../api/src/testing/test-server.ts';

const ideas = Number(process.argv[2] ?? 40_000);
const votes = Number(process.argv[3] ?? 10_814);
const people = Number(process.argv[4] ?? Math.max(1, Math.ceil(votes / 3)));

/** Our CSV: ideas with 480-character descriptions (a 30 MB file at 50,000 rows), then votes. */
function bigCsv(): Buffer {
  const lines = ['type,idea id,title,description,status,email,name,created at,text,comment id'];
  const filler = 'lorem ipsum dolor sit amet '.repeat(18).slice(0, 470);
  const day = (n: number) => new Date(Date.UTC(2022, 0, 1) + n * 60_000).toISOString();
  for (let i = 0; i < ideas; i++) {
    lines.push(
      `idea,i${i},Imported idea number ${i},${filler} ${i},open,p${i % people}@example.com,Person ${i % people},${day(i)},,`,
    );
  }
  for (let v = 0; v < votes; v++) {
    const p = v % people;
    lines.push(
      `vote,i${(p * 7 + Math.floor(v / people)) % ideas},,,,p${p}@example.com,Person ${p},${day(v)},,`,
    );
  }
  return Buffer.from(lines.join('\n') + '\n');
}

const server = await startTestServer({ statementTimeoutMs: 120_000 });
try {
  const target = await restCompany(server);
  const file = bigCsv();
  console.log(
    `file: ${(file.length / 1024 / 1024).toFixed(1)} MB, ${ideas + votes} rows (${ideas} ideas, ${votes} votes, ${people} people)`,
  );
  let phase = 'idle';
  const timings = new Map<string, number[]>();
  let failed = 0;
  let isDone = false;
  const healthz = (async () => {
    while (!isDone) {
      const started = performance.now();
      try {
        const answer = await fetch(`${server.url}/healthz`);
        await answer.arrayBuffer();
        if (answer.status !== 200) failed += 1;
      } catch {
        failed += 1;
      }
      const list = timings.get(phase) ?? [];
      list.push(performance.now() - started);
      timings.set(phase, list);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  // The server runs in this process: the event loop's longest delay is the longest time it
  // could answer nothing (a probe between two /healthz may miss a stall; this does not).
  let delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const report = (name: string, ms: number) => {
    const sorted = [...(timings.get(name) ?? [])].sort((a, b) => a - b);
    delay.disable();
    console.log(
      `${name}: ${Math.round(ms)} ms; /healthz ${sorted.length} probes, median ${Math.round(sorted[sorted.length >> 1] ?? 0)} ms, worst ${Math.round(sorted.at(-1) ?? 0)} ms; event loop held at most ${Math.round(delay.max / 1e6)} ms`,
    );
    delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
  };

  phase = 'preview';
  let started = performance.now();
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query: `mutation ($boardId: ID!, $uploads: [File!]) {
        result: previewImport(boardId: $boardId, source: CSV, uploads: $uploads) {
          __typename ... on MutationPreviewImportSuccess { data { id total } }
          ... on AppError { code message } } }`,
      variables: { boardId: globalId('Board', target.boardId), uploads: [null] },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.uploads.0'] }));
  form.set('0', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'big.csv');
  const answer = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.owner.token}` },
    body: form,
  });
  const body = (await answer.json()) as {
    data?: { result?: { data?: { id: string; total: number } } };
  };
  report('preview', performance.now() - started);
  const job = body.data?.result?.data;
  if (!job) {
    console.log(`preview answered ${answer.status}: ${JSON.stringify(body).slice(0, 400)}`);
  } else {
    phase = 'import';
    started = performance.now();
    const jobId = Number(Buffer.from(job.id, 'base64').toString().split(':').at(-1));
    await server.deps.prisma.importJob.update({ where: { id: jobId }, data: { status: 'QUEUED' } });
    server.deps.imports.wake();
    let firstChunkAt: number | null = null;
    for (;;) {
      const row = await server.deps.prisma.importJob.findUniqueOrThrow({
        where: { id: jobId },
        select: { status: true, processed: true, error: true },
      });
      if (firstChunkAt === null && row.processed > 0) {
        firstChunkAt = performance.now() - started;
      }
      if (row.status === 'SUCCEEDED' || row.status === 'FAILED') {
        console.log(
          `import ${row.status}${row.error ? ` (${row.error})` : ''}; first chunk after ${Math.round(firstChunkAt ?? 0)} ms`,
        );
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    report('import', performance.now() - started);
  }
  isDone = true;
  await healthz;
  console.log(
    `failed probes: ${failed}; load ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  await server.close();
}
