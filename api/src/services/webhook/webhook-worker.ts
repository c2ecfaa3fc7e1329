import { STATUS_CODES } from 'node:http';
import { openSecret } from '../../auth/secret-box.ts';
import type { TConfig } from '../../config.ts';
import type { PrismaClient, WebhookEvent } from '../../generated/prisma/client.ts';
import { backoffMs, createQueueWorker } from '../../jobs/queue-worker.ts';
import type { TLogger } from '../../observability/log.ts';
import { signatureHeader, SIGNATURE_HEADER, standardWebhookHeaders } from './sign-webhook.ts';
import { EVENT_TYPES } from './webhook-input.ts';
import type { Response } from 'undici';
import { PRIVATE_REFUSAL, assertDeliverable } from './webhook-url.ts';

/** Rows one worker claims at a time. */
const BATCH = 10;
/** A claim lasts this long; a worker that died mid-delivery leaves the row to another after it. */
const LEASE_SECONDS = 120;
/** A receiver has this long to answer. */
const TIMEOUT_MS = 10_000;
/** Longest wait between two attempts. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** How much of an error message the delivery log keeps. */
const ERROR_TEXT_MAX = 300;
/** The longest Slack error code read from an answer (`channel_is_archived` and its kin). */
const SLACK_CODE_MAX = 64;

/**
 * The first `max` characters of an answer; the rest is not read (a receiver could stream for
 * the whole timeout).
 */
async function openingText(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < max) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A broken answer body: keep what came.
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, max);
}

/**
 * Slack's reason for a refusal: its answer when that is one of its error codes
 * (`invalid_token`, `no_service`, …), else nothing.
 */
async function slackErrorCode(response: Response): Promise<string | null> {
  const text = (await openingText(response, SLACK_CODE_MAX + 1)).trim();
  return /^[a-z_]{1,64}$/.test(text) ? text : null;
}

/**
 * What the delivery log says of a failing answer: its status and the standard reason phrase
 * (`HTTP 400 Bad Request`), never the answer's own words. The log is shown to the company, and
 * a receiver the company chose must not be readable through it (a webhook pointed at a service
 * of this host's network would otherwise hand back that service's answers: SSRF with a read).
 */
function statusLine(status: number): string {
  const phrase = STATUS_CODES[status];
  return `HTTP ${status}${phrase ? ` ${phrase}` : ''}`;
}

type TWorkerDeps = { prisma: PrismaClient; config: TConfig; log: TLogger };

export type TClaimedDelivery = {
  id: number;
  /** Exactly one of webhookId and slackConnectionId is set. */
  webhookId: number | null;
  slackConnectionId: number | null;
  event: WebhookEvent;
  body: string;
  attempts: number;
};

export type TWebhookWorker = {
  /** Starts polling for due deliveries every `pollMs`. */
  start: (options?: { pollMs?: number }) => void;
  /** Looks for due deliveries now (after an event was queued) instead of at the next poll. */
  wake: () => void;
  /** Claims and sends one batch of due deliveries; answers how many were attempted. */
  runOnce: () => Promise<number>;
  /** Stops polling and waits for deliveries in flight. */
  stop: () => Promise<void>;
};

/**
 * Claims due deliveries for this worker in one statement. FOR UPDATE SKIP LOCKED lets several
 * processes claim side by side without taking the same row; the lease (lockedUntil) keeps the
 * row theirs after the statement, and hands it to another worker if they die. PGlite runs the
 * same SQL (one connection, so nothing to skip).
 */
export async function claimDueDeliveries(
  prisma: PrismaClient,
  limit = BATCH,
  onlyId?: number,
): Promise<TClaimedDelivery[]> {
  // The rows are picked in a MATERIALIZED CTE: a LIMIT … FOR UPDATE SKIP LOCKED subquery inside
  // `IN (…)` may be run more than once by the plan, so concurrent claims could take a row twice.
  const rows = await prisma.$queryRaw<TClaimedDelivery[]>`
    WITH picked AS MATERIALIZED (
      SELECT x."id" FROM "WebhookDelivery" x
      LEFT JOIN "Webhook" w ON w."id" = x."webhookId"
      WHERE x."status" = 'PENDING'
        AND x."nextAttemptAt" <= (now() AT TIME ZONE 'UTC')
        AND (x."lockedUntil" IS NULL OR x."lockedUntil" < (now() AT TIME ZONE 'UTC'))
        AND (w."isEnabled" OR x."event" = 'TEST' OR x."slackConnectionId" IS NOT NULL)
        AND (${onlyId ?? 0}::int = 0 OR x."id" = ${onlyId ?? 0}::int)
      ORDER BY x."nextAttemptAt", x."id"
      LIMIT ${limit}
      FOR UPDATE OF x SKIP LOCKED
    )
    UPDATE "WebhookDelivery" AS d
    SET "lockedUntil" = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${LEASE_SECONDS}),
        "attempts" = d."attempts" + 1,
        "lastAttemptAt" = (now() AT TIME ZONE 'UTC')
    FROM picked WHERE d."id" = picked."id"
    RETURNING d."id", d."webhookId", d."slackConnectionId", d."event"::text AS "event", d."body",
      d."attempts"`;
  return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
}

/** Where and how one delivery is sent. */
type TTarget = {
  url: string;
  headers: Record<string, string>;
  /** Answers after which another attempt cannot succeed (Slack's revoked or unknown hooks). */
  isFinal: (status: number) => boolean;
  /**
   * The short reason a failing answer gives, read from it when the receiver is known (Slack's
   * error codes); webhooks have none: their answers are never read.
   */
  reasonOf?: (response: Response) => Promise<string | null>;
};

const never = () => false;

/**
 * The receiver of a delivery: a webhook (its URL, signed), or a Slack connection (its URL
 * opened from the secret box, unsigned: Slack's incoming webhooks take the URL as the
 * credential). Null when it was deleted meanwhile (its deliveries went with it).
 */
async function targetOf(deps: TWorkerDeps, claimed: TClaimedDelivery): Promise<TTarget | null> {
  if (claimed.slackConnectionId !== null) {
    const connection = await deps.prisma.slackConnection.findUnique({
      where: { id: claimed.slackConnectionId },
      select: { sealedUrl: true },
    });
    if (!connection) return null;
    return {
      url: openSecret(deps.config.secretKeys, connection.sealedUrl),
      headers: { 'content-type': 'application/json', 'user-agent': 'Feedboard-Slack/1' },
      // Slack answers 400 invalid_payload, 403 invalid_token or action_prohibited, 404
      // no_service or channel_not_found, 410 channel_is_archived: the same message fails again.
      isFinal: (status) => [400, 403, 404, 410].includes(status),
      reasonOf: slackErrorCode,
    };
  }
  const webhook = await deps.prisma.webhook.findUnique({
    where: { id: claimed.webhookId ?? 0 },
    select: { url: true, secret: true, previousSecret: true, previousSecretExpiresAt: true },
  });
  if (!webhook) return null;
  // Each attempt is signed at its own time: a receiver's replay window counts from the attempt.
  const timestamp = Math.floor(Date.now() / 1000);
  return {
    url: webhook.url,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Feedboard-Webhooks/1',
      'feedboard-event': EVENT_TYPES[claimed.event],
      'feedboard-delivery': String(claimed.id),
      ...standardWebhookHeaders(webhook, claimed.id, timestamp, claimed.body),
      [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(webhook.secret, timestamp, claimed.body),
    },
    isFinal: never,
  };
}

/** What a failed connection's error codes mean, in words that name no host or address. */
const NETWORK_PROBLEMS: [RegExp, string][] = [
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/, 'The host name could not be resolved.'],
  [/^ECONNREFUSED$/, 'The connection was refused.'],
  [/^(EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN)$/, 'The host could not be reached.'],
  [/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT)$/, 'No answer within 10 s.'],
  [/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/, 'The connection closed before an answer.'],
  [/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/, 'The TLS certificate was not accepted.'],
];

/**
 * A delivery's failure before any answer, as the log shows it: Feedboard's own refusals as they
 * are, a network error as one of a few fixed sentences. The error texts of fetch and DNS named
 * the host and the addresses it resolved to, which told an admin what the server's network
 * resolves and reaches (outsider finding: `getaddrinfo ENOTFOUND …`, `EHOSTUNREACH ::ffff:…`).
 */
export function deliveryProblem(error: unknown): string {
  const chain: { message?: string; code?: string; name?: string }[] = [];
  for (let at: unknown = error; at && chain.length < 4; at = (at as { cause?: unknown }).cause) {
    chain.push(at as { message?: string; code?: string; name?: string });
  }
  for (const link of chain) {
    const message = link.message ?? '';
    if (message === PRIVATE_REFUSAL || message.startsWith('Refused: ')) return message;
  }
  if (chain.some((link) => link.name === 'TimeoutError' || link.name === 'AbortError')) {
    return 'No answer within 10 s.';
  }
  for (const link of chain) {
    const code = String(link.code ?? '');
    const known = NETWORK_PROBLEMS.find(([pattern]) => code && pattern.test(code));
    if (known) return known[1];
  }
  return 'The request failed before an answer.';
}

/** A 429's Retry-After in milliseconds (seconds or an HTTP date), or null. */
function retryAfterMs(response: Response): number | null {
  if (response.status !== 429) return null;
  const value = response.headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * Sends one claimed delivery and records the outcome: 2xx is SUCCEEDED; anything else (an
 * error status, a refused address, a timeout) waits for the next attempt with exponential
 * backoff (or as long as a 429's Retry-After asks), or is FAILED after the last one or after
 * an answer the target calls final. Only the claim that made this attempt may record it (the
 * attempts count is the claim's token).
 */
export async function attemptDelivery(deps: TWorkerDeps, claimed: TClaimedDelivery): Promise<void> {
  const started = performance.now();
  let responseStatus: number | null = null;
  let problem: string | null = null;
  let waitMs: number | null = null;
  let isFinal = false;
  try {
    const target = await targetOf(deps, claimed);
    if (!target) return;
    const allowPrivate = deps.config.webhookAllowPrivateUrls;
    await assertDeliverable(target.url, allowPrivate);
    // undici loads with the first delivery, not at every start (webhook-dispatcher.ts).
    const { fetch, webhookDispatcher } = await import('./webhook-dispatcher.ts');
    const response = await fetch(target.url, {
      method: 'POST',
      headers: target.headers,
      body: claimed.body,
      // A redirect could lead to an address the checks above would refuse.
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      // Connects only to the addresses its own DNS lookup checked (no rebinding in between).
      dispatcher: webhookDispatcher(allowPrivate),
    });
    responseStatus = response.status;
    if (response.status < 200 || response.status >= 300) {
      const reason = target.reasonOf ? await target.reasonOf(response) : null;
      problem = reason ? `HTTP ${response.status}: ${reason}` : statusLine(response.status);
      waitMs = retryAfterMs(response);
      isFinal = target.isFinal(response.status);
    }
    // The answer itself is not read (a success's body means nothing to a delivery).
    await response.body?.cancel().catch(() => {});
  } catch (error) {
    problem = deliveryProblem(error).slice(0, ERROR_TEXT_MAX);
  }
  const durationMs = Math.round(performance.now() - started);
  const mine = { id: claimed.id, attempts: claimed.attempts, status: 'PENDING' as const };
  if (!problem) {
    await deps.prisma.webhookDelivery.updateMany({
      where: mine,
      data: {
        status: 'SUCCEEDED',
        responseStatus,
        durationMs,
        lastError: null,
        lockedUntil: null,
        deliveredAt: new Date(),
      },
    });
    return;
  }
  const isLast = isFinal || claimed.attempts >= deps.config.webhookMaxAttempts;
  const backoff = backoffMs(deps.config.webhookRetryBaseMs, MAX_BACKOFF_MS, claimed.attempts);
  await deps.prisma.webhookDelivery.updateMany({
    where: mine,
    data: {
      status: isLast ? 'FAILED' : 'PENDING',
      responseStatus,
      durationMs,
      lastError: problem,
      lockedUntil: null,
      nextAttemptAt: new Date(Date.now() + Math.min(waitMs ?? backoff, MAX_BACKOFF_MS)),
    },
  });
}

/**
 * The delivery worker of one process: polls for due deliveries (and wakes when this process
 * queues one), claims a batch, sends them side by side, and repeats while there is work.
 * Every process runs one; the claim keeps them from sending a row twice.
 */
export function createWebhookWorker(deps: TWorkerDeps): TWebhookWorker {
  const runOnce = async (): Promise<number> => {
    const claimed = await claimDueDeliveries(deps.prisma);
    await Promise.all(
      claimed.map((delivery) =>
        attemptDelivery(deps, delivery).catch((error: unknown) =>
          deps.log.error(`Webhook delivery ${delivery.id} not recorded`, error),
        ),
      ),
    );
    return claimed.length;
  };
  const worker = createQueueWorker({ name: 'Webhook worker', log: deps.log, runBatch: runOnce });
  return {
    start: (options = {}) => worker.start(options.pollMs ?? 1_000),
    wake: worker.wake,
    runOnce,
    stop: worker.stop,
  };
}
