import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TReceivedDelivery = { headers: IncomingHttpHeaders; body: string; json: any };

/**
 * A real HTTP server receiving webhook deliveries on a random loopback port. It answers the
 * statuses queued with `answerNext` first, then 200; every request is kept in `received`.
 */
export async function startWebhookReceiver(): Promise<{
  url: string;
  received: TReceivedDelivery[];
  answerNext: (...statuses: number[]) => void;
  close: () => Promise<void>;
}> {
  const received: TReceivedDelivery[] = [];
  const answers: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        // kept as text
      }
      received.push({ headers: request.headers, body, json });
      const status = answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerNext: (...statuses) => answers.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
