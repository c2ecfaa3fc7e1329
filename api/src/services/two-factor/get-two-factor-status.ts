import type { TDeps } from '../../deps.ts';
import { isTeamRole } from '../../viewer.ts';

export type TTwoFactorStatus = {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  /** The company requires it of its team (owners, admins, members) and this user is on it. */
  requiredByCompany: boolean;
};

/** Whether a user signs in with a second factor, and how many recovery codes are unused. */
export async function getTwoFactorStatus(deps: TDeps, userId: number): Promise<TTwoFactorStatus> {
  const user = await deps.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      twoFactorEnabledAt: true,
      role: true,
      company: { select: { requireTwoFactor: true } },
      _count: { select: { recoveryCodes: { where: { usedAt: null } } } },
    },
  });
  return {
    enabled: user.twoFactorEnabledAt !== null,
    enabledAt: user.twoFactorEnabledAt,
    recoveryCodesLeft: user._count.recoveryCodes,
    requiredByCompany: user.company.requireTwoFactor && isTeamRole(user.role),
  };
}
