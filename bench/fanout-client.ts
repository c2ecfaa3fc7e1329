/**
 * Live subscribers, as their own process: opens `count` server-sent event streams on one
 * board (the widget's REST stream or the console's GraphQL subscription) and notes when each
 * stream receives each idea's event. Talks to bench/fanout.ts over IPC:
 * → `{type: 'connected'}` once every stream answered, `{type: 'all', ideaId}` once every
 * stream has the event of that idea; ← `{type: 'answers', answers}` (idea id → time the vote
 * was answered) → `{type: 'delays', delays, missing}`.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { sessionToken } from './dataset.ts';
import { now } from './processes.ts';

export type TFanoutClientPlan = {
  url: string;
  boardId: number;
  transport: 'rest' | 'graphql';
  count: number;
  /** Subscriber n signs in as user 1 + (first + n) mod (users - 1). */
  first: number;
  users: number;
};

/**
 * What the console asks of every live event: the document relay-compiler makes of
 * useBoardLiveUpdates.ts with the card's fragments (`npm run build` writes it first), so the
 * bench follows what the console really selects.
 */
export const CONSOLE_SUBSCRIPTION = relayOperationText('useBoardLiveUpdatesSubscription');

/** The operation text of a relay-compiler artifact (read as text: it imports types as values). */
export function relayOperationText(operation: string): string {
  const file = new URL(`../web/__generated__/${operation}.graphql.ts`, import.meta.url);
  const literal = /"text": ("(?:[^"\\]|\\.)*")/.exec(readFileSync(file, 'utf8'))?.[1];
  if (!literal) throw new Error(`${operation}: no operation text (run npm run relay)`);
  return JSON.parse(literal) as string;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as TFanoutClientPlan;
const target = new URL(plan.url);
/** Idea id → the time each stream received its event. */
const receipts = new Map<number, number[]>();
let connected = 0;

function received(ideaId: number, at: number): void {
  const times = receipts.get(ideaId) ?? [];
  times.push(at);
  receipts.set(ideaId, times);
  if (times.length === plan.count) process.send?.({ type: 'all', ideaId });
}

/**
 * The idea an event is about, found in its data without parsing the rest: the subscribers share
 * the server's cores, and parsing every event's whole JSON (the console's is about a kilobyte)
 * took CPU the server then waited for. The widget sends `"ideaId":123`, GraphQL a global id.
 */
function ideaIdOf(event: string, data: string): number | null {
  if (plan.transport === 'rest') {
    if (event !== 'idea') return null;
    const id = /"ideaId":(\d+)/.exec(data)?.[1];
    return id ? Number(id) : null;
  }
  if (event !== 'next') return null;
  const id = /"ideaId":"([^"]+)"/.exec(data)?.[1];
  return id ? Number(decodeGlobalID(id).id) : null;
}

function subscribe(n: number): Promise<void> {
  const token = sessionToken(1 + ((plan.first + n) % (plan.users - 1)));
  const body =
    plan.transport === 'graphql'
      ? JSON.stringify({
          query: CONSOLE_SUBSCRIPTION,
          variables: { boardId: encodeGlobalID('Board', plan.boardId) },
        })
      : undefined;
  const path = body ? '/graphql' : `/api/v1/boards/${plan.boardId}/events`;
  const head = [
    `${body ? 'POST' : 'GET'} ${path} HTTP/1.1`,
    `host: ${target.host}`,
    'accept: text/event-stream',
    `authorization: Bearer ${token}`,
    ...(body
      ? ['content-type: application/json', `content-length: ${Buffer.byteLength(body)}`]
      : []),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    // A raw socket rather than http.request: the subscribers share the server's two cores, and
    // Node's HTTP client spent about a third of their CPU per event. The product's streams are
    // not chunked (rest/event-stream.ts): after the head, the socket carries the frames as sent.
    const socket = connect({ host: target.hostname, port: Number(target.port) });
    socket.setNoDelay(true);
    socket.setEncoding('utf8');
    socket.on('error', reject);
    socket.on('close', () => {
      if (!isReady) reject(new Error(`subscriber ${n}: closed before its stream opened`));
    });
    socket.write(head + (body ?? ''));
    let buffer = '';
    let isHeadRead = false;
    let isReady = false;
    const ready = () => {
      if (isReady) return;
      isReady = true;
      connected++;
      resolve();
    };
    socket.on('data', (chunk: string) => {
      // When the event reached this process, before any work on it.
      const at = now();
      buffer += chunk;
      if (!isHeadRead) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const answerHead = buffer.slice(0, end).toLowerCase();
        buffer = buffer.slice(end + 4);
        isHeadRead = true;
        if (!answerHead.startsWith('http/1.1 200')) {
          reject(new Error(`subscriber ${n}: ${answerHead.split('\r\n', 1)[0]}`));
          return;
        }
        if (answerHead.includes('transfer-encoding: chunked')) {
          reject(new Error(`subscriber ${n}: a chunked stream (this client reads plain ones)`));
          return;
        }
        // GraphQL streams announce nothing before the first event: the head is the sign.
        if (plan.transport === 'graphql') ready();
      }
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trim();
        }
        if (event === 'ready') ready();
        const ideaId = data ? ideaIdOf(event, data) : null;
        if (ideaId !== null) received(ideaId, at);
      }
    });
  });
}

// Connect in waves, so that the listen backlog never overflows.
const WAVE = 100;
for (let start = 0; start < plan.count; start += WAVE) {
  const wave = [];
  for (let n = start; n < Math.min(plan.count, start + WAVE); n++) wave.push(subscribe(n));
  await Promise.all(wave);
}
process.send?.({ type: 'connected', connected });

process.on('message', (message: { type: string; answers?: Record<string, number> }) => {
  if (message.type !== 'answers' || !message.answers) return;
  const delays: number[] = [];
  let missing = 0;
  for (const [ideaId, answeredAt] of Object.entries(message.answers)) {
    const times = receipts.get(Number(ideaId)) ?? [];
    missing += plan.count - times.length;
    // The server publishes before it writes the vote's answer, so an event often arrives before
    // the voter reads its answer: that counts as no delay at all.
    for (const time of times) {
      delays.push(Math.max(0, Math.round((time - answeredAt) * 100) / 100));
    }
  }
  process.send?.({ type: 'delays', delays, missing }, () => process.exit(0));
});
