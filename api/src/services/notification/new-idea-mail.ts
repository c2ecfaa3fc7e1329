import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import type { NewIdeaMail, NotificationPreference, Role } from '../../generated/prisma/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { parseInput, requiredEnum } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { TEAM_ROLES, isTeamMember, isTeamRole, requireViewer } from '../../viewer.ts';
import { errors } from '../../errors.ts';

export const NEW_IDEA_MAIL = ['EACH', 'DIGEST', 'NONE'] as const;

/**
 * A team member's new-idea mail when they have not chosen: OWNER and ADMIN accept or reject
 * ideas, so each one reaches them as it arrives (what they got before the choice existed);
 * a MEMBER, who never got these mails, gets one digest a day rather than a stream.
 */
export function defaultNewIdeaMail(role: Role): NewIdeaMail {
  return role === 'OWNER' || role === 'ADMIN' ? 'EACH' : 'DIGEST';
}

/**
 * The new-idea mail a user gets: their choice, else their role's default, except that someone
 * who turned notification mail down (NONE, or MY_IDEAS: only about their own ideas) gets none
 * until they choose. A one-click unsubscribe sets both to NONE (unsubscribe.ts). Anyone off the
 * team gets none, whatever they chose while on it (the mail lists the queue's ideas).
 */
export function effectiveNewIdeaMail(user: {
  role: Role;
  newIdeaMail: NewIdeaMail | null;
  notifications: NotificationPreference;
}): NewIdeaMail {
  if (!isTeamRole(user.role)) return 'NONE';
  if (user.newIdeaMail) return user.newIdeaMail;
  return user.notifications === 'ALL' ? defaultNewIdeaMail(user.role) : 'NONE';
}

/** effectiveNewIdeaMail in SQL over the user row `u`. */
export function newIdeaMailSql(alias = 'u'): Prisma.Sql {
  const u = Prisma.raw(`"${alias}"`);
  return Prisma.sql`(CASE
    WHEN NOT (${u}."role"::text = ANY(${[...TEAM_ROLES]}::text[])) THEN 'NONE'
    WHEN ${u}."newIdeaMail" IS NOT NULL THEN ${u}."newIdeaMail"::text
    WHEN ${u}."notifications" <> 'ALL' THEN 'NONE'
    WHEN ${u}."role" IN ('OWNER', 'ADMIN') THEN 'EACH'
    ELSE 'DIGEST' END)`;
}

export const ZSetNewIdeaMail = z.object({
  newIdeaMail: requiredEnum(NEW_IDEA_MAIL).meta({
    description: 'EACH: a mail per new idea; DIGEST: one mail a day; NONE: no mail.',
  }),
});

/**
 * Stores how the signed-in team member hears of new ideas by mail (their choice outranks the
 * general `notifications` preference). The console's notifications list new ideas either way.
 * End users are refused: new ideas reach the team only.
 */
export async function setNewIdeaMail(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<{ newIdeaMail: NewIdeaMail }> {
  const { userId } = requireViewer(viewer);
  if (!isTeamMember(viewer)) throw errors.forbidden();
  const { newIdeaMail } = parseInput(ZSetNewIdeaMail, input);
  await deps.prisma.user.update({ where: { id: userId }, data: { newIdeaMail } });
  return { newIdeaMail };
}
