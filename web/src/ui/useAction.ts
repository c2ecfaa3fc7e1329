import { useCallback, useRef, useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { RateLimitedError, ServerBusyError, minutesToWait } from '../relay/rate-limited.ts';

/**
 * Why an action failed, as the user reads it: a catalogue message or the server's own text (with
 * the refusal's AppError code, which says it in the console's language: formatFieldMessage).
 */
export type TActionFailure =
  | { descriptor: MessageDescriptor; values?: Record<string, string | number> }
  | { text: string; code?: string };

/**
 * What a thrown error (the network, a GraphQL error, a refusal) tells the user: how many
 * minutes to wait when the server refused one attempt too many (HTTP 429, Retry-After), else the
 * generic error. The one place the console maps such errors: forms (useAction) and toasts.
 */
export function failureOf(error: unknown): TActionFailure {
  if (error instanceof RateLimitedError) {
    return {
      descriptor: commonMessages.rateLimited,
      values: { minutes: minutesToWait(error.retryAfterSeconds) },
    };
  }
  if (error instanceof ServerBusyError) return { descriptor: commonMessages.serverBusy };
  return { descriptor: commonMessages.genericError };
}

/**
 * Runs one request-starting action at a time: `isPending` while it runs (for the button's
 * busy state), a second call meanwhile is ignored (a double click, Enter pressed twice), and a
 * failure lands in `failure` for an inline alert beside the button instead of vanishing.
 *
 * The action answers a failure to show, or nothing on success; a thrown error (the network,
 * a GraphQL error) shows the generic message, a rate limit how long to wait (failureOf). The guard is a ref, not the state: two clicks in
 * one frame both run before React re-renders the button as disabled.
 */
export function useAction<TArgs extends unknown[]>(
  action: (...args: TArgs) => Promise<TActionFailure | null | undefined | void>,
) {
  const [isPending, setIsPending] = useState(false);
  const [failure, setFailure] = useState<TActionFailure | null>(null);
  const isRunning = useRef(false);
  const latest = useRef(action);
  latest.current = action;

  const run = useCallback(async (...args: TArgs): Promise<void> => {
    if (isRunning.current) return;
    isRunning.current = true;
    setIsPending(true);
    setFailure(null);
    try {
      const result = await latest.current(...args);
      if (result) setFailure(result);
    } catch (error) {
      console.warn('action failed', error);
      setFailure(failureOf(error));
    } finally {
      isRunning.current = false;
      setIsPending(false);
    }
  }, []);

  const clearFailure = useCallback(() => setFailure(null), []);
  return { run, isPending, failure, setFailure, clearFailure };
}
