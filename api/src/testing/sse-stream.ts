/** A server-sent event stream read with fetch, as the widget and graphql-sse read one. */
export type TStream = {
  label: string;
  status: number;
  /** The text received so far. */
  text: () => string;
  /** Resolves when the server ends the stream (or drops its connection). */
  ended: Promise<void>;
  isEnded: () => boolean;
  close: () => void;
};

/** Opens a stream: GET without a body, POST (GraphQL over SSE) with one. */
export async function openStream(
  label: string,
  url: string,
  init: { token: string; body?: unknown },
): Promise<TStream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      accept: 'text/event-stream',
      authorization: `Bearer ${init.token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: controller.signal,
  });
  let text = '';
  let isEnded = false;
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
    } catch {
      // The connection was dropped: ended too.
    } finally {
      isEnded = true;
    }
  })();
  return {
    label,
    status: response.status,
    text: () => text,
    ended,
    isEnded: () => isEnded,
    close: () => controller.abort(),
  };
}

/** Polls `check` every 20 ms until it holds, or throws naming `what`. */
export async function waitUntil(
  check: () => boolean,
  what: string,
  timeoutMs = 8_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
