import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { User } from '../../generated/prisma/client.ts';
import { messages, parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireOwnCompanyAdmin } from '../company/company-access.ts';
import { hashExternalId } from './privacy-access.ts';

export const ZFindEndUser = z.object({
  email: z
    .string()
    .trim()
    .max(254, { error: messages.max(254) })
    .optional()
    .nullable(),
  ssoId: z
    .string()
    .trim()
    .max(255, { error: messages.max(255) })
    .optional()
    .nullable(),
});

export type TEndUserSearch = {
  /** The company's users with that email (contact or sign-in) or that SSO id. */
  users: User[];
  /**
   * When a user with the SSO id searched for was last erased, or null: a user found with it now
   * was created afresh after the erasure and carries none of the old history.
   */
  ssoIdErasedAt: Date | null;
};

/**
 * Finds a person of the admin's own company by email (case-insensitive, contact or sign-in
 * address) or by the SSO id the company's system gave them: exactly one of the two. Owners and
 * admins only; another company's users are never found.
 */
export async function findEndUser(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<TEndUserSearch> {
  const admin = requireOwnCompanyAdmin(viewer);
  const { email, ssoId } = parseInput(ZFindEndUser, input);
  if (!email && !ssoId) {
    const message = 'Enter an email or an SSO id.';
    throw errors.validation([
      { field: 'email', message },
      { field: 'ssoId', message },
    ]);
  }
  if (email && ssoId) {
    throw errors.validation([
      { field: 'ssoId', message: 'Search by email or by SSO id, not both.' },
    ]);
  }
  const companyId = admin.companyId;
  if (email) {
    const users = await deps.prisma.user.findMany({
      where: {
        companyId,
        OR: [
          { email: { equals: email, mode: 'insensitive' } },
          { loginEmail: email.toLowerCase() },
        ],
      },
      orderBy: { id: 'asc' },
    });
    return { users, ssoIdErasedAt: null };
  }
  const externalId = ssoId ?? '';
  const [users, tombstone] = await Promise.all([
    deps.prisma.user.findMany({ where: { companyId, externalId }, orderBy: { id: 'asc' } }),
    deps.prisma.erasedUser.findFirst({
      where: { companyId, externalIdHash: hashExternalId(externalId) },
      orderBy: { erasedAt: 'desc' },
    }),
  ]);
  return { users, ssoIdErasedAt: tombstone?.erasedAt ?? null };
}
