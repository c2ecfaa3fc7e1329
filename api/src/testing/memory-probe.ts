import { subscribe } from 'node:diagnostics_channel';
import v8 from 'node:v8';

/**
 * Preloaded into the server by the soak and the benchmark (`--import
 * ./api/src/testing/memory-probe.ts`, with an IPC channel): it answers on that channel and adds
 * nothing to the HTTP surface, so no caller of the product can reach it.
 *
 * - `{ type: 'memory', gc }` → `{ type: 'memory', ...process.memoryUsage() }`, after two full
 *   garbage collections when asked and the process runs with `--expose-gc`. Heap used after a
 *   full collection is what only retained objects move; RSS also moves with the young
 *   generation's size, malloc's free lists and WebAssembly code tiering up.
 * - `{ type: 'heap-snapshot', file }` → writes a V8 heap snapshot there, answers
 *   `{ type: 'heap-snapshot', file }`.
 *
 * `PROBE_LEAK_BYTES_PER_REQUEST=N` makes the process retain N bytes of JS heap for every HTTP
 * request it receives: a leak injected on purpose, to prove the soak's check catches one.
 */
type TProbeRequest = { type: 'memory'; gc?: boolean } | { type: 'heap-snapshot'; file: string };

const collect = () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  // Two passes: the first can leave objects that only a finalizer pass releases.
  gc?.();
  gc?.();
};

process.on('message', (message: TProbeRequest) => {
  if (message?.type === 'memory') {
    if (message.gc) collect();
    process.send?.({ type: 'memory', ...process.memoryUsage() });
  } else if (message?.type === 'heap-snapshot') {
    collect();
    process.send?.({ type: 'heap-snapshot', file: v8.writeHeapSnapshot(message.file) });
  }
});
// The IPC channel must not keep the server alive once it decides to stop.
process.channel?.unref();

const leakBytes = Number(process.env.PROBE_LEAK_BYTES_PER_REQUEST ?? 0);
if (leakBytes > 0) {
  const retained: number[][] = [];
  subscribe('http.server.request.start', () => {
    // An array of small integers: 8 bytes an element on the JS heap. (A padded or repeated
    // string would be a rope sharing one filler, a Buffer memory outside the heap.)
    retained.push(new Array<number>(Math.ceil(leakBytes / 8)).fill(retained.length));
  });
}
