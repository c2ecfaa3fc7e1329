import type { TStreamLimits } from '../config.ts';
import { AppError } from '../errors.ts';
import type { TAccessChange, TCredentialRevocation } from '../events.ts';
import type { Role, UserKind } from '../generated/prisma/client.ts';
import { leaveRequestPlace } from '../db/statement-owner.ts';
import { RateLimitError } from './rate-limit.ts';
import type { TClient } from './rate-limit.ts';
import type { TViewer } from '../viewer.ts';
import { isTeamMember } from '../viewer.ts';

/**
 * Seconds a refused client is asked to wait: streams free up when someone closes a tab, not on
 * a clock, so this is a polite pause rather than a promise.
 */
export const STREAM_RETRY_AFTER_SECONDS = 30;

/**
 * The credential a stream was opened with and what it gave then: the stream lives while the
 * session (or API key) does, the user's company, role and kind stay what they were, and an end
 * user keeps every grant the board rule read (services/access.ts canSeeBoard: the confirmed
 * address's domain, the customer companies). The stream's viewer is this snapshot: a grant
 * lost behind it would keep showing the boards it granted.
 */
export type TStreamCredential = {
  userId: number;
  companyId: number;
  role: Role;
  kind: UserKind;
  /** The session; 0 for an API key. */
  sessionId: number;
  apiKeyId?: number;
  /** TViewer.confirmedEmailDomain when the stream opened. */
  confirmedEmailDomain?: string | null;
  /** TViewer.customerCompanyIds when the stream opened. */
  customerCompanyIds?: readonly number[];
};

/** What a credential gives now (TFindLiveCredentials), to compare with what it gave. */
export type TLiveCredential = Omit<TStreamCredential, 'sessionId' | 'apiKeyId'>;

/**
 * Whose stream it is: the client address (an IPv6 /64 as one) and the token, when signed in;
 * `document`, a GraphQL subscription's text and operation name (TStreamLimits.documentsPerIp).
 */
export type TStreamOwner = {
  ip: string;
  token?: string;
  credential?: TStreamCredential;
  document?: string;
};

/** Why a stream is ended from the server's side. */
export type TStreamEnd = 'stopping' | 'revoked';

/** One open stream's place in the counts. */
export type TStreamSlot = {
  /** Frees the place; later calls do nothing, so every way a stream ends may call it. */
  release: () => void;
  /**
   * How the stream is ended from the server's side: the process stops (`closeAll`), or the
   * credential that opened it ended (`endRevoked`, `recheck`). It must release then.
   */
  onClose: (end: (reason: TStreamEnd) => void) => void;
};

/**
 * Which of the credentials are still good, with what they give now (services/account/
 * find-live-credentials.ts): a session or key missing from the answer has ended.
 */
export type TFindLiveCredentials = (credentials: {
  sessionIds: number[];
  apiKeyIds: number[];
}) => Promise<{
  sessions: Map<number, TLiveCredential>;
  apiKeys: Map<number, TLiveCredential>;
}>;

/** How often open streams check their credentials (a lost revocation event ends them then). */
export const STREAM_RECHECK_MS = 30_000;

export type TStreamSlots = {
  /**
   * Takes a place for a new stream of `owner`, or throws RateLimitError (429, Retry-After)
   * when the owner's address, its token or the process is at its cap. The place is released
   * by the caller when the stream ends, and by `signal` when the client's connection closes
   * first (whichever comes first; a release is counted once).
   */
  take: (owner: TStreamOwner, signal?: AbortSignal) => TStreamSlot;
  /** Open streams now, in total and of one owner (tests, diagnostics). */
  count: (owner?: TStreamOwner) => { total: number; ip: number; token: number };
  /** Ends every open stream and refuses new ones (the process is stopping). */
  closeAll: () => void;
  /** Ends the open streams of credentials that ended (a revocation event); answers how many. */
  endRevoked: (revocation: TCredentialRevocation) => number;
  /**
   * Checks the credentials of every open stream once (findLive) and ends the streams whose
   * credential ended, whose user's company, role or kind changed, or whose end user lost a
   * grant of the board rule (stillGives); answers how many. Runs every STREAM_RECHECK_MS while
   * signed-in streams are open, so a revocation or access-change event lost on the way (Redis
   * down) leaves a stream open that long at most. With `scope` (an access-change event), only
   * the streams of those users and companies are checked, and when the check fails they end
   * (a reconnect is answered for the caller as they are now).
   */
  recheck: (scope?: TAccessChange) => Promise<number>;
  /**
   * Resolves when every scoped recheck started so far has ended its streams: the boards' feeds
   * wait for it before passing an event on, so an event written after an access change never
   * reaches a stream that change ended.
   */
  settled: () => Promise<void>;
};

/**
 * The token key of a viewer: one per session, one per API key. The key is the row's id, so no
 * token is kept in memory longer than its request.
 */
export function streamOwner(client: TClient, viewer: TViewer | null): TStreamOwner {
  if (!viewer) return { ip: client.ip };
  const token = viewer.apiKeyId ? `key:${viewer.apiKeyId}` : `session:${viewer.sessionId}`;
  const { userId, companyId, role, kind, sessionId, apiKeyId } = viewer;
  return {
    ip: client.ip,
    token,
    credential: {
      userId,
      companyId,
      role,
      kind,
      sessionId,
      ...(apiKeyId ? { apiKeyId } : {}),
      confirmedEmailDomain: viewer.confirmedEmailDomain ?? null,
      customerCompanyIds: viewer.customerCompanyIds ?? [],
    },
  };
}

/**
 * Whether a credential still gives at least what it gave when the stream opened: the same
 * user, company, role and kind, and, for an end user (whose boards the grants decide:
 * canSeeBoard), the confirmed domain it had (if any) and every customer company it had. A
 * grant gained keeps the stream: the boards it saw stay visible.
 */
export function stillGives(then: TStreamCredential, now: TLiveCredential | undefined): boolean {
  if (
    now === undefined ||
    now.userId !== then.userId ||
    now.companyId !== then.companyId ||
    now.role !== then.role ||
    now.kind !== then.kind
  ) {
    return false;
  }
  if (isTeamMember(then)) return true;
  const domain = then.confirmedEmailDomain ?? null;
  if (domain !== null && (now.confirmedEmailDomain ?? null) !== domain) return false;
  const customers = new Set(now.customerCompanyIds ?? []);
  return (then.customerCompanyIds ?? []).every((id) => customers.has(id));
}

/** Whether an access change concerns the stream's user or company. */
function isInScope(credential: TStreamCredential, scope: TAccessChange): boolean {
  return Boolean(
    scope.userIds?.includes(credential.userId) || scope.companyIds?.includes(credential.companyId),
  );
}

/** Whether a revocation names the stream's credential. */
function isRevoked(credential: TStreamCredential, revocation: TCredentialRevocation): boolean {
  return Boolean(
    revocation.userIds?.includes(credential.userId) ||
    (credential.apiKeyId !== undefined && revocation.apiKeyIds?.includes(credential.apiKeyId)) ||
    (credential.apiKeyId === undefined && revocation.sessionIds?.includes(credential.sessionId)),
  );
}

/**
 * Counts of open live streams (REST event streams and GraphQL subscriptions alike), per client
 * address, per token and in total. Counted per process: each process behind a load balancer
 * applies the caps to the streams it holds. A count that drops to zero is deleted, so the maps
 * hold only owners with a stream open now.
 */
export function createStreamSlots(
  limits: TStreamLimits,
  options: {
    findLive?: TFindLiveCredentials;
    recheckMs?: number;
    onError?: (e: Error) => void;
  } = {},
): TStreamSlots {
  type TEntry = {
    end: ((reason: TStreamEnd) => void) | undefined;
    release: () => void;
    credential: TStreamCredential | undefined;
  };
  const byIp = new Map<string, number>();
  const byToken = new Map<string, number>();
  // Per address, its open subscriptions per document (a document's count dropping to zero is
  // deleted, and so is an address without any).
  const documentsByIp = new Map<string, Map<string, number>>();
  const open = new Set<TEntry>();
  let isClosing = false;
  // The recheck's timer runs while a signed-in stream is open (unref'd: it keeps no process up).
  let timer: ReturnType<typeof setInterval> | null = null;
  let signedIn = 0;

  const endEntry = (entry: TEntry, reason: TStreamEnd) => {
    try {
      entry.end?.(reason);
    } catch {
      // Its connection is gone already; the others must still end.
    }
    // A stream that failed to end (or had no way to) still gives its place back.
    entry.release();
  };

  // Scoped rechecks under way (settled).
  const pending = new Set<Promise<unknown>>();

  const recheck = (scope?: TAccessChange): Promise<number> => {
    if (!scope) return check();
    // The streams concerned are chosen now, synchronously, before any later event is passed on.
    const entries = [...open].filter(
      (entry) => entry.credential && isInScope(entry.credential, scope),
    );
    if (entries.length === 0) return Promise.resolve(0);
    const run = check(entries).catch((error: Error) => {
      // Not known to see what they saw: they end, and a reconnect is checked afresh.
      options.onError?.(error);
      let ended = 0;
      for (const entry of entries) {
        if (!open.has(entry)) continue;
        endEntry(entry, 'revoked');
        ended += 1;
      }
      return ended;
    });
    pending.add(run);
    void run.finally(() => pending.delete(run));
    return run;
  };

  const check = async (chosen?: TEntry[]): Promise<number> => {
    if (!options.findLive) return 0;
    const entries = chosen ?? [...open].filter((entry) => entry.credential);
    if (entries.length === 0) return 0;
    const sessionIds = new Set<number>();
    const apiKeyIds = new Set<number>();
    for (const { credential } of entries) {
      if (credential!.apiKeyId !== undefined) apiKeyIds.add(credential!.apiKeyId);
      else sessionIds.add(credential!.sessionId);
    }
    const live = await options.findLive({
      sessionIds: [...sessionIds],
      apiKeyIds: [...apiKeyIds],
    });
    let ended = 0;
    for (const entry of entries) {
      const credential = entry.credential!;
      const now =
        credential.apiKeyId !== undefined
          ? live.apiKeys.get(credential.apiKeyId)
          : live.sessions.get(credential.sessionId);
      if (stillGives(credential, now) || !open.has(entry)) continue;
      endEntry(entry, 'revoked');
      ended += 1;
    }
    return ended;
  };

  const add = (counts: Map<string, number>, key: string, delta: number) => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  const isFull = (limit: number, current: number) => limit > 0 && current >= limit;
  // Streams of anyone but the team (anonymous visitors, end users, API keys of end users) stop
  // a tenth short of the total: the rest is the team's, so visitors from many addresses
  // (outside attack 13, F6: 21 addresses of 500 anonymous streams) cannot take the console's
  // live updates away from the people answering them.
  // And a company's team holds at most a tenth of that reserve (one company's hundred API keys
  // took all of it: attack 14, F6): its team streams past its share count as visitors' streams.
  let others = 0;
  const othersLimit = (total: number) => total - Math.floor(total / 10);
  const companyShare = (total: number) => Math.max(1, Math.ceil(Math.floor(total / 10) / 10));
  const reservedByCompany = new Map<number, number>();

  return {
    take: (owner, signal) => {
      const companyId = owner.credential?.companyId;
      const isReserved =
        isTeamMember(owner.credential ?? null) &&
        (reservedByCompany.get(companyId!) ?? 0) < companyShare(limits.total);
      if (isClosing) {
        throw new AppError('UNAVAILABLE', 'The server is restarting. Please try again shortly.');
      }
      if (
        isFull(limits.total, open.size) ||
        (!isReserved && isFull(othersLimit(limits.total), others)) ||
        isFull(limits.perIp, byIp.get(owner.ip) ?? 0) ||
        (owner.token !== undefined && isFull(limits.perToken, byToken.get(owner.token) ?? 0))
      ) {
        throw new RateLimitError(
          STREAM_RETRY_AFTER_SECONDS,
          `Too many live streams are open. Close some, or wait ${STREAM_RETRY_AFTER_SECONDS} seconds and try again.`,
        );
      }
      const { document } = owner;
      const documents = documentsByIp.get(owner.ip);
      if (
        document !== undefined &&
        !documents?.has(document) &&
        isFull(limits.documentsPerIp, documents?.size ?? 0)
      ) {
        throw new RateLimitError(
          STREAM_RETRY_AFTER_SECONDS,
          `Too many different live subscriptions are open from your address. Reuse one subscription document, or wait ${STREAM_RETRY_AFTER_SECONDS} seconds and try again.`,
        );
      }
      add(byIp, owner.ip, 1);
      if (isReserved)
        reservedByCompany.set(companyId!, (reservedByCompany.get(companyId!) ?? 0) + 1);
      else others += 1;
      if (owner.token !== undefined) add(byToken, owner.token, 1);
      if (document !== undefined) {
        const counts = documents ?? new Map<string, number>();
        documentsByIp.set(owner.ip, counts);
        add(counts, document, 1);
      }
      let isReleased = false;
      const entry: TEntry = {
        end: undefined,
        credential: owner.credential,
        release: () => {
          if (isReleased) return;
          isReleased = true;
          open.delete(entry);
          add(byIp, owner.ip, -1);
          if (isReserved) {
            const left = reservedByCompany.get(companyId!)! - 1;
            if (left > 0) reservedByCompany.set(companyId!, left);
            else reservedByCompany.delete(companyId!);
          } else others -= 1;
          if (owner.token !== undefined) add(byToken, owner.token, -1);
          const counts = document === undefined ? undefined : documentsByIp.get(owner.ip);
          if (counts) {
            add(counts, document!, -1);
            if (counts.size === 0) documentsByIp.delete(owner.ip);
          }
          signal?.removeEventListener('abort', entry.release);
          if (entry.credential) {
            signedIn -= 1;
            if (signedIn === 0 && timer) {
              clearInterval(timer);
              timer = null;
            }
          }
        },
      };
      open.add(entry);
      // Counted here from now on: the request gives back its place among its client's
      // requests (http/client-gate.ts), which a stream would hold for hours.
      leaveRequestPlace();
      if (entry.credential) {
        signedIn += 1;
        if (!timer && options.findLive) {
          timer = setInterval(() => {
            check().catch((error: Error) => options.onError?.(error));
          }, options.recheckMs ?? STREAM_RECHECK_MS);
          timer.unref();
        }
      }
      if (signal?.aborted) entry.release();
      else signal?.addEventListener('abort', entry.release, { once: true });
      return {
        release: entry.release,
        onClose: (end) => {
          entry.end = end;
        },
      };
    },
    count: (owner) => ({
      total: open.size,
      ip: owner ? (byIp.get(owner.ip) ?? 0) : 0,
      token: owner?.token ? (byToken.get(owner.token) ?? 0) : 0,
    }),
    closeAll: () => {
      isClosing = true;
      for (const entry of [...open]) endEntry(entry, 'stopping');
    },
    endRevoked: (revocation) => {
      let ended = 0;
      for (const entry of [...open]) {
        if (!entry.credential || !isRevoked(entry.credential, revocation)) continue;
        endEntry(entry, 'revoked');
        ended += 1;
      }
      return ended;
    },
    recheck,
    settled: async () => {
      if (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/**
 * `source` holding `slot` while it runs: the slot is released when the iteration ends in any
 * way (done, return, throw, a failed next), and `end` (closeAll) finishes a pending `next` at
 * once. An async generator's `finally` would not do: it never runs for a generator that was
 * returned before its first `next`, which is what a client that leaves at once causes.
 */
export function holdingSlot<T>(
  source: AsyncIterable<T>,
  slot: TStreamSlot,
  end?: () => void,
): AsyncIterableIterator<T> {
  const inner = source[Symbol.asyncIterator]();
  let isEnded = false;
  // Ends the pending `next`, if any. (A Promise.race with one promise of the stream's end added
  // a reaction to that promise on every event, kept until the stream ended.)
  let wake = () => {};
  const finish = () => {
    if (isEnded) return;
    isEnded = true;
    slot.release();
    wake();
    void Promise.resolve()
      .then(() => inner.return?.())
      .catch(() => {});
  };
  slot.onClose(() => {
    end?.();
    finish();
  });
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (isEnded) return { done: true, value: undefined };
      try {
        const step = await new Promise<IteratorResult<T>>((resolve, reject) => {
          wake = () => resolve({ done: true, value: undefined });
          inner.next().then(resolve, reject);
        });
        wake = () => {};
        if (step.done) finish();
        return step;
      } catch (error) {
        finish();
        throw error;
      }
    },
    async return(value?: unknown) {
      finish();
      return { done: true, value: value as T };
    },
    async throw(error?: unknown) {
      finish();
      throw error;
    },
  };
}
