import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TSlackPost = {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: any;
  /** When it arrived (Date.now()). */
  at: number;
};

/** One answer Slack may give: status, body text, and the Retry-After of a 429. */
export type TSlackAnswer = { status: number; text: string; retryAfterSeconds?: number };

/** Slack's documented answers to incoming-webhook posts (api.slack.com/messaging/webhooks). */
export const SLACK_ANSWERS = {
  rateLimited: (retryAfterSeconds = 1): TSlackAnswer => ({
    status: 429,
    text: 'rate_limited',
    retryAfterSeconds,
  }),
  serverError: { status: 500, text: 'rollup_error' },
  invalidToken: { status: 404, text: 'invalid_token' },
  noService: { status: 404, text: 'no_service' },
  invalidPayload: { status: 400, text: 'invalid_payload' },
} satisfies Record<string, TSlackAnswer | ((...args: never[]) => TSlackAnswer)>;

/**
 * A stand-in for Slack's incoming webhooks on a random loopback port, answering as Slack does:
 * a POST of JSON with `text` or `blocks` to the hook's path is `200 ok`; another path is
 * `404 no_service`; a body that is not such JSON is `400 invalid_payload`. `answerNext` queues
 * other answers first (429 with Retry-After, 500, 404 invalid_token). Every post to the hook's
 * path is kept in `received`.
 */
export async function startSlackStandIn(): Promise<{
  /** The incoming-webhook URL to connect (its path is as secret as Slack's). */
  url: string;
  received: TSlackPost[];
  answerNext: (...answers: TSlackAnswer[]) => void;
  close: () => Promise<void>;
}> {
  const hookPath = `/services/T${randomBytes(4).toString('hex')}/B${randomBytes(4).toString('hex')}/${randomBytes(12).toString('base64url')}`;
  const received: TSlackPost[] = [];
  const answers: TSlackAnswer[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const reply = ({ status, text, retryAfterSeconds }: TSlackAnswer) => {
        response.writeHead(status, {
          'content-type': 'text/html',
          ...(retryAfterSeconds !== undefined ? { 'retry-after': String(retryAfterSeconds) } : {}),
        });
        response.end(text);
      };
      if (request.method !== 'POST' || request.url !== hookPath) {
        return reply(SLACK_ANSWERS.noService);
      }
      let json: any = null;
      try {
        json = JSON.parse(body);
      } catch {
        // answered below
      }
      received.push({ path: request.url, headers: request.headers, body, json, at: Date.now() });
      const queued = answers.shift();
      if (queued) return reply(queued);
      const isJson = String(request.headers['content-type']).startsWith('application/json');
      if (!isJson || !json || (typeof json.text !== 'string' && !Array.isArray(json.blocks))) {
        return reply(SLACK_ANSWERS.invalidPayload);
      }
      return reply({ status: 200, text: 'ok' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${hookPath}`,
    received,
    answerNext: (...queued) => answers.push(...queued),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
