/* eslint-disable @typescript-eslint/no-explicit-any -- test support (like api/src/testing/): JSON answers of every route and field */
import { BOARD_KINDS, CALLERS } from './fixtures.ts';
import type { TBoardFixture, TBoardKind, TCaller } from './fixtures.ts';

/**
 * What a caller got, as a class: the five the access model speaks of, or the error code itself
 * for anything else (INVALID_CREDENTIALS, PAYMENTS_NOT_CONFIGURED, status 500, …).
 */
export type TOutcome = 'ok' | 'notFound' | 'unauthenticated' | 'forbidden' | 'validation' | string;

const CODE_CLASS: Record<string, TOutcome> = {
  NOT_FOUND: 'notFound',
  UNAUTHENTICATED: 'unauthenticated',
  FORBIDDEN: 'forbidden',
  VALIDATION: 'validation',
  BAD_USER_INPUT: 'validation',
  GRAPHQL_VALIDATION_FAILED: 'validation',
};

/**
 * An error code as a class. A field error saying only that the named object was not found
 * (`boardId: Board not found.`) is "not found" too: that is how mutations name a missing id.
 */
export function classOfCode(code: string, fields?: { message: string }[]): TOutcome {
  if (
    code === 'VALIDATION' &&
    fields?.length &&
    fields.every((f) => /not found/i.test(f.message))
  ) {
    return 'notFound';
  }
  return CODE_CLASS[code] ?? code;
}

/** A REST answer as a class: its error code when it has one, else its status. */
export function restOutcome(status: number, body: any): TOutcome {
  if (status >= 200 && status < 300) return 'ok';
  const code = body?.error?.code;
  if (typeof code === 'string') return classOfCode(code, body.error.fields);
  const byStatus: Record<number, TOutcome> = {
    400: 'validation',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'notFound',
  };
  return byStatus[status] ?? `status ${status}`;
}

/**
 * A GraphQL answer for `field` as a class: a GraphQL error's code, an AppError result's code, a
 * null object ("not found" for a nullable read), else ok.
 */
export function graphqlOutcome(body: any, field: string): TOutcome {
  const error = body?.errors?.[0];
  if (error) return classOfCode(error.extensions?.code ?? 'GRAPHQL_ERROR');
  const value = body?.data?.[field];
  if (value === null || value === undefined) return 'notFound';
  if (value.__typename === 'AppError') return classOfCode(value.code, value.fields);
  return 'ok';
}

/** The team of A: sees every board of A. */
export const TEAM: readonly TCaller[] = ['owner', 'admin', 'member'];
export const ADMINS: readonly TCaller[] = ['owner', 'admin'];

/**
 * The access model: whether `caller` may see A's board of `kind`. Team members see every board;
 * anyone sees the public board; a private board is seen by the end users it grants (SSO users,
 * confirmed addresses of listed domains, members of listed customer companies).
 */
export function sees(caller: TCaller, kind: TBoardKind): boolean {
  if (kind === 'public' || TEAM.includes(caller)) return true;
  if (kind === 'sso') return caller === 'sso' || caller === 'customer'; // both are SSO users
  if (kind === 'domain') return caller === 'domain';
  if (kind === 'customer') return caller === 'customer';
  return false;
}

/** How one rule answers a caller on a board. */
export type TRule = { name: string; expect: (caller: TCaller, kind: TBoardKind) => TOutcome };

const isSignedOut = (caller: TCaller) => caller === 'anonymous';
const isOutsider = (caller: TCaller) => caller === 'otherAdmin';

/**
 * The rule categories. Board rules take the board the call acts on; company rules ignore it
 * ("ById": the call names one of A's objects, so B's admin gets "not found"; otherwise B's admin
 * acts on its own company and succeeds).
 */
export const rules = {
  /** Same answer for everyone (sign-in, sign-up, tokens, webhooks from vendors). */
  same: (outcome: TOutcome): TRule => ({ name: `same(${outcome})`, expect: () => outcome }),
  /** Reads of a board and what is on it: whoever sees the board. */
  boardRead: {
    name: 'boardRead',
    expect: (caller, kind) => (sees(caller, kind) ? 'ok' : 'notFound'),
  } satisfies TRule,
  /** Reads only public boards answer, for everyone (portal pages, publicBoard). */
  publicOnly: {
    name: 'publicOnly',
    expect: (_caller, kind) => (kind === 'public' ? 'ok' : 'notFound'),
  } satisfies TRule,
  /** Submitting, voting, commenting: any user of A who sees the board. */
  boardWrite: {
    name: 'boardWrite',
    expect: (caller, kind) => {
      if (isSignedOut(caller)) return 'unauthenticated';
      if (isOutsider(caller)) return 'notFound';
      return sees(caller, kind) ? 'ok' : 'notFound';
    },
  } satisfies TRule,
  /** Editing the fixture idea: A's admins or its author (the owner); others who see it: forbidden. */
  boardEditor: {
    name: 'boardEditor',
    expect: (caller, kind) => {
      if (isSignedOut(caller)) return 'unauthenticated';
      if (isOutsider(caller) || !sees(caller, kind)) return 'notFound';
      return ADMINS.includes(caller) ? 'ok' : 'forbidden';
    },
  } satisfies TRule,
  /** Triage (statuses, declines, tags, moves): A's team; end users who see the board: forbidden. */
  boardTeam: {
    name: 'boardTeam',
    expect: (caller, kind) => {
      if (isSignedOut(caller)) return 'unauthenticated';
      if (isOutsider(caller) || !sees(caller, kind)) return 'notFound';
      return TEAM.includes(caller) ? 'ok' : 'forbidden';
    },
  } satisfies TRule,
  /** Board settings, releases, exports: A's admins; others of A who see the board: forbidden. */
  boardAdmin: {
    name: 'boardAdmin',
    expect: (caller, kind) => {
      if (isSignedOut(caller)) return 'unauthenticated';
      if (isOutsider(caller) || !sees(caller, kind)) return 'notFound';
      return ADMINS.includes(caller) ? 'ok' : 'forbidden';
    },
  } satisfies TRule,
  /**
   * The moderation queue (accept, merge, reject an idea awaiting acceptance): A's team; an idea
   * awaiting acceptance is its author's and the team's only, so anyone else does not find it.
   */
  queueTeam: {
    name: 'queueTeam',
    expect: (caller) => {
      if (isSignedOut(caller)) return 'unauthenticated';
      return TEAM.includes(caller) ? 'ok' : 'notFound';
    },
  } satisfies TRule,
  /** Admin-only, on the caller's own company (B's admin succeeds on B). */
  companyAdmin: {
    name: 'companyAdmin',
    expect: (caller) => {
      if (isSignedOut(caller)) return 'unauthenticated';
      return ADMINS.includes(caller) || isOutsider(caller) ? 'ok' : 'forbidden';
    },
  } satisfies TRule,
  /** Admin-only, naming one of A's objects: B's admin gets "not found". */
  companyAdminById: {
    name: 'companyAdminById',
    expect: (caller) => {
      if (isSignedOut(caller)) return 'unauthenticated';
      if (isOutsider(caller)) return 'notFound';
      return ADMINS.includes(caller) ? 'ok' : 'forbidden';
    },
  } satisfies TRule,
  /** Team-only on the caller's own company (B's admin succeeds on B). */
  companyTeam: {
    name: 'companyTeam',
    expect: (caller) => {
      if (isSignedOut(caller)) return 'unauthenticated';
      return TEAM.includes(caller) || isOutsider(caller) ? 'ok' : 'forbidden';
    },
  } satisfies TRule,
  /** Owner-only on the caller's own company (B's admin is B's owner). */
  companyOwner: {
    name: 'companyOwner',
    expect: (caller) => {
      if (isSignedOut(caller)) return 'unauthenticated';
      return caller === 'owner' || isOutsider(caller) ? 'ok' : 'forbidden';
    },
  } satisfies TRule,
  /** Owner-only, naming A: B's admin gets "not found". */
  companyOwnerById: {
    name: 'companyOwnerById',
    expect: (caller) => {
      if (isSignedOut(caller)) return 'unauthenticated';
      if (isOutsider(caller)) return 'notFound';
      return caller === 'owner' ? 'ok' : 'forbidden';
    },
  } satisfies TRule,
  /** The caller's own account: anyone signed in. */
  self: {
    name: 'self',
    expect: (caller) => (isSignedOut(caller) ? 'unauthenticated' : 'ok'),
  } satisfies TRule,
};

/**
 * A rule with some callers' answers fixed (a role rule that exists as it is, or an answer that
 * does not depend on access: "validation" when the call sends deliberately harmless bad input).
 */
export function withAnswers(rule: TRule, answers: Partial<Record<TCaller, TOutcome>>): TRule {
  const names = Object.entries(answers)
    .map(([caller, outcome]) => `${caller}:${outcome}`)
    .join(',');
  return {
    name: `${rule.name}{${names}}`,
    expect: (caller, kind) => answers[caller] ?? rule.expect(caller, kind),
  };
}

/** Callers of a `same` rule (its answer does not depend on who calls): one of each kind. */
const SAME_CALLERS: readonly TCaller[] = [
  'anonymous',
  'selfRegistered',
  'sso',
  'member',
  'otherAdmin',
];

/**
 * Which (caller, board) pairs an entry runs: every caller once, and for board-scoped entries the
 * granted and public boards too. A `same` rule runs one caller of each kind.
 */
export function runsOf(rule: TRule, isBoardScoped: boolean): [TCaller, TBoardKind][] {
  if (rule.name.startsWith('same(')) return SAME_CALLERS.map((caller) => [caller, 'private']);
  const all = CALLERS.map((caller): [TCaller, TBoardKind] => [caller, 'private']);
  if (!isBoardScoped) return all;
  return [
    ...all,
    // Each granted end user on the board that grants them.
    ['sso', 'sso'],
    ['customer', 'sso'],
    ['customer', 'customer'],
    ['domain', 'domain'],
    // Those who see only public boards, on the public one (so "not found" above is access, not a bad call).
    ['anonymous', 'public'],
    ['selfRegistered', 'public'],
    ['removed', 'public'],
    ['otherAdmin', 'public'],
  ];
}

/** One caller's mismatch, as a line of a failure message. */
export type TMismatch = {
  caller: TCaller;
  board: TBoardKind;
  expected: TOutcome;
  got: TOutcome;
  detail: string;
};

/** The failure message of an entry: which caller on which board got what instead of what. */
export function describeMismatches(entry: string, rule: TRule, mismatches: TMismatch[]): string {
  const lines = mismatches.map(
    (m) =>
      `  ${m.caller.padEnd(14)} on ${m.board.padEnd(8)} board: expected ${m.expected}, got ${m.got}   ${m.detail}`,
  );
  return `${entry} [${rule.name}]: ${mismatches.length} caller(s) got the wrong answer\n${lines.join('\n')}`;
}

/** A short view of an answer for a failure message. */
export function brief(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return (text ?? '').slice(0, 160);
}

export type TTarget = TBoardFixture;
export { BOARD_KINDS, CALLERS };
