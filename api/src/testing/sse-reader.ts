/** One server-sent event as received. */
export type TSseEvent = { event: string; data: string; retry?: number };

export type TSseReader = {
  status: number;
  headers: Headers;
  events: TSseEvent[];
  /** Resolves with the first event (received or to come) that matches. */
  waitFor: (match: (event: TSseEvent) => boolean, timeoutMs?: number) => Promise<TSseEvent>;
  close: () => void;
};

/** Opens an SSE stream with fetch (so it can send a bearer token) and collects its events. */
export async function readSse(url: string, token?: string): Promise<TSseReader> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: controller.signal,
  });
  const events: TSseEvent[] = [];
  const listeners = new Set<() => void>();
  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            let retry: number | undefined;
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
              else if (line.startsWith('retry:')) retry = Number(line.slice(6).trim());
            }
            if (data.length) {
              events.push({
                event,
                data: data.join('\n'),
                ...(retry === undefined ? {} : { retry }),
              });
            }
            for (const listener of listeners) listener();
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  return {
    status: response.status,
    headers: response.headers,
    events,
    waitFor: (match, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          listeners.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`No matching event in ${timeoutMs} ms: ${JSON.stringify(events)}`));
        }, timeoutMs);
        listeners.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
}
