import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TTrackerRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  json: any;
};

/** A canned answer served before the normal ones (rate limits, outages). */
export type TTrackerAnswer = { status: number; headers?: Record<string, string>; json: unknown };

/** GitHub's and Linear's documented refusals, as their APIs send them. */
export const TRACKER_ANSWERS = {
  /** docs.github.com/rest/using-the-rest-api/rate-limits-for-the-rest-api: primary limit. */
  githubRateLimited: (): TTrackerAnswer => ({
    status: 403,
    headers: {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 120),
    },
    json: {
      message: 'API rate limit exceeded for user ID 1.',
      documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
    },
  }),
  /** Secondary limit: 429 with Retry-After. */
  githubSecondaryLimit: (retryAfter = 60): TTrackerAnswer => ({
    status: 429,
    headers: { 'retry-after': String(retryAfter) },
    json: { message: 'You have exceeded a secondary rate limit.' },
  }),
  /** linear.app/developers/rate-limiting: RATELIMITED with the reset in ms. */
  linearRateLimited: (): TTrackerAnswer => ({
    status: 429,
    headers: {
      'x-ratelimit-requests-limit': '1500',
      'x-ratelimit-requests-remaining': '0',
      'x-ratelimit-requests-reset': String(Date.now() + 30_000),
    },
    json: {
      errors: [
        {
          message: 'Rate limit exceeded',
          extensions: { type: 'ratelimited', code: 'RATELIMITED', statusCode: 429 },
        },
      ],
    },
  }),
} satisfies Record<string, (...args: never[]) => TTrackerAnswer>;

type TGithubIssue = {
  number: number;
  title: string;
  body: string;
  state: string;
  html_url: string;
};
type TLinearIssue = {
  id: string;
  identifier: string;
  title: string;
  description: string;
  url: string;
  teamId: string;
  state: { type: string };
};

/**
 * One local stand-in for the two APIs Feedboard calls, on a random loopback port:
 *
 * - GitHub REST (base URL `{url}/github`): `GET /repos/{o}/{r}`, `POST /repos/{o}/{r}/issues`,
 *   `GET /repos/{o}/{r}/issues/{n}`; `Authorization: token|Bearer <token>`, 401 Bad
 *   credentials for another token, 404 Not Found for another repository or issue, 422 without a
 *   title.
 * - Linear GraphQL (`{url}/linear/graphql`): `team(id:)`, `issueCreate(input:)`,
 *   `issue(id:)` by id or identifier; `Authorization: <api key>` (no scheme), an
 *   AUTHENTICATION_ERROR for another key, "Entity not found" for another team or issue.
 *
 * `answerNext` queues canned answers (rate limits) served first. Every request is in `requests`.
 */
export async function startTrackerStandIn(options: {
  githubToken: string;
  githubRepo: string;
  linearKey: string;
  linearTeamId: string;
}) {
  const requests: TTrackerRequest[] = [];
  const queued: TTrackerAnswer[] = [];
  const githubIssues: TGithubIssue[] = [];
  const linearIssues: TLinearIssue[] = [];
  let linearNumber = 0;

  const send = (response: ServerResponse, status: number, json: unknown, headers = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(json));
  };

  const github = (request: TTrackerRequest, response: ServerResponse) => {
    const auth = String(request.headers.authorization ?? '');
    if (auth !== `token ${options.githubToken}` && auth !== `Bearer ${options.githubToken}`) {
      return send(response, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
    }
    const notFound = () =>
      send(response, 404, {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest',
      });
    const match = /^\/github\/repos\/([^/]+)\/([^/]+)(\/issues(?:\/(\d+))?)?$/.exec(request.path);
    if (!match || `${match[1]}/${match[2]}` !== options.githubRepo) return notFound();
    const [, owner, repo, issues, number] = match;
    if (!issues && request.method === 'GET') {
      return send(response, 200, { id: 1, full_name: `${owner}/${repo}`, has_issues: true });
    }
    if (issues && !number && request.method === 'POST') {
      if (typeof request.json?.title !== 'string' || !request.json.title) {
        return send(response, 422, { message: 'Validation Failed', errors: [{ field: 'title' }] });
      }
      const issue: TGithubIssue = {
        number: githubIssues.length + 1,
        title: request.json.title,
        body: request.json.body ?? '',
        state: 'open',
        html_url: `https://github.com/${owner}/${repo}/issues/${githubIssues.length + 1}`,
      };
      githubIssues.push(issue);
      return send(response, 201, issue);
    }
    if (number && request.method === 'GET') {
      const issue = githubIssues.find((i) => i.number === Number(number));
      return issue ? send(response, 200, issue) : notFound();
    }
    return notFound();
  };

  const linearError = (message: string, type: string, code: string) => ({
    errors: [{ message, extensions: { type, code, userPresentableMessage: message } }],
  });

  const linear = (request: TTrackerRequest, response: ServerResponse) => {
    if (request.path !== '/linear/graphql' || request.method !== 'POST') {
      return send(response, 404, { error: 'not found' });
    }
    if (request.headers.authorization !== options.linearKey) {
      return send(
        response,
        400,
        linearError(
          'Authentication required, not authenticated',
          'authentication error',
          'AUTHENTICATION_ERROR',
        ),
      );
    }
    const query = String(request.json?.query ?? '');
    const variables = request.json?.variables ?? {};
    const notFound = (what: string) =>
      send(response, 200, {
        data: null,
        ...linearError(`Entity not found: ${what}`, 'invalid input', 'INPUT_ERROR'),
      });
    const present = (issue: TLinearIssue) => ({
      id: issue.id,
      identifier: issue.identifier,
      url: issue.url,
      title: issue.title,
      state: issue.state,
    });
    if (/\bissueCreate\s*\(/.test(query)) {
      const input = variables.input ?? {};
      if (input.teamId !== options.linearTeamId) return notFound('Team');
      linearNumber += 1;
      const issue: TLinearIssue = {
        id: randomUUID(),
        identifier: `ENG-${linearNumber}`,
        title: String(input.title ?? ''),
        description: String(input.description ?? ''),
        url: `https://linear.app/acme/issue/ENG-${linearNumber}/feedboard`,
        teamId: input.teamId,
        state: { type: 'unstarted' },
      };
      linearIssues.push(issue);
      return send(response, 200, {
        data: { issueCreate: { success: true, issue: present(issue) } },
      });
    }
    if (/\bteam\s*\(/.test(query)) {
      return variables.id === options.linearTeamId
        ? send(response, 200, {
            data: { team: { id: variables.id, name: 'Engineering', key: 'ENG' } },
          })
        : notFound('Team');
    }
    if (/\bissue\s*\(/.test(query)) {
      const issue = linearIssues.find(
        (i) => i.id === variables.id || i.identifier === String(variables.id).toUpperCase(),
      );
      return issue ? send(response, 200, { data: { issue: present(issue) } }) : notFound('Issue');
    }
    return send(
      response,
      400,
      linearError('Unknown operation', 'graphql error', 'GRAPHQL_VALIDATION_FAILED'),
    );
  };

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      const request: TTrackerRequest = {
        method: incoming.method ?? 'GET',
        path: (incoming.url ?? '/').split('?')[0]!,
        headers: incoming.headers,
        json,
      };
      requests.push(request);
      const canned = queued.shift();
      if (canned) return send(response, canned.status, canned.json, canned.headers);
      if (request.path.startsWith('/github/')) return github(request, response);
      return linear(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    githubApiUrl: `${url}/github`,
    linearApiUrl: `${url}/linear/graphql`,
    requests,
    githubIssues,
    linearIssues,
    answerNext: (...answers: TTrackerAnswer[]) => queued.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TTrackerStandIn = Awaited<ReturnType<typeof startTrackerStandIn>>;
