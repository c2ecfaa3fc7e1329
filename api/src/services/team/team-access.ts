import { AppError, errors } from '../../errors.ts';
import type { TDeps } from '../../deps.ts';
import type { Prisma, Role } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { TEAM_ROLES, isTeamRole, requireSignedInAdmin, requireViewer } from '../../viewer.ts';

/** Why an API key cannot change the team: roles are credentials of a kind. */
export const TEAM_KEYS_REFUSED = 'API keys cannot change the team: sign in to change it.';

/** An admin signed in as a person (not an API key): who may change the team. */
export function requireTeamAdmin(viewer: TViewer | null): TViewer {
  return requireSignedInAdmin(viewer, TEAM_KEYS_REFUSED);
}

/**
 * Checks that `userId` is on the caller's team before any role check, so that a caller of
 * another company is told "Team member not found" whatever their own role, and one of this
 * company without the right is told "forbidden" (then `require` runs). Answers the caller.
 */
export async function requireTeamTarget(
  deps: TDeps,
  viewer: TViewer | null,
  userId: number,
  require: (viewer: TViewer | null) => TViewer,
): Promise<TViewer> {
  const { companyId } = requireViewer(viewer);
  const found = await deps.prisma.user.count({
    where: { id: userId, companyId, kind: 'REGULAR', role: { in: [...TEAM_ROLES] } },
  });
  if (found === 0) throw errors.notFound('Team member');
  return require(viewer);
}

export type TLockedMember = { id: number; role: Role; kind: string; displayName: string };

/**
 * Locks the team members `userIds` of the company (in id order, so two changes never wait on
 * each other) and answers them by id. A user of another company, an end user or an unknown id
 * is "Team member not found". Role changes re-read the role under this lock, so two admins
 * changing one person (or a change racing a transfer of ownership) apply one after the other.
 */
export async function lockTeamMembers(
  tx: Prisma.TransactionClient,
  companyId: number,
  userIds: number[],
): Promise<Map<number, TLockedMember>> {
  const rows = await tx.$queryRaw<TLockedMember[]>`
    SELECT "id", "role"::text AS "role", "kind"::text AS "kind", "displayName" FROM "User"
    WHERE "id" = ANY(${userIds}::int[]) AND "companyId" = ${companyId}::int
    ORDER BY "id" FOR UPDATE`;
  const found = new Map(rows.map((row) => [row.id, row]));
  for (const id of userIds) {
    const row = found.get(id);
    if (!row || row.kind !== 'REGULAR' || !isTeamRole(row.role)) {
      throw errors.notFound('Team member');
    }
  }
  return found;
}

/**
 * The owner stays on the team until they hand the company over (transferOwnership): said to the
 * owner themselves, and to an admin, who cannot do that for them.
 */
export function ownerRemovalRefusal(isSelf: boolean): AppError {
  return new AppError(
    'CONFLICT',
    isSelf
      ? 'You own the company: transfer ownership to another team member before you leave the team.'
      : 'The owner cannot be removed from the team; only the owner can hand the company to another team member.',
  );
}

/** The owner's role changes only through transferOwnership: a company always has one owner. */
export function ownerRoleRefusal(): AppError {
  return new AppError(
    'CONFLICT',
    "The owner's role changes only when they transfer ownership to another team member.",
  );
}
