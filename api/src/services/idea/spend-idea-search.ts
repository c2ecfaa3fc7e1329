import type { TDeps } from '../../deps.ts';
import type { TClient } from '../../http/rate-limit.ts';
import type { TViewer } from '../../viewer.ts';
import { isTeamMemberOf } from '../access.ts';

/**
 * Counts one text search of a board's ideas (RATE_LIMIT_IDEA_SEARCH_*), whichever API runs it
 * (REST's `GET /ideas?search=`, GraphQL's `board.ideas(search:)`): each reads the board's
 * matching ideas, so visitors spend a budget per address and end users per account (outside
 * attack 7 F2, attack 8 F8). The company's team spends a larger budget of its own
 * (RATE_LIMIT_TEAM_IDEA_SEARCH_*, attack 9 F1). Throws RateLimitError (429) past the limit.
 */
export async function spendIdeaSearch(
  deps: Pick<TDeps, 'rateLimiter'>,
  viewer: TViewer | null,
  client: TClient,
  companyId: number,
): Promise<void> {
  if (viewer && isTeamMemberOf(viewer, companyId)) {
    await deps.rateLimiter.consume('teamIdeaSearch', { account: `user:${viewer.userId}` });
    return;
  }
  await deps.rateLimiter.consume(
    'ideaSearch',
    viewer ? { account: `user:${viewer.userId}` } : { ip: client.ip },
  );
}
