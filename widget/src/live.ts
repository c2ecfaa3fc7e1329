/** One idea event of GET /boards/{id}/events. */
export type TIdeaEvent = {
  kind: 'CREATED' | 'UPDATED' | 'DELETED' | 'VOTED' | 'COMMENTED';
  ideaId: number;
  status: string;
  voteCount: number;
  commentCount: number;
};

/**
 * Follows the board's live events. It reads the stream with fetch rather than EventSource so
 * that the session goes in the Authorization header (never in a URL, where logs keep it), and
 * reconnects with a growing pause (or the one a stopping server names in its `reconnect` event).
 * Answers a function that stops it.
 */
export function followBoard(
  url: string,
  token: string | null,
  handlers: { onEvent: (event: TIdeaEvent) => void; onLive: (isLive: boolean) => void },
): () => void {
  const controller = new AbortController();
  let pause = 1000;

  async function connect(): Promise<void> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(url, { headers, signal: controller.signal, credentials: 'omit' });
    if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value.replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        let data = '';
        let retry = 0;
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trim();
          else if (line.startsWith('retry:')) retry = Number(line.slice(6)) || 0;
        }
        if (name === 'reconnect' && retry > 0) {
          // The server is stopping and names the pause (spread out, so a fleet's widgets do
          // not all come back at once).
          pause = retry;
        } else if (name === 'ready') {
          pause = 1000;
          handlers.onLive(true);
        } else if (name === 'idea' && data) {
          handlers.onEvent(JSON.parse(data) as TIdeaEvent);
        }
      }
    }
  }

  void (async () => {
    while (!controller.signal.aborted) {
      try {
        await connect();
      } catch {
        // reconnect below
      }
      handlers.onLive(false);
      if (controller.signal.aborted) return;
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 30_000);
    }
  })();
  return () => controller.abort();
}
