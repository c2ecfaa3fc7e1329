import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { isTeamRole } from '../../viewer.ts';
import { findVisibleIdea, isTeamMemberOf } from '../access.ts';
import { mentionToken } from './mention-markup.ts';
import { mentionableWhere } from './resolve-mentions.ts';

export const MENTION_CANDIDATE_LIMIT = 8;

export const ZMentionCandidates = z.object({
  /** The start of a name (or of any word in it); empty: everyone, by name. */
  search: z
    .string({ error: 'It has to be text.' })
    .trim()
    .max(80, { error: 'At most 80 characters.' })
    .optional()
    .default(''),
  /** For an internal note: the team only. */
  isInternal: z.boolean({ error: 'It has to be true or false.' }).optional().default(false),
});

export type TMentionCandidate = {
  id: number;
  displayName: string;
  isTeam: boolean;
  /** What the console writes into the comment for this person. */
  token: string;
};

/**
 * Who the team may mention in a comment on an idea of their company, for the console's `@`
 * autocomplete: its team, and for a public comment the idea's participants (author,
 * commenters, voters), whose name or a word of it starts with `search`; at most 8, by name.
 * Another company's idea is NOT_FOUND; end users get FORBIDDEN (their widget has no such list).
 */
export async function findMentionCandidates(
  deps: TDeps,
  viewer: TViewer | null,
  ideaId: number,
  input: unknown,
): Promise<TMentionCandidate[]> {
  const { search, isInternal } = parseInput(ZMentionCandidates, input);
  const idea = await findVisibleIdea(deps, viewer, ideaId);
  const companyId = idea.board.companyId;
  if (viewer?.companyId !== companyId) throw errors.notFound('Idea');
  if (!isTeamMemberOf(viewer, companyId)) throw errors.forbidden();
  const users = await deps.prisma.user.findMany({
    where: {
      AND: [
        mentionableWhere({ id: idea.id, companyId, isInternal }),
        search
          ? {
              OR: [
                { displayName: { startsWith: search, mode: 'insensitive' } },
                { displayName: { contains: ` ${search}`, mode: 'insensitive' } },
              ],
            }
          : {},
      ],
    },
    orderBy: [{ displayName: 'asc' }, { id: 'asc' }],
    take: MENTION_CANDIDATE_LIMIT,
    select: { id: true, displayName: true, role: true },
  });
  return users.map((user) => ({
    id: user.id,
    displayName: user.displayName,
    isTeam: isTeamRole(user.role),
    token: mentionToken(user.displayName, user.id),
  }));
}
