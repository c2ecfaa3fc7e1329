import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { TEAM_ROLES } from '../../viewer.ts';
import { toRowId } from '../access.ts';
import { parseMentionTokens, rewriteMentionTokens } from './mention-markup.ts';

/**
 * Who may be mentioned on an idea: the team of its company for anything; for a public comment
 * also the idea's participants (its author, who commented on it publicly, who voted for it).
 * Always users of the idea's own company, so another company's user is never resolved.
 */
export function mentionableWhere(idea: {
  id: number;
  companyId: number;
  isInternal: boolean;
}): Prisma.UserWhereInput {
  const team: Prisma.UserWhereInput = { role: { in: [...TEAM_ROLES] } };
  const participants: Prisma.UserWhereInput[] = idea.isInternal
    ? []
    : [
        { ideas: { some: { id: idea.id } } },
        { comments: { some: { ideaId: idea.id, isInternal: false } } },
        { votes: { some: { ideaId: idea.id } } },
      ];
  return { companyId: idea.companyId, OR: [team, ...participants] };
}

/**
 * Resolves the `@[Name](user:ID)` tokens of a comment about to be written: a token naming a
 * user who may be mentioned there gets that user's current name; any other (an unknown id,
 * another company's user, an end user in an internal note) is left as plain `@Name`. Answers
 * the text to store and the mentioned users, each once.
 */
export async function resolveMentions(
  deps: TDeps,
  idea: { id: number; companyId: number; isInternal: boolean },
  text: string,
): Promise<{ text: string; userIds: number[] }> {
  // toRowId: an id no row can have (past PostgreSQL's integer) is no one, not a failed lookup.
  const ids = [...new Set(parseMentionTokens(text).map((token) => toRowId(token.userId)))].filter(
    (id) => id > 0,
  );
  if (ids.length === 0) return { text, userIds: [] };
  const users = await deps.prisma.user.findMany({
    where: { id: { in: ids.slice(0, 50) }, ...mentionableWhere(idea) },
    select: { id: true, displayName: true },
  });
  const names = new Map(users.map((user) => [user.id, user.displayName]));
  return {
    text: rewriteMentionTokens(text, (userId) => names.get(userId) ?? null),
    userIds: ids.filter((id) => names.has(id)),
  };
}
