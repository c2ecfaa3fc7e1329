/**
 * Preloaded into the product's process by the benchmark (`--import ./bench/probe.ts`): answers
 * `{ type: 'memory', gc }` messages on the IPC channel with process.memoryUsage(), after a full
 * garbage collection when asked and the process runs with --expose-gc. Nothing else.
 */
type TMemoryRequest = { type: 'memory'; gc?: boolean };

process.on('message', (message: TMemoryRequest) => {
  if (message?.type !== 'memory') return;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (message.gc && gc) {
    gc();
    gc();
  }
  process.send?.({ type: 'memory', ...process.memoryUsage() });
});
// The IPC channel must not keep the server alive once it decides to stop.
process.channel?.unref();
