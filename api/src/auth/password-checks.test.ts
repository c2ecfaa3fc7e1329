import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_ERROR, gql, signUpCompany } from '../testing/graphql-client.ts';
import type { TTestAccount } from '../testing/graphql-client.ts';
import { UNLIMITED_FOR_TESTS, startTestServer } from '../testing/test-server.ts';
import { createRateLimiter } from '../http/rate-limit.ts';
import { createLogger } from '../observability/log.ts';
import { REFUSAL_PAUSE_MS, createPasswordChecks } from './password-checks.ts';
import type { TTestServer } from '../testing/test-server.ts';

// Outside attack 7, finding 1: 40 parallel wrong passwords from one address (well within the
// 100 failures a minute allowed) held every other person's sign-in behind their hash checks.
// Now a few checks of one address are in flight at once; the rest are refused at once.

const LOGIN = `
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      __typename
      ... on MutationLoginSuccess { data { token } }
      ${APP_ERROR}
    }
  }`;

const FLOOD = 40;

describe('password checks in flight per address', { timeout: 120_000 }, () => {
  let server: TTestServer;
  let victim: TTestAccount;
  let bystander: TTestAccount;

  beforeAll(async () => {
    // The default caps (2 per address); one proxy in front, so tests can name the address.
    server = await startTestServer({ trustProxy: 1 });
    victim = await signUpCompany(server);
    bystander = await signUpCompany(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const logInFrom = (address: string, email: string, password: string) =>
    server.call('POST', '/api/v1/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': address },
    });

  it('refuses a flood of wrong passwords from one address at once, while another address signs in', async () => {
    const flood = Array.from({ length: FLOOD }, () =>
      logInFrom('203.0.113.7', victim.email, 'not-the-password'),
    );
    const other = logInFrom('198.51.100.20', bystander.email, 'secret-password');
    const [floodAnswers, otherAnswer] = await Promise.all([Promise.all(flood), other]);

    expect(otherAnswer.status).toBe(200);
    expect(otherAnswer.body.token).toEqual(expect.any(String));
    const refused = floodAnswers.filter(({ status }) => status === 429);
    const checked = floodAnswers.filter(({ status }) => status === 401);
    expect(refused.length + checked.length).toBe(FLOOD);
    // Only the few in flight at once were checked: the others were told to wait, not queued.
    expect(refused.length).toBeGreaterThanOrEqual(FLOOD - 10);
    for (const answer of refused) {
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body.error.code).toBe('RATE_LIMITED');
    }
    // Nothing is held once the flood is over: the right password signs in from that address.
    const after = await logInFrom('203.0.113.7', victim.email, 'secret-password');
    expect(after.status).toBe(200);
  });

  it('caps the GraphQL login mutation the same way', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.8' },
          body: JSON.stringify({
            query: LOGIN,
            variables: { email: victim.email, password: 'not-the-password' },
          }),
        }),
      ),
    );
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(6);
    const refused = answers.find(({ status }) => status === 429)!;
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(JSON.stringify(await refused.json())).toContain('RATE_LIMITED');
    const after = await gql(server, LOGIN, { email: victim.email, password: 'secret-password' });
    expect(after.body.data.login.__typename).toBe('MutationLoginSuccess');
  });

  it("caps checks of a signed-in person's current password (password change)", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        server.call('PUT', '/api/v1/profile/password', {
          token: bystander.token,
          body: { currentPassword: 'not-the-password', newPassword: 'another-password' },
        }),
      ),
    );
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(6);
    expect(statuses.every((status) => status === 429 || status === 400)).toBe(true);
  });
});

// Outside attack 8, F3: 40 addresses with two wrong passwords each filled the one shared line
// of checks waiting, and a person at any other address was refused until the flood stopped.
describe('password checks waiting, address by address', () => {
  it('serves a new address after one check of each address waiting, never refusing it', async () => {
    const limiter = createRateLimiter({
      limits: UNLIMITED_FOR_TESTS,
      redisUrl: undefined,
      redisPrefix: 'password-checks-fair:',
      log: createLogger('silent', 'json'),
    });
    const checks = createPasswordChecks(limiter, { perAddress: 2, concurrent: 1, waiting: 4 });
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      // One check runs (held); then 10 addresses put two checks each in line.
      const first = checks.gate('198.51.100.1', () => checks.slot(() => held));
      const flood = [];
      for (let n = 2; n <= 11; n += 1) {
        for (let k = 0; k < 2; k += 1) {
          const address = `198.51.100.${n}`;
          flood.push(
            checks
              .gate(address, () => checks.slot(async () => void order.push(address)))
              .catch(() => order.push(`refused ${address}`)),
          );
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
      // The line is past its 4: a new address still gets a place, behind one check of each.
      const newcomer = checks.gate('203.0.113.50', () =>
        checks.slot(async () => void order.push('newcomer')),
      );
      release();
      await Promise.all([first, newcomer, ...flood]);
      const served = order.filter((entry) => !entry.startsWith('refused'));
      expect(served.indexOf('newcomer')).toBeGreaterThanOrEqual(0);
      expect(served.indexOf('newcomer')).toBeLessThanOrEqual(10);
      // Every flooding address got its first check in before any got a second.
      const firsts = served.slice(0, served.indexOf('newcomer'));
      expect(new Set(firsts).size).toBe(firsts.length);
    } finally {
      await limiter.close();
    }
  });
});

// Outside attack 13, F5: one address's two sign-ins in flight (two hashes each) kept both cores
// of a two-core machine hashing, and every other request waited for the CPU; a person signing
// in meanwhile waited behind the flood's next check for each of their own.
describe('password checks and the rest of the server (attack 13)', () => {
  const limiterFor = (prefix: string) =>
    createRateLimiter({
      limits: UNLIMITED_FOR_TESTS,
      redisUrl: undefined,
      redisPrefix: prefix,
      log: createLogger('silent', 'json'),
    });

  it('runs at most one check fewer than the cores at once, so requests keep a core', async () => {
    const limiter = limiterFor('password-checks-cores:');
    const checks = createPasswordChecks(limiter, { perAddress: 2, concurrent: 4, waiting: 64 }, 2);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const running = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((address) =>
        checks.gate(address, () => checks.slot(() => held)),
      );
      await new Promise((resolve) => setImmediate(resolve));
      // Four at once on two cores took both; now one runs and the others wait their turn.
      expect(checks.load()).toEqual({ running: 1, waiting: 2 });
      release();
      await Promise.all(running);
      await new Promise((resolve) => setImmediate(resolve));
      expect(checks.load()).toEqual({ running: 0, waiting: 0 });
    } finally {
      await limiter.close();
    }
  });

  it('answers a refusal after a pause, so a client waiting for its answers sends a few a second', async () => {
    const limiter = limiterFor('password-checks-pause:');
    const checks = createPasswordChecks(limiter, { perAddress: 1, concurrent: 1, waiting: 64 });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const first = checks.gate('203.0.113.7', () => held);
      let refusal: unknown;
      const second = checks
        .gate('203.0.113.7', async () => 'checked')
        .catch((error: unknown) => {
          refusal = error;
        });
      for (let turn = 0; turn < 5; turn += 1) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      // Refused at once, twenty loops of one address made 900 requests a second.
      expect(refusal).toBeUndefined();
      await vi.advanceTimersByTimeAsync(REFUSAL_PAUSE_MS);
      await second;
      expect(String(refusal)).toMatch(/at once/);
      release();
      await first;
    } finally {
      vi.useRealTimers();
      await limiter.close();
    }
  });

  it("gives a person's checks the next turns, before a flooding address's next ones", async () => {
    const limiter = limiterFor('password-checks-use:');
    const checks = createPasswordChecks(limiter, { perAddress: 2, concurrent: 1, waiting: 64 });
    const order: string[] = [];
    const hash = (who: string) =>
      checks.slot(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(who);
      });
    let stop = false;
    try {
      // One address keeps its two sign-ins in flight, each two checks (the decoys of log-in.ts).
      const flood = Array.from({ length: 2 }, () =>
        (async () => {
          while (!stop) {
            await checks.gate('203.0.113.7', async () => {
              await hash('flood');
              await hash('flood');
            });
          }
        })(),
      );
      while (order.length < 6) await new Promise((resolve) => setTimeout(resolve, 1));
      const before = order.length;
      await checks.gate('198.51.100.20', async () => {
        await hash('person');
        await hash('person');
      });
      stop = true;
      await Promise.all(flood);
      const during = order.slice(before);
      const floodAhead = during
        .slice(0, during.lastIndexOf('person'))
        .filter((who) => who === 'flood').length;
      // In turn around the circle each of the person's checks waited for one of the flood's
      // besides the one running (three ahead); now only for the one running.
      expect(floodAhead).toBeLessThanOrEqual(1);
    } finally {
      stop = true;
      await limiter.close();
    }
  });
});

// Outside attack 33, F5: twenty addresses each keeping their two sign-ins in flight held the
// company admin's sign-in from another address 8.9-10.8 s. Its first check came at once (its
// address had used none), but its second went to the back: having just hashed, the admin's
// address had used more than any of the twenty, and waited for one check of each.
describe('password checks of a sign-in under way (attack 33, F5)', () => {
  it("runs a started sign-in's next check before other addresses' first ones", async () => {
    const limiter = createRateLimiter({
      limits: UNLIMITED_FOR_TESTS,
      redisUrl: undefined,
      redisPrefix: 'password-checks-under-way:',
      log: createLogger('silent', 'json'),
    });
    const checks = createPasswordChecks(limiter, { perAddress: 2, concurrent: 1, waiting: 64 });
    const order: string[] = [];
    let stop = false;
    const hash = (who: string) =>
      checks.slot(async () => {
        // Near a real check's time (~130 ms) against use halved every second; none once done.
        if (!stop) await new Promise((resolve) => setTimeout(resolve, 60));
        order.push(who);
      });
    const signIn = (address: string, who: string) =>
      checks.gate(address, async () => {
        await hash(who);
        await hash(who);
      });
    const flood: Array<Promise<void>> = [];
    try {
      for (let n = 1; n <= 20; n += 1) {
        for (let k = 0; k < 2; k += 1) {
          flood.push(
            (async () => {
              while (!stop) await signIn(`203.0.113.${n}`, 'flood');
            })(),
          );
        }
      }
      // Every flooding address has had its turns (each has used the checks lately).
      while (order.length < 40) await new Promise((resolve) => setTimeout(resolve, 1));
      const before = order.length;
      await signIn('198.51.100.20', 'admin');
      stop = true;
      await Promise.all(flood);
      const during = order.slice(before, order.lastIndexOf('admin'));
      // At most the check running when the admin came and the rest of its sign-in; before, one
      // check of each of the twenty addresses ran between the admin's two.
      expect(during.filter((who) => who === 'flood').length).toBeLessThanOrEqual(2);
    } finally {
      stop = true;
      await Promise.all(flood);
      await limiter.close();
    }
  });
  it("serves a person's first check before a flood's addresses that have had no turn yet", async () => {
    const limiter = createRateLimiter({
      limits: UNLIMITED_FOR_TESTS,
      redisUrl: undefined,
      redisPrefix: 'password-checks-flood-start:',
      log: createLogger('silent', 'json'),
    });
    const checks = createPasswordChecks(limiter, { perAddress: 2, concurrent: 1, waiting: 64 });
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const first = checks.gate('198.51.100.1', () => checks.slot(() => held));
      // A flood starts: 20 addresses send three sign-ins at once each, two wait and one is
      // refused (past the two in flight).
      const flood = [];
      for (let n = 1; n <= 20; n += 1) {
        for (let k = 0; k < 3; k += 1) {
          const address = `203.0.113.${n}`;
          flood.push(
            checks
              .gate(address, () => checks.slot(async () => void order.push(address)))
              .catch(() => {}),
          );
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      const admin = checks.gate('198.51.100.20', () =>
        checks.slot(async () => void order.push('admin')),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      await Promise.all([first, admin, ...flood]);
      // Before, the twenty addresses' first checks went first: none had used any either.
      expect(order.indexOf('admin')).toBe(0);
    } finally {
      await limiter.close();
    }
  });
});

// With REDIS_URL, every process counts one address's checks in flight together.
describe.skipIf(!process.env.REDIS_URL)('password checks in flight, shared through Redis', () => {
  it('gives one address two places across two processes, not two each', async () => {
    const options = {
      limits: UNLIMITED_FOR_TESTS,
      redisUrl: process.env.REDIS_URL,
      redisPrefix: `password-checks-test-${process.pid}-${Date.now()}:`,
      log: createLogger('silent', 'json'),
    };
    const limiters = [createRateLimiter(options), createRateLimiter(options)];
    try {
      for (const limiter of limiters) await expect.poll(() => limiter.isShared()).toBe(true);
      const [one, two] = limiters.map((limiter) =>
        createPasswordChecks(limiter, { perAddress: 2, concurrent: 4, waiting: 64 }),
      );
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      // One check in flight in each process, each started (its place taken) before going on.
      const running = [one!, two!].map(
        (checks) =>
          new Promise<{ done: Promise<void> }>((started) => {
            const done = checks.gate('203.0.113.9', () => {
              started({ done });
              return held;
            });
          }),
      );
      const inFlight = await Promise.all(running);
      // A third, in either process, is refused at once.
      await expect(one!.gate('203.0.113.9', async () => 'checked')).rejects.toThrow(/at once/);
      await expect(two!.gate('203.0.113.9', async () => 'checked')).rejects.toThrow(/at once/);
      // Another address is not touched; once the two are done, the address checks again.
      await expect(two!.gate('203.0.113.10', async () => 'checked')).resolves.toBe('checked');
      release();
      await Promise.all(inFlight.map(({ done }) => done));
      await expect(one!.gate('203.0.113.9', async () => 'checked')).resolves.toBe('checked');
    } finally {
      for (const limiter of limiters) await limiter.close();
    }
  });
});
