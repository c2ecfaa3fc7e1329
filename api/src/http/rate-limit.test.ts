import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfig } from '../config.ts';
import { expectCall, restCompany } from '../testing/rest-fixtures.ts';
import type { TRestCompany } from '../testing/rest-fixtures.ts';
import { startTestServer } from '../testing/test-server.ts';
import type { TTestServer } from '../testing/test-server.ts';

/** Small limits, so a test reaches them in a few calls. */
const LIMITS: TConfig['rateLimits'] = {
  login: { perIp: 6, perAccount: 3, windowSeconds: 60 },
  loginEmail: { perIp: 0, perAccount: 8, windowSeconds: 60 },
  signup: { perIp: 4, perAccount: 2, windowSeconds: 60 },
  recoveryRequest: { perIp: 5, perAccount: 2, windowSeconds: 900 },
  recoveryMail: { perIp: 0, perAccount: 3, windowSeconds: 86_400 },
  recoveryReset: { perIp: 5, perAccount: 3, windowSeconds: 60 },
  sso: { perIp: 6, perAccount: 3, windowSeconds: 60 },
  confirmEmail: { perIp: 10, perAccount: 2, windowSeconds: 3600 },
  secondFactor: { perIp: 10, perAccount: 3, windowSeconds: 60 },
  mcp: { perIp: 1000, perAccount: 1000, windowSeconds: 60 },
  testEmail: { perIp: 1000, perAccount: 1000, windowSeconds: 60 },
  invoiceRequest: { perIp: 1000, perAccount: 1000, windowSeconds: 60 },
  invitationMail: { perIp: 1000, perAccount: 1000, windowSeconds: 60 },
  mailRecipient: { perIp: 1000, perAccount: 1000, windowSeconds: 60 },
  domainCheck: { perIp: 1000, perAccount: 1000, windowSeconds: 60 },
  graphqlCost: { perIp: 150_000, perAccount: 150_000, windowSeconds: 60 },
  similarIdeas: { perIp: 3, perAccount: 3, windowSeconds: 60 },
  ideaSubmission: { perIp: 1000, perAccount: 1000, windowSeconds: 60 },
  commentSubmission: { perIp: 1000, perAccount: 1000, windowSeconds: 60 },
  ideaSearch: { perIp: 1000, perAccount: 1000, windowSeconds: 60 },
  teamIdeaSearch: { perIp: 0, perAccount: 1000, windowSeconds: 60 },
};

let limited: TTestServer;
let untrusting: TTestServer;
let company: TRestCompany;
let boardHash: string;
let secret: string;

// TRUST_PROXY=1: each test speaks from its own X-Forwarded-For address, so counters are its own.
let addresses = 0;
const newAddress = () => {
  addresses += 1;
  return `203.0.113.${addresses}`;
};

afterAll(async () => {
  await limited?.close();
  await untrusting?.close();
});

async function post(target: TTestServer, path: string, body: unknown, ip?: string) {
  return target.call('POST', path, { body, headers: ip ? { 'x-forwarded-for': ip } : {} });
}

function expectRateLimited(response: { status: number; body: any; headers: Headers }) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  expect(response.body.error).toEqual({
    code: 'RATE_LIMITED',
    message: `Too many attempts. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
  });
}

// Console sign-ins check at least two password hashes since one address may be on several teams:
// the sign-in loops below took past 60 s on a loaded two-core machine.
describe('rate limits', { timeout: 180_000 }, () => {
  beforeAll(async () => {
    limited = await startTestServer({ trustProxy: 1, rateLimits: LIMITS });
    untrusting = await startTestServer({ trustProxy: 0, rateLimits: LIMITS });
    company = await restCompany(limited);
    boardHash = (
      await expectCall(limited, 'GET', `/boards/${company.boardId}/widget-setup`, 200, {
        token: company.owner.token,
      })
    ).boardHash;
    secret = (await expectCall(limited, 'GET', '/company', 200, { token: company.owner.token }))
      .companySecret;
  });

  it('refuses a fourth sign-in for one email from one address with 429 and Retry-After, even with the right password', async () => {
    const ip = newAddress();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await post(
        limited,
        '/api/v1/login',
        { email: company.owner.email, password: 'wrong-password' },
        ip,
      );
      expect(wrong.status).toBe(401);
    }
    expectRateLimited(
      await post(
        limited,
        '/api/v1/login',
        { email: company.owner.email, password: 'secret-password' },
        ip,
      ),
    );
    // The owner signing in from elsewhere is not locked out by the attacker.
    const elsewhere = await post(
      limited,
      '/api/v1/login',
      { email: company.owner.email, password: 'secret-password' },
      newAddress(),
    );
    expect(elsewhere.status).toBe(200);
  });

  it('spends a GraphQL budget of cost points: an anonymous address, then an account, past it 429 with Retry-After', async () => {
    // 25 comments of each of 100 ideas, with their authors: 74,040 points (54,040 before a page
    // under a list was priced 200 a parent row for the statement it reads per parent).
    const heavy = `{ board(id: "${company.boardId}") { ideas(first: 100) { edges { node {
      comments(first: 25) { edges { node { text author { displayName } } } } } } } } }`;
    const cheap = `{ board(id: "${company.boardId}") { name } }`;
    const ip = newAddress();
    for (let n = 0; n < 2; n += 1) {
      const answer = await post(limited, '/graphql', { query: heavy }, ip);
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
    }
    const refused = await post(limited, '/graphql', { query: heavy }, ip);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        message: `Too many costly requests. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
        extensions: { code: 'RATE_LIMITED', retryAfter },
      }),
    ]);
    expect(refused.body.data).toBeUndefined();
    // Another address is not that one; a signed-in caller from the same address counts on
    // its own account (an office shares an address, not a budget).
    expect((await post(limited, '/graphql', { query: heavy }, newAddress())).status).toBe(200);
    const signedIn = (query: string) =>
      limited.call('POST', '/graphql', {
        token: company.owner.token,
        body: { query },
        headers: { 'x-forwarded-for': ip },
      });
    // An API key the owner made spends the owner's budget, not one of its own (attack 14).
    const made = await signedIn(
      'mutation { createApiKey(name: "Budget check") { __typename ... on MutationCreateApiKeySuccess { data { key } } } }',
    );
    const apiKey = made.body.data.createApiKey.data.key as string;
    expect((await signedIn(heavy)).status).toBe(200);
    expect((await signedIn(heavy)).status).toBe(200);
    expect((await signedIn(heavy)).status).toBe(429);
    const withKey = await limited.call('POST', '/graphql', {
      token: apiKey,
      body: { query: heavy },
      headers: { 'x-forwarded-for': newAddress() },
    });
    expect(withKey.status).toBe(429);
    // A cheap question still fits what is left.
    const small = await signedIn(cheap);
    expect(small.status).toBe(200);
    expect(small.body.data.board.name).toEqual(expect.any(String));
  });

  it('limits similar-idea searches per address, REST and GraphQL together', async () => {
    const ip = newAddress();
    const similar = () =>
      limited.call('GET', `/api/v1/boards/${company.boardId}/ideas/similar?text=export%20csv`, {
        headers: { 'x-forwarded-for': ip },
      });
    expect((await similar()).status).toBe(200);
    expect((await similar()).status).toBe(200);
    const graphql = await post(
      limited,
      '/graphql',
      { query: `{ board(id: "${company.boardId}") { similarIdeas(text: "export csv") { id } } }` },
      ip,
    );
    expect(graphql.status).toBe(200);
    expectRateLimited(await similar());
    const refused = await post(
      limited,
      '/graphql',
      { query: `{ board(id: "${company.boardId}") { similarIdeas(text: "export csv") { id } } }` },
      ip,
    );
    expect(refused.status).toBe(429);
    // Another address keeps its own.
    const elsewhere = await limited.call(
      'GET',
      `/api/v1/boards/${company.boardId}/ideas/similar?text=export%20csv`,
      { headers: { 'x-forwarded-for': newAddress() } },
    );
    expect(elsewhere.status).toBe(200);
  });

  it('limits one address across emails, and the GraphQL login counts with REST', async () => {
    const ip = newAddress();
    for (let n = 0; n < 3; n += 1) {
      const rest = await post(
        limited,
        '/api/v1/login',
        { email: `nobody-${n}@example.com`, password: 'whatever-1' },
        ip,
      );
      expect(rest.status).toBe(401);
      const graphql = await post(
        limited,
        '/graphql',
        {
          query: `mutation { login(email: "other-${n}@example.com", password: "whatever-1") { __typename } }`,
        },
        ip,
      );
      expect(graphql.body.data.login.__typename).toBe('AppError');
    }
    // Six attempts used the address's allowance: the seventh is refused on either transport.
    const graphql = await post(
      limited,
      '/graphql',
      {
        query: `mutation { login(email: "${company.owner.email}", password: "secret-password") { __typename } }`,
      },
      ip,
    );
    expect(graphql.status).toBe(429);
    const retryAfter = Number(graphql.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(graphql.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(
          /^Too many attempts\. Please wait \d+ seconds? and try again\.$/,
        ),
        extensions: { code: 'RATE_LIMITED', retryAfter },
      }),
    ]);
    expectRateLimited(
      await post(
        limited,
        '/api/v1/login',
        { email: 'x-new@example.com', password: 'whatever-1' },
        ip,
      ),
    );
  });

  it('slows guessing one email spread over addresses: a source that failed waits, one that has not keeps its try', async () => {
    const email = 'spread-guessing@example.com';
    const guessers = Array.from({ length: 4 }, newAddress);
    // 8 failures in all (the account's limit), two from each of four sources.
    for (const ip of [...guessers, ...guessers]) {
      const wrong = await post(limited, '/api/v1/login', { email, password: 'guess-wrong' }, ip);
      expect(wrong.status).toBe(401);
    }
    // Past the account's limit, a source that failed on it is refused its next guess...
    expectRateLimited(
      await post(limited, '/api/v1/login', { email, password: 'guess-last' }, guessers[0]),
    );
    // ...while a source that has not failed still has its try (and a wrong guess is a 401).
    const fresh = newAddress();
    expect(
      (await post(limited, '/api/v1/login', { email, password: 'guess-new' }, fresh)).status,
    ).toBe(401);
    expectRateLimited(
      await post(limited, '/api/v1/login', { email, password: 'guess-again' }, fresh),
    );
    // Other emails from fresh addresses are not affected.
    const other = await post(
      limited,
      '/api/v1/login',
      { email: 'someone-else@example.com', password: 'whatever-1' },
      newAddress(),
    );
    expect(other.status).toBe(401);
  });

  it('never counts successful sign-ins: an owner signing in often from one address is not refused', async () => {
    const ip = newAddress();
    // Three times the per-account-and-source limit, all with the right password.
    for (let attempt = 0; attempt < 9; attempt += 1) {
      const right = await post(
        limited,
        '/api/v1/login',
        { email: company.owner.email, password: 'secret-password' },
        ip,
      );
      expect(right.status).toBe(200);
    }
    // Failures after them still have their whole allowance, and no more.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const wrong = await post(
        limited,
        '/api/v1/login',
        { email: company.owner.email, password: 'wrong-password' },
        ip,
      );
      expect(wrong.status).toBe(401);
    }
    expectRateLimited(
      await post(
        limited,
        '/api/v1/login',
        { email: company.owner.email, password: 'wrong-password' },
        ip,
      ),
    );
  });

  it('does not lock the owner out for failures spread over many addresses: the right password from a new one signs in', async () => {
    const owner = await restCompany(limited);
    // The attack, scaled to these limits: up to the account's limit (8) from three
    // addresses, each within its own allowance (3).
    const guessers = Array.from({ length: 3 }, newAddress);
    for (const [index, ip] of guessers.entries()) {
      for (let attempt = 0; attempt < (index < 2 ? 3 : 2); attempt += 1) {
        const wrong = await post(
          limited,
          '/api/v1/login',
          { email: owner.owner.email, password: `guess-${attempt}` },
          ip,
        );
        expect(wrong.status).toBe(401);
      }
    }
    // The guessers are slowed: their next try waits...
    expectRateLimited(
      await post(
        limited,
        '/api/v1/login',
        { email: owner.owner.email, password: 'guess-more' },
        guessers[2],
      ),
    );
    // ...while the owner, from an address that has not failed, signs in.
    const right = await post(
      limited,
      '/api/v1/login',
      { email: owner.owner.email, password: 'secret-password' },
      newAddress(),
    );
    expect(right.status).toBe(200);
    expect(right.body.token).toEqual(expect.any(String));
  });

  it('gives one address one allowance across the console and the widget: a guesser gets no second one', async () => {
    const owner = await restCompany(limited);
    const { boardHash: ownHash } = await expectCall(
      limited,
      'GET',
      `/boards/${owner.boardId}/widget-setup`,
      200,
      { token: owner.owner.token },
    );
    const email = owner.owner.email;
    const inConsole = (password: string, ip: string) =>
      post(limited, '/api/v1/login', { email, password }, ip);
    const inWidget = (password: string, ip: string) =>
      post(limited, `/api/v1/widget/boards/${ownHash}/login`, { email, password }, ip);
    // Per address and source: two failures in the console and one in the widget use up the
    // allowance (3); the next try is refused on either path, the right password too.
    const ip = newAddress();
    expect((await inConsole('guess-1', ip)).status).toBe(401);
    expect((await inConsole('guess-2', ip)).status).toBe(401);
    expect((await inWidget('GUESS-3', ip)).status).toBe(401);
    expectRateLimited(await inWidget('secret-password', ip));
    expectRateLimited(await inConsole('secret-password', ip));
    // Per address from every source: the 8 failures of the account's limit, spread over both
    // paths (3 above, 5 more here), slow each source that failed, on either path...
    const guessers = Array.from({ length: 3 }, newAddress);
    for (const [index, guesser] of guessers.entries()) {
      expect((await inWidget(`guess-w${index}`, guesser)).status).toBe(401);
      if (index < 2) expect((await inConsole(`guess-c${index}`, guesser)).status).toBe(401);
    }
    expectRateLimited(await inConsole('guess-more', guessers[2]!));
    expectRateLimited(await inWidget('guess-more', guessers[1]!));
    // ...while the right password from a source that has not failed signs in on both.
    expect((await inWidget('secret-password', newAddress())).status).toBe(200);
    expect((await inConsole('secret-password', newAddress())).status).toBe(200);
  });

  it('counts an invitation’s password check as a sign-in: a link is no guessing oracle', async () => {
    // Outsider finding: accepting an invitation for an end user's address checks that account's
    // password, and wrong guesses went unlimited (53 in a row).
    const owner = await restCompany(limited);
    const { boardHash: ownHash } = await expectCall(
      limited,
      'GET',
      `/boards/${owner.boardId}/widget-setup`,
      200,
      { token: owner.owner.token },
    );
    const email = `invited-end-user-${Date.now()}@example.com`;
    const joined = await post(
      limited,
      `/api/v1/widget/boards/${ownHash}/signup`,
      { email, password: 'end-user-password' },
      newAddress(),
    );
    expect(joined.status).toBe(201);
    const invited = await limited.call('POST', '/graphql', {
      token: owner.owner.token,
      body: {
        query: `mutation ($email: String!) { inviteMember(email: $email, role: MEMBER) {
          __typename ... on MutationInviteMemberSuccess { data { link } } } }`,
        variables: { email },
      },
    });
    const link: string = invited.body.data.inviteMember.data.link;
    const token = link.slice(link.lastIndexOf('/') + 1);
    const accept = (password: string, ip: string) =>
      post(
        limited,
        '/graphql',
        {
          query: `mutation ($token: String!, $password: String!) { acceptInvitation(token: $token, password: $password) {
            __typename ... on AppError { code } } }`,
          variables: { token, password },
        },
        ip,
      );
    const ip = newAddress();
    for (let n = 1; n <= 3; n += 1) {
      const wrong = await accept(`guess-${n}-password`, ip);
      expect(wrong.body.data.acceptInvitation).toEqual({
        __typename: 'AppError',
        code: 'VALIDATION',
      });
    }
    const refused = await accept('end-user-password', ip);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    // The guesses count for the address everywhere: the widget's sign-in from there waits too.
    expectRateLimited(
      await post(
        limited,
        `/api/v1/widget/boards/${ownHash}/login`,
        { email, password: 'end-user-password' },
        ip,
      ),
    );
    // The right password from another source joins the team.
    const joinedTeam = await accept('end-user-password', newAddress());
    expect(joinedTeam.status).toBe(200);
    expect(joinedTeam.body.data.acceptInvitation.__typename).toBe(
      'MutationAcceptInvitationSuccess',
    );
  });

  it('counts a whole IPv6 /64 as one client', async () => {
    for (let n = 1; n <= 6; n += 1) {
      const response = await post(
        limited,
        '/api/v1/login',
        { email: `v6-${n}@example.com`, password: 'whatever-1' },
        `2001:db8:77:1:${n}::${n}`,
      );
      expect(response.status).toBe(401);
    }
    // A seventh address of the same /64, written differently, is over the address limit.
    expectRateLimited(
      await post(
        limited,
        '/api/v1/login',
        { email: 'v6-last@example.com', password: 'whatever-1' },
        '2001:0db8:0077:0001:ffff:ffff:ffff:ffff',
      ),
    );
    // The neighbouring /64 is another client.
    const neighbour = await post(
      limited,
      '/api/v1/login',
      { email: 'v6-neighbour@example.com', password: 'whatever-1' },
      '2001:db8:77:2::1',
    );
    expect(neighbour.status).toBe(401);
  });

  it('does not believe X-Forwarded-For unless TRUST_PROXY says so', async () => {
    for (let n = 0; n < 6; n += 1) {
      const response = await post(
        untrusting,
        '/api/v1/login',
        { email: `forged-${n}@example.com`, password: 'whatever-1' },
        newAddress(),
      );
      expect(response.status).toBe(401);
    }
    // Six different forged addresses were all 127.0.0.1: the seventh call is over the limit.
    expectRateLimited(
      await post(
        untrusting,
        '/api/v1/login',
        { email: 'forged-last@example.com', password: 'whatever-1' },
        newAddress(),
      ),
    );
  });

  it('reads the client from the right of X-Forwarded-For, not a client-written entry', async () => {
    const ip = newAddress();
    for (let n = 0; n < 6; n += 1) {
      const response = await post(
        limited,
        '/api/v1/login',
        { email: `chain-${n}@example.com`, password: 'whatever-1' },
        `10.9.9.${n}, ${ip}`,
      );
      expect(response.status).toBe(401);
    }
    expectRateLimited(
      await post(
        limited,
        '/api/v1/login',
        { email: 'chain-last@example.com', password: 'whatever-1' },
        `10.9.9.99, ${ip}`,
      ),
    );
  });

  it('limits sign-ups per email and per address, company and end-user sign-ups together', async () => {
    // The company's owner is also free to be an end user of another company's board: 201.
    const ip = newAddress();
    const taken = await post(
      limited,
      '/api/v1/registrations',
      { email: 'twice@example.com', password: 'secret-password' },
      ip,
    );
    expect(taken.status).toBe(201);
    const again = await post(
      limited,
      `/api/v1/widget/boards/${boardHash}/signup`,
      { email: 'twice@example.com', password: 'secret-password' },
      ip,
    );
    expect(again.status).toBe(201);
    expectRateLimited(
      await post(
        limited,
        '/api/v1/registrations',
        { email: 'twice@example.com', password: 'secret-password' },
        newAddress(),
      ),
    );
    // Per address: two more sign-ups (4 in all from ip) pass, the fifth is refused.
    for (const email of ['first-of-ip@example.com', 'second-of-ip@example.com']) {
      const response = await post(
        limited,
        `/api/v1/widget/boards/${boardHash}/signup`,
        { email, password: 'secret-password' },
        ip,
      );
      expect(response.status).toBe(201);
    }
    const refused = await post(
      limited,
      '/graphql',
      {
        query: `mutation { register(email: "third-of-ip@example.com", password: "secret-password") { __typename } }`,
      },
      ip,
    );
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(
      await limited.deps.prisma.user.count({ where: { loginEmail: 'third-of-ip@example.com' } }),
    ).toBe(0);
  });

  it('mails at most the per-email allowance of reset links a day, however many addresses ask, and answers the same 200 past it', async () => {
    const email = company.owner.email;
    const answers = [];
    for (let n = 0; n < 3; n += 1) {
      answers.push(
        await post(limited, '/api/v1/password-recovery/send-link', { email }, newAddress()),
      );
    }
    // Past the address's day cap: the same answer (a refusal would tell a stranger something),
    // and no mail.
    answers.push(
      await post(limited, '/api/v1/password-recovery/send-link', { email }, newAddress()),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    const viaGraphql = await post(
      limited,
      '/graphql',
      { query: `mutation { sendPasswordResetLink(email: "${email}") { __typename } }` },
      newAddress(),
    );
    expect(viaGraphql.status).toBe(200);
    await limited.deps.mailer.flush();
    // The owner's sign-up confirmation mail is not one of them.
    expect(await limited.deps.prisma.mail.count({ where: { to: email, topic: 'ACCOUNT' } })).toBe(
      3,
    );
  });

  it('refuses reset requests past the per-source limit with 429, whichever addresses they name', async () => {
    const ip = newAddress();
    for (let n = 0; n < 5; n += 1) {
      const response = await post(
        limited,
        '/api/v1/password-recovery/send-link',
        { email: `someone-${n}@example.com` },
        ip,
      );
      expect(response.status).toBe(200);
    }
    expectRateLimited(
      await post(limited, '/api/v1/password-recovery/send-link', { email: 'next@example.com' }, ip),
    );
  });

  it('limits confirmation mails per address, REST and GraphQL together', async () => {
    const email = 'confirm-me@example.com';
    const signUp = await post(
      limited,
      `/api/v1/widget/boards/${boardHash}/signup`,
      { email, password: 'secret-password' },
      newAddress(),
    );
    expect(signUp.status).toBe(201);
    const token = signUp.body.token as string;
    const resend = (ip: string) =>
      limited.call('POST', '/api/v1/profile/email-confirmation', {
        token,
        headers: { 'x-forwarded-for': ip },
      });
    for (let n = 0; n < 2; n += 1) {
      const response = await resend(newAddress());
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ email });
    }
    expectRateLimited(await resend(newAddress()));
    const viaGraphql = await limited.call('POST', '/graphql', {
      token,
      headers: { 'x-forwarded-for': newAddress() },
      body: { query: 'mutation { resendEmailConfirmation { __typename } }' },
    });
    expect(viaGraphql.status).toBe(429);
    // The sign-up's own mail and two resends: three links in the mailbox, no more.
    expect(
      await limited.deps.prisma.mail.count({ where: { to: email, topic: 'EMAIL_CONFIRMATION' } }),
    ).toBe(3);
  });

  it('limits token checks and new passwords per email', async () => {
    const ip = newAddress();
    const body = { email: 'reset-target@example.com', token: 'not-a-real-token' };
    for (let n = 0; n < 3; n += 1) {
      const response = await post(limited, '/api/v1/password-recovery/check-token', body, ip);
      expect(response.status).toBe(400);
    }
    expectRateLimited(
      await post(
        limited,
        '/api/v1/password-recovery/new-password',
        { email: body.email, newPasswordToken: 'x', password: 'new-password' },
        newAddress(),
      ),
    );
  });

  it('limits SSO exchanges per SSO user, and forged tokens do not use up a user’s allowance', async () => {
    const forged = jwt.sign({ id: 'victim', name: 'Victim' }, 'not-the-secret');
    for (let n = 0; n < 4; n += 1) {
      const response = await post(
        limited,
        '/api/v1/widget/sso',
        { boardHash, token: forged },
        newAddress(),
      );
      expect(response.status).toBe(401);
    }
    const genuine = () =>
      jwt.sign({ id: 'victim', name: 'Victim' }, secret, { algorithm: 'HS256', expiresIn: 600 });
    for (let n = 0; n < 3; n += 1) {
      const response = await post(
        limited,
        '/api/v1/widget/sso',
        { boardHash, token: genuine() },
        newAddress(),
      );
      expect(response.status).toBe(200);
    }
    expectRateLimited(
      await post(limited, '/api/v1/widget/sso', { boardHash, token: genuine() }, newAddress()),
    );
  });

  it('documents the 429 of every limited route in the OpenAPI document', async () => {
    const document = await expectCall(limited, 'GET', '/openapi.json', 200);
    for (const path of [
      '/login',
      '/registrations',
      '/password-recovery/send-link',
      '/password-recovery/check-token',
      '/password-recovery/new-password',
      '/widget/sso',
      '/widget/boards/{hash}/signup',
      '/profile/email-confirmation',
    ]) {
      expect(document.paths[path].post.responses['429'], path).toBeDefined();
    }
  });

  it('limits SSO exchanges per address', async () => {
    const ip = newAddress();
    for (let n = 0; n < 6; n += 1) {
      const token = jwt.sign({ id: `crowd-${n}`, name: 'Someone' }, secret, {
        algorithm: 'HS256',
        expiresIn: 600,
      });
      const response = await post(limited, '/api/v1/widget/sso', { boardHash, token }, ip);
      expect(response.status).toBe(200);
    }
    const token = jwt.sign({ id: 'crowd-last', name: 'Someone' }, secret, {
      algorithm: 'HS256',
      expiresIn: 600,
    });
    expectRateLimited(await post(limited, '/api/v1/widget/sso', { boardHash, token }, ip));
  });
});

const redisUrl = process.env.REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  const prefix = `feedboard-test-${process.pid}-${Date.now()}:`;
  let first: TTestServer;
  let second: TTestServer;
  beforeAll(async () => {
    const overrides = { trustProxy: 1, rateLimits: LIMITS, redisUrl, redisPrefix: prefix };
    [first, second] = await Promise.all([startTestServer(overrides), startTestServer(overrides)]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts attempts on two processes together', async () => {
    expect(first.deps.rateLimiter.kind).toBe('redis');
    await expect.poll(() => first.deps.rateLimiter.isShared()).toBe(true);
    await expect.poll(() => second.deps.rateLimiter.isShared()).toBe(true);
    const ip = newAddress();
    const attempt = (target: TTestServer) =>
      post(target, '/api/v1/login', { email: 'shared@example.com', password: 'whatever-1' }, ip);
    expect((await attempt(first)).status).toBe(401);
    expect((await attempt(second)).status).toBe(401);
    expect((await attempt(first)).status).toBe(401);
    // Three attempts for this address and email, spread over both: the fourth is refused by either.
    expectRateLimited(await attempt(second));
    expectRateLimited(await attempt(first));
  });
});
