/**
 * How many requests one client (an address, an IPv6 /64 as one: the key rate limits count by)
 * has in the works at once in this process. Past `concurrency`, its further requests wait in
 * the order they came, at most `queue` of them; past that they are refused at once (429). A
 * browser opens six connections to a host, so a person, or an office behind one address, rarely
 * waits; one client sending seventy requests at once is served a few at a time instead of
 * filling every turn of the database and of the event loop (outside attack 10: seventy
 * similar-idea hints held `/healthz` 3.4 s; sixty connections of refused sign-ins 1 s; attack
 * 9, F8: 1,500 slow uploads held at once). Other clients go on as before: their requests never
 * wait behind another client's here.
 *
 * A request whose body is still arriving has come (`arrive`) but takes no place until it
 * `enter`s, once its body is in (server.ts, http/body-intake.ts): eight uploads trickling a
 * byte a second held all eight places of their address for REQUEST_TIMEOUT_MS, and every other
 * request of that address (an office's people) waited behind them (outside attack 11, F3).
 * Arriving requests count toward `concurrency + queue` with the others, so one address still
 * has at most that many requests open here.
 */
export type TClientGate = {
  /**
   * A request of `client` has come and reads its body: it counts toward the line's size
   * (`concurrency + queue`) without a place; null when the line is full.
   */
  arrive: (client: string) => TArrival | null;
};

export type TArrival = {
  /** Asks for a place: `start` runs now, or when a place frees. */
  enter: (start: () => void) => void;
  /** Gives the place back (or leaves the line unstarted) but stays among the line's requests. */
  stepOut: () => void;
  /** Done: gives back the place, or the wait, or the arrival. Twice does nothing. */
  leave: () => void;
};

export type TClientGateLimits = { concurrency: number; queue: number };

type TClientLine = { active: number; arriving: number; waiting: Array<() => void> };

const NO_LINE: TArrival = {
  enter: (start) => start(),
  stepOut: () => {},
  leave: () => {},
};

export function createClientGate({ concurrency, queue }: TClientGateLimits): TClientGate {
  const lines = new Map<string, TClientLine>();
  const tidy = (client: string, line: TClientLine) => {
    if (line.active === 0 && line.arriving === 0 && line.waiting.length === 0) {
      lines.delete(client);
    }
  };
  const next = (client: string, line: TClientLine) => {
    const first = line.waiting.shift();
    if (first) {
      // The place passes on: `active` stays.
      first();
      return;
    }
    line.active -= 1;
    tidy(client, line);
  };
  const arrive = (client: string): TArrival | null => {
    if (concurrency <= 0) return NO_LINE;
    let line = lines.get(client);
    if (!line) {
      line = { active: 0, arriving: 0, waiting: [] };
      lines.set(client, line);
    }
    const own = line;
    if (own.active + own.waiting.length + own.arriving >= concurrency + queue) {
      tidy(client, own);
      return null;
    }
    own.arriving += 1;
    let state: 'arriving' | 'waiting' | 'active' | 'gone' = 'arriving';
    let place: (() => void) | null = null;
    const giveBack = () => {
      if (state === 'active') next(client, own);
      if (state === 'waiting') {
        const at = place ? own.waiting.indexOf(place) : -1;
        if (at !== -1) own.waiting.splice(at, 1);
      }
      if (state === 'arriving') own.arriving -= 1;
    };
    return {
      enter(start) {
        if (state !== 'arriving') return;
        own.arriving -= 1;
        const started = () => {
          state = 'active';
          start();
        };
        if (own.active < concurrency) {
          own.active += 1;
          started();
          return;
        }
        state = 'waiting';
        place = started;
        own.waiting.push(started);
      },
      stepOut() {
        if (state !== 'active' && state !== 'waiting') return;
        // Counted as arriving first, so the line is not tidied away in between.
        own.arriving += 1;
        giveBack();
        state = 'arriving';
      },
      leave() {
        if (state === 'gone') return;
        giveBack();
        state = 'gone';
        tidy(client, own);
      },
    };
  };
  return { arrive };
}
