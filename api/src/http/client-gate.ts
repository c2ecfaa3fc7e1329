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
 */
export type TClientGate = {
  /**
   * Asks for one of `client`'s places: `start` runs now, or when a place frees; answers the
   * function that gives the place back (or leaves the line unstarted), or null when the line is
   * full. Giving back twice does nothing.
   */
  enter: (client: string, start: () => void) => (() => void) | null;
};

export type TClientGateLimits = { concurrency: number; queue: number };

type TClientLine = { active: number; waiting: Array<() => void> };

export function createClientGate({ concurrency, queue }: TClientGateLimits): TClientGate {
  const lines = new Map<string, TClientLine>();
  const next = (client: string, line: TClientLine) => {
    const first = line.waiting.shift();
    if (first) {
      // The place passes on: `active` stays.
      first();
      return;
    }
    line.active -= 1;
    if (line.active === 0) lines.delete(client);
  };
  return {
    enter(client, start) {
      if (concurrency <= 0) {
        start();
        return () => {};
      }
      let line = lines.get(client);
      if (!line) {
        line = { active: 0, waiting: [] };
        lines.set(client, line);
      }
      const own = line;
      let started = false;
      let given = false;
      const place = () => {
        started = true;
        start();
      };
      const leave = () => {
        if (given) return;
        given = true;
        if (started) {
          next(client, own);
          return;
        }
        // Left the line before its turn (the client went away).
        const at = own.waiting.indexOf(place);
        if (at !== -1) own.waiting.splice(at, 1);
      };
      if (own.active < concurrency) {
        own.active += 1;
        place();
        return leave;
      }
      if (own.waiting.length >= queue) return null;
      own.waiting.push(place);
      return leave;
    },
  };
}
