import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { sessionToken } from './dataset.ts';
import type { TDataset } from './dataset.ts';
import type { TFanoutClientPlan } from './fanout-client.ts';
import type { TProduct } from './product.ts';
import { cpuMsOf, now, spawnNode, stop } from './processes.ts';
import { percentile } from './stats.ts';

export type TFanoutResult = {
  transport: 'rest' | 'graphql';
  subscribers: number;
  votes: number;
  connectMs: number;
  p50: number;
  p99: number;
  max: number;
  /** Events that never arrived (expected: subscribers × votes). */
  missing: number;
  rssPerSubscriberKb: number;
  heapPerSubscriberKb: number;
  /**
   * CPU per vote's event over the measured votes, in ms: the server's (the vote included), and
   * that of the subscribers' processes (reading every stream's event). On one machine both
   * share its cores.
   */
  serverCpuMsPerEvent: number;
  subscribersCpuMsPerEvent: number;
  /** The machine's 1-minute load average as the run started (bench/run.ts settles first). */
  loadBefore?: number;
};

/** Subscribers per client process: one event loop parses at most this many streams. */
const PER_CLIENT = 1_250;
/** How long one vote's event may take to reach every subscriber before the next vote. */
const VOTE_TIMEOUT_MS = 10_000;

/**
 * `subscribers` live streams on the board, then `votes` votes one after another (each once the
 * previous one reached every subscriber): the delay from each vote's answer to each
 * subscriber's event, and the server's memory per open stream.
 */
export async function measureFanout(options: {
  product: TProduct;
  dataset: TDataset;
  transport: 'rest' | 'graphql';
  subscribers: number;
  votes: number;
  /** Ideas voted on are taken from here, one per vote (distinct from other runs'). */
  ideaOffset: number;
}): Promise<TFanoutResult> {
  const { product, dataset, transport, subscribers, votes } = options;
  const before = await product.memory();
  const started = now();
  const clients: ChildProcess[] = [];
  const waiters = new Map<number, { pending: number; resolve: () => void }>();
  for (let first = 0; first < subscribers; first += PER_CLIENT) {
    const plan: TFanoutClientPlan = {
      url: product.url,
      boardId: dataset.boardId,
      transport,
      count: Math.min(PER_CLIENT, subscribers - first),
      first,
      users: dataset.userIds.length,
    };
    const client = spawnNode(['bench/fanout-client.ts', JSON.stringify(plan)]);
    client.on('message', (message: { type: string; ideaId?: number }) => {
      if (message.type !== 'all' || message.ideaId === undefined) return;
      const waiter = waiters.get(message.ideaId);
      if (waiter && --waiter.pending === 0) waiter.resolve();
    });
    clients.push(client);
  }
  await Promise.all(
    clients.map(
      (client) =>
        new Promise<void>((resolve, reject) => {
          client.on('message', (message: { type: string }) => {
            if (message.type === 'connected') resolve();
          });
          client.once('exit', (code) => reject(new Error(`fan-out client exited (${code})`)));
        }),
    ),
  );
  const connectMs = now() - started;
  const after = await product.memory();

  const voter = `Bearer ${sessionToken(1)}`;
  const vote = async (ideaId: number): Promise<{ answeredAt: number; isComplete: boolean }> => {
    const complete = new Promise<void>((resolve) =>
      waiters.set(ideaId, { pending: clients.length, resolve }),
    );
    const response = await fetch(`${product.url}/api/v1/ideas/${ideaId}/upvote`, {
      method: 'POST',
      headers: { authorization: voter },
    });
    await response.arrayBuffer();
    const answeredAt = now();
    if (response.status !== 200) throw new Error(`vote answered ${response.status}`);
    let timer: NodeJS.Timeout | undefined;
    const isComplete = await Promise.race([
      complete.then(() => true),
      new Promise<boolean>(
        (resolve) => (timer = setTimeout(() => resolve(false), VOTE_TIMEOUT_MS)),
      ),
    ]);
    clearTimeout(timer);
    return { answeredAt, isComplete };
  };

  // A first vote makes sure every subscription is live before the measured ones.
  const ideas = dataset.ideaIds;
  await vote(ideas[options.ideaOffset % ideas.length]!);
  const cpu = () => ({
    server: cpuMsOf(product.child.pid!),
    subscribers: clients.reduce((sum, client) => sum + cpuMsOf(client.pid!), 0),
  });
  const cpuBefore = cpu();
  const answers: Record<number, number> = {};
  for (let v = 1; v <= votes; v++) {
    const ideaId = ideas[(options.ideaOffset + v) % ideas.length]!;
    answers[ideaId] = (await vote(ideaId)).answeredAt;
  }
  const cpuAfter = cpu();

  const delays: number[] = [];
  let missing = 0;
  await Promise.all(
    clients.map(async (client) => {
      const reply = new Promise<{ delays: number[]; missing: number }>((resolve) => {
        client.on('message', (message: { type: string; delays: number[]; missing: number }) => {
          if (message.type === 'delays') resolve(message);
        });
      });
      client.send({ type: 'answers', answers });
      const result = await reply;
      missing += result.missing;
      for (const delay of result.delays) delays.push(delay);
      if (client.exitCode === null) await once(client, 'exit');
    }),
  );
  await Promise.all(clients.map((client) => stop(client)));
  delays.sort((a, b) => a - b);
  return {
    transport,
    subscribers,
    votes,
    connectMs,
    p50: percentile(delays, 50),
    p99: percentile(delays, 99),
    max: delays.at(-1) ?? 0,
    missing,
    rssPerSubscriberKb: (after.rss - before.rss) / subscribers / 1024,
    heapPerSubscriberKb: (after.heapUsed - before.heapUsed) / subscribers / 1024,
    serverCpuMsPerEvent: (cpuAfter.server - cpuBefore.server) / votes,
    subscribersCpuMsPerEvent: (cpuAfter.subscribers - cpuBefore.subscribers) / votes,
  };
}
