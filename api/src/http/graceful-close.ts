import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Socket } from 'node:net';

/**
 * How long a connection must have been idle before a stopping server closes it. A client in a
 * loop of keep-alive requests sends its next one within a moment of the last answer: its
 * connection is kept for that request (answered with `Connection: close`). One idle longer is
 * a pooled connection nobody is using, closed at once.
 */
export const IDLE_CLOSE_AFTER_MS = 1_000;
/** How often a stopping server looks for connections that went idle. */
const SWEEP_MS = 100;

export type TConnections = {
  /**
   * Stops taking connections and ends the open ones without cutting a request: answers not yet
   * started, and every request still arriving on an open connection, go out with
   * `Connection: close` (the client then opens its next connection elsewhere); connections
   * idle for IDLE_CLOSE_AFTER_MS are closed. Resolves when every connection has ended.
   */
  drain: () => Promise<void>;
  /** True once drain() was called. */
  isDraining: () => boolean;
};

/**
 * Tracks `server`'s connections and answers for a graceful stop. Node's own `server.close()`
 * (with `closeIdleConnections()`) closes every connection idle at that instant: a keep-alive
 * client sending its next request at the same moment got ECONNRESET for a request the server
 * never read, and one whose answer was in flight got it with `Connection: keep-alive`, then had
 * its connection closed under the next request.
 */
export function trackConnections(server: Server): TConnections {
  const sockets = new Map<Socket, { active: number; idleSince: number }>();
  const unanswered = new Set<ServerResponse>();
  let isDraining = false;
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { active: 0, idleSince: performance.now() });
    socket.once('close', () => sockets.delete(socket));
  });
  // Before the application's listener: the header is there before anything is written.
  server.prependListener('request', (request, response) => {
    const state = sockets.get(request.socket);
    if (state) state.active += 1;
    if (isDraining) response.setHeader('connection', 'close');
    else unanswered.add(response);
    response.once('close', () => {
      unanswered.delete(response);
      if (!state) return;
      state.active -= 1;
      state.idleSince = performance.now();
    });
  });
  return {
    isDraining: () => isDraining,
    drain: () => {
      isDraining = true;
      for (const response of unanswered) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
      unanswered.clear();
      // net's close, not http's: it stops listening without closing idle connections at once.
      const closed = new Promise<void>((resolve) => {
        NetServer.prototype.close.call(server, () => resolve());
      });
      const sweep = () => {
        const now = performance.now();
        for (const [socket, state] of sockets) {
          if (state.active === 0 && now - state.idleSince >= IDLE_CLOSE_AFTER_MS) {
            socket.destroy();
          }
        }
      };
      sweep();
      const timer = setInterval(sweep, SWEEP_MS);
      return closed.finally(() => clearInterval(timer));
    },
  };
}
