import { isTeamMemberOf } from '../services/access.ts';
import { isTeamMember } from '../viewer.ts';
import type { TGraphQLContext } from './builder.ts';
import type { TIdeaParent } from './idea.ts';

/**
 * Whether the caller is on the team of the idea's company: who reads its internal notes, value,
 * activity, issue links and votes on behalf (services/access.ts isTeamMemberOf). The company is
 * the live event's when it carries one, else its board's, read with the other ideas' of the
 * tick; nobody outside every team costs a statement.
 */
export async function isTeamOfIdea(idea: TIdeaParent, context: TGraphQLContext): Promise<boolean> {
  if (!isTeamMember(context.viewer)) return false;
  const companyId = idea.live?.companyId ?? (await context.related.boardCompanyId(idea.boardId));
  return companyId !== null && isTeamMemberOf(context.viewer, companyId);
}
