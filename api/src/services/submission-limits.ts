import type { TDeps } from '../deps.ts';
import { RateLimitError } from '../http/rate-limit.ts';
import type { TClient } from '../http/rate-limit.ts';
import type { TViewer } from '../viewer.ts';
import { isTeamMemberOf } from './access.ts';
import { waitText } from './mail/limit-requested-mail.ts';

/** What an end user posts to a company's boards, each with its own limits. */
export type TSubmission = 'ideaSubmission' | 'commentSubmission';

const REFUSAL: Record<TSubmission, (wait: string) => string> = {
  ideaSubmission: (wait) =>
    `You have submitted many ideas lately. Please wait ${wait} and try again.`,
  commentSubmission: (wait) =>
    `You have posted many comments lately. Please wait ${wait} and try again.`,
};

/**
 * Counts one idea or comment an end user is about to post (RATE_LIMIT_IDEA_SUBMISSION_*,
 * RATE_LIMIT_COMMENT_SUBMISSION_*, shared by every process through Redis): per user and per
 * client address when the transport gives one. The company's own team (OWNER, ADMIN, MEMBER,
 * and their API keys) is not counted; importers write rows directly and never come here. Past
 * a limit it throws RateLimitError (HTTP 429, RATE_LIMITED, Retry-After); call it after the
 * checks and before the write, so a refused post writes nothing and a refused check spends
 * nothing.
 */
export async function limitSubmission(
  deps: Pick<TDeps, 'rateLimiter'>,
  kind: TSubmission,
  viewer: TViewer,
  companyId: number,
  client?: TClient,
): Promise<void> {
  if (isTeamMemberOf(viewer, companyId)) return;
  try {
    await deps.rateLimiter.consume(kind, { ip: client?.ip, account: `user:${viewer.userId}` });
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error;
    throw new RateLimitError(
      error.retryAfterSeconds,
      REFUSAL[kind](waitText(error.retryAfterSeconds)),
    );
  }
}
