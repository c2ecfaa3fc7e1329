import type * as LinearSdk from '@linear/sdk';
import type { LinearClient } from '@linear/sdk';
import type { Octokit } from '@octokit/rest';
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

export type TTrackerProblem = 'auth' | 'forbidden' | 'notFound' | 'rateLimited' | 'unavailable';

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

type TLinearIssue = {
  id: string;
  identifier: string;
  url: string;
  title: string;
  state: { type: string } | null;
};

const LINEAR_ISSUE_FIELDS = 'id identifier url title state { type }';

function fromLinear(issue: TLinearIssue): TTrackerIssue {
  return {
    externalId: issue.id,
    identifier: issue.identifier,
    url: issue.url,
    title: issue.title,
    state: issue.state?.type ?? 'unknown',
  };
}

function fromGithub(issue: {
  number: number;
  html_url: string;
  title: string;
  state: string;
}): TTrackerIssue {
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
    issueCreate: { success: boolean; issue: TLinearIssue | null };
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
  const data = await linearRequest<{ issue: TLinearIssue | null }>(
    deps,
    target.token,
    `query FeedboardIssue($id: String!) { issue(id: $id) { ${LINEAR_ISSUE_FIELDS} } }`,
    { id: issueRef },
  );
  if (!data.issue) throw new TrackerApiError('notFound', 'Linear', 200);
  return fromLinear(data.issue);
}
