import type * as LinearSdk from '@linear/sdk';
import type { LinearClient } from '@linear/sdk';
import type { Octokit } from '@octokit/rest';
import { z } from 'zod';
import type { TDeps } from '../../../deps.ts';

/** One issue as Feedboard keeps it (IdeaIssueLink). */
export type TTrackerIssue = {
  /** GitHub: the issue number; Linear: the issue's id. */
  externalId: string;
  /** `#12` or `ENG-12`. */
  identifier: string;
  url: string;
  title: string;
  /** open / closed (GitHub); the workflow state's type (Linear: backlog, started, completed, …). */
  state: string;
};

/** Where issues go: a GitHub repository or a Linear team, and the credential to use. */
export type TTrackerTarget =
  | { kind: 'GITHUB'; token: string; repoOwner: string; repoName: string }
  | { kind: 'LINEAR'; token: string; teamId: string };

export type TTrackerProblem =
  | 'auth'
  | 'forbidden'
  | 'notFound'
  | 'rateLimited'
  | 'unavailable'
  /** It answered, but not an issue as its API documents one (see `detail`: the fields). */
  | 'malformed';

/**
 * A tracker's refusal, classified so the caller can name the field at fault. `message` is ours
 * (never the vendor's raw text, which may echo what was sent).
 */
export class TrackerApiError extends Error {
  override name = 'TrackerApiError';
  constructor(
    readonly problem: TTrackerProblem,
    readonly vendor: 'GitHub' | 'Linear',
    readonly status: number | undefined,
    /** Seconds to wait (rate limits), when the tracker said. */
    readonly retryAfterSeconds?: number,
    /** For `malformed`: the fields of the answer that were missing or wrong. */
    readonly detail?: string,
  ) {
    super(`${vendor} answered ${status ?? 'nothing'} (${problem})`);
  }
}

const TIMEOUT_MS = 10_000;
const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

// The two SDKs load with the first call to a tracker, not at every start: the Linear SDK alone
// is megabytes of generated code, parsed and kept in the heap of every process (issue 22's
// start and idle memory).
type TLinearSdk = typeof LinearSdk;
let linearSdk: Promise<TLinearSdk> | undefined;
const loadLinearSdk = (): Promise<TLinearSdk> => (linearSdk ??= import('@linear/sdk'));

async function octokit(deps: TDeps, token: string): Promise<Octokit> {
  const { Octokit } = await import('@octokit/rest');
  return new Octokit({
    auth: token,
    baseUrl: deps.config.githubApiUrl,
    userAgent: 'Feedboard',
    log: SILENT,
    request: { retries: 0 },
  });
}

function header(headers: unknown, name: string): string | undefined {
  const value = (headers as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** Octokit's RequestError (or a network failure) as a TrackerApiError. */
function githubError(error: unknown): TrackerApiError {
  if (error instanceof TrackerApiError) return error;
  const status = (error as { status?: unknown })?.status;
  if (typeof status !== 'number') return new TrackerApiError('unavailable', 'GitHub', undefined);
  const headers = (error as { response?: { headers?: unknown } }).response?.headers;
  const retryAfter = Number(header(headers, 'retry-after'));
  const reset = Number(header(headers, 'x-ratelimit-reset'));
  const waitSeconds =
    Number.isFinite(retryAfter) && retryAfter > 0
      ? retryAfter
      : Number.isFinite(reset) && reset > 0
        ? Math.max(1, Math.ceil(reset - Date.now() / 1000))
        : undefined;
  // GitHub's primary and secondary limits: 403 or 429, with x-ratelimit-remaining 0 or a
  // Retry-After (docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api).
  if (
    status === 429 ||
    (status === 403 &&
      (header(headers, 'x-ratelimit-remaining') === '0' || header(headers, 'retry-after')))
  ) {
    return new TrackerApiError('rateLimited', 'GitHub', status, waitSeconds);
  }
  if (status === 401) return new TrackerApiError('auth', 'GitHub', status);
  if (status === 403) return new TrackerApiError('forbidden', 'GitHub', status);
  if (status === 404 || status === 410) return new TrackerApiError('notFound', 'GitHub', status);
  return new TrackerApiError('unavailable', 'GitHub', status);
}

/** The SDK's LinearError (or a network failure) as a TrackerApiError. */
function linearError(
  { LinearError, LinearErrorType }: TLinearSdk,
  error: unknown,
): TrackerApiError {
  if (!(error instanceof LinearError))
    return new TrackerApiError('unavailable', 'Linear', undefined);
  const status = error.status;
  switch (error.type) {
    case LinearErrorType.AuthenticationError:
      return new TrackerApiError('auth', 'Linear', status);
    case LinearErrorType.Forbidden:
    case LinearErrorType.FeatureNotAccessible:
      return new TrackerApiError('forbidden', 'Linear', status);
    case LinearErrorType.Ratelimited: {
      const reset = (error as { requestsResetAt?: number }).requestsResetAt;
      const retryAfter = (error as { retryAfter?: number }).retryAfter;
      const wait =
        retryAfter ?? (reset ? Math.max(1, Math.ceil((reset - Date.now()) / 1000)) : undefined);
      return new TrackerApiError('rateLimited', 'Linear', status, wait);
    }
    case LinearErrorType.InvalidInput:
      return new TrackerApiError('notFound', 'Linear', status);
    default:
      return /not found/i.test(error.message)
        ? new TrackerApiError('notFound', 'Linear', status)
        : new TrackerApiError('unavailable', 'Linear', status);
  }
}

async function linear(deps: TDeps, token: string): Promise<LinearClient> {
  const { LinearClient } = await loadLinearSdk();
  return new LinearClient({
    apiKey: token,
    apiUrl: deps.config.linearApiUrl,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  } as ConstructorParameters<typeof LinearClient>[0]);
}

async function linearRequest<T>(
  deps: TDeps,
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  try {
    const client = await linear(deps, token);
    const answer = await client.client.rawRequest<T, Record<string, unknown>>(query, variables);
    if (!answer.data) throw new TrackerApiError('unavailable', 'Linear', answer.status);
    return answer.data;
  } catch (error) {
    if (error instanceof TrackerApiError) throw error;
    throw linearError(await loadLinearSdk(), error);
  }
}

/** An issue as GitHub's REST API answers one: what Feedboard keeps of it, checked. */
const ZGithubIssue = z.object({
  number: z.number().int().positive(),
  html_url: z.url({ protocol: /^https?$/ }),
  title: z.string(),
  state: z.string(),
});

/** An issue as Linear's GraphQL API answers one (LINEAR_ISSUE_FIELDS), checked. */
const ZLinearIssue = z.object({
  id: z.string().min(1),
  identifier: z.string().min(1),
  url: z.url({ protocol: /^https?$/ }),
  title: z.string(),
  state: z.object({ type: z.string() }).nullish(),
});

type TLinearIssue = z.infer<typeof ZLinearIssue>;

/**
 * A tracker's answer as `schema` documents it, or `malformed` naming the fields at fault: an
 * answer without an issue's address or title must be a clear error, not a 500 later on.
 */
function checkedAnswer<T>(schema: z.ZodType<T>, answer: unknown, vendor: 'GitHub' | 'Linear'): T {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'issue'))];
  throw new TrackerApiError('malformed', vendor, 200, undefined, fields.join(', '));
}

const LINEAR_ISSUE_FIELDS = 'id identifier url title state { type }';

function fromLinear(answer: unknown): TTrackerIssue {
  const issue: TLinearIssue = checkedAnswer(ZLinearIssue, answer, 'Linear');
  return {
    externalId: issue.id,
    identifier: issue.identifier,
    url: issue.url,
    title: issue.title,
    state: issue.state?.type ?? 'unknown',
  };
}

function fromGithub(answer: unknown): TTrackerIssue {
  const issue = checkedAnswer(ZGithubIssue, answer, 'GitHub');
  return {
    externalId: String(issue.number),
    identifier: `#${issue.number}`,
    url: issue.html_url,
    title: issue.title,
    state: issue.state,
  };
}

/**
 * Checks that the credential reaches the repository or team (GET /repos/{owner}/{repo};
 * Linear's `team` query): what connecting and changing a connection ask first.
 */
export async function checkTrackerTarget(deps: TDeps, target: TTrackerTarget): Promise<void> {
  if (target.kind === 'GITHUB') {
    try {
      const github = await octokit(deps, target.token);
      await github.rest.repos.get({
        owner: target.repoOwner,
        repo: target.repoName,
        request: { signal: AbortSignal.timeout(TIMEOUT_MS) },
      });
    } catch (error) {
      throw githubError(error);
    }
    return;
  }
  const data = await linearRequest<{ team: { id: string } | null }>(
    deps,
    target.token,
    'query FeedboardTeam($id: String!) { team(id: $id) { id name key } }',
    { id: target.teamId },
  );
  if (!data.team) throw new TrackerApiError('notFound', 'Linear', 200);
}

/** Creates an issue (GitHub: POST /repos/{owner}/{repo}/issues; Linear: `issueCreate`). */
export async function createTrackerIssue(
  deps: TDeps,
  target: TTrackerTarget,
  issue: { title: string; body: string },
): Promise<TTrackerIssue> {
  if (target.kind === 'GITHUB') {
    try {
      const github = await octokit(deps, target.token);
      const { data } = await github.rest.issues.create({
        owner: target.repoOwner,
        repo: target.repoName,
        title: issue.title,
        body: issue.body,
        request: { signal: AbortSignal.timeout(TIMEOUT_MS) },
      });
      return fromGithub(data);
    } catch (error) {
      throw githubError(error);
    }
  }
  const data = await linearRequest<{
    issueCreate: { success: boolean; issue: unknown };
  }>(
    deps,
    target.token,
    `mutation FeedboardIssueCreate($input: IssueCreateInput!) {
      issueCreate(input: $input) { success issue { ${LINEAR_ISSUE_FIELDS} } } }`,
    { input: { teamId: target.teamId, title: issue.title, description: issue.body } },
  );
  if (!data.issueCreate.success || !data.issueCreate.issue) {
    throw new TrackerApiError('unavailable', 'Linear', 200);
  }
  return fromLinear(data.issueCreate.issue);
}

/**
 * Reads one issue: GitHub by number (GET /repos/{owner}/{repo}/issues/{n}), Linear by id or
 * identifier (`issue(id:)` takes either).
 */
export async function readTrackerIssue(
  deps: TDeps,
  target: TTrackerTarget,
  issueRef: string,
): Promise<TTrackerIssue> {
  if (target.kind === 'GITHUB') {
    try {
      const github = await octokit(deps, target.token);
      const { data } = await github.rest.issues.get({
        owner: target.repoOwner,
        repo: target.repoName,
        issue_number: Number(issueRef),
        request: { signal: AbortSignal.timeout(TIMEOUT_MS) },
      });
      return fromGithub(data);
    } catch (error) {
      throw githubError(error);
    }
  }
  const data = await linearRequest<{ issue: unknown }>(
    deps,
    target.token,
    `query FeedboardIssue($id: String!) { issue(id: $id) { ${LINEAR_ISSUE_FIELDS} } }`,
    { id: issueRef },
  );
  if (!data.issue) throw new TrackerApiError('notFound', 'Linear', 200);
  return fromLinear(data.issue);
}
