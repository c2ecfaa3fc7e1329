import { z } from 'zod';
import { hashToken, newToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, errors } from '../../errors.ts';
import type { ApiKey } from '../../generated/prisma/client.ts';
import { parseInput, requiredText } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireSignedInAdmin, requireViewer } from '../../viewer.ts';
import { confirmedDomainOf } from '../access.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';

/** Every key starts with this, so a leaked key is recognisable (and scannable) as ours. */
export const API_KEY_PREFIX = 'fbk_';

/** How fresh `lastUsedAt` is kept: integrators may call many times a second. */
const LAST_USED_PRECISION_MS = 60_000;

const ZApiKeyInput = z.object({
  name: requiredText(1, 50),
  isReadOnly: z.preprocess(
    (v) => v ?? undefined,
    z.boolean({ error: 'It has to be true or false.' }).default(false),
  ),
});

/**
 * Keys a company may hold unrevoked at once: an integration needs one or two, a company with
 * many integrations a few dozen. Without a bound, one admin made a hundred keys in a second,
 * each a token of its own for the live streams' team share (outside attack 14, F1b and F6).
 */
export const MAX_API_KEYS_PER_COMPANY = 50;

/** The refusal of a key past MAX_API_KEYS_PER_COMPANY (the console says it in its language). */
export const tooManyApiKeys = () =>
  new AppError(
    'CONFLICT',
    `Your company has ${MAX_API_KEYS_PER_COMPANY} API keys, the most it may hold. Revoke a key you no longer use, then create the new one.`,
  );

/**
 * Creates a company API key for integrators (admins only). The key is answered this once;
 * only its SHA-256 is stored. It acts with its creator's rights at the time of each call; a
 * read-only key (`isReadOnly`) only reads with them.
 */
export async function createApiKey(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<{ apiKey: ApiKey; key: string }> {
  const admin = requireSignedInAdmin(viewer, KEYS_MANAGED_BY_SESSION);
  const { name, isReadOnly } = parseInput(ZApiKeyInput, input);
  const key = `${API_KEY_PREFIX}${newToken()}`;
  // A new credential and its entry are written together or not at all.
  const apiKey = await deps.prisma.$transaction(async (tx) => {
    // The company's row is locked while its keys are counted, so keys created at once cannot
    // all pass the count.
    await tx.$queryRaw`SELECT "id" FROM "Company" WHERE "id" = ${admin.companyId}::int FOR UPDATE`;
    const held = await tx.apiKey.count({
      where: { companyId: admin.companyId, revokedAt: null },
    });
    if (held >= MAX_API_KEYS_PER_COMPANY) {
      throw tooManyApiKeys();
    }
    const created = await tx.apiKey.create({
      data: {
        companyId: admin.companyId,
        createdById: admin.userId,
        name,
        prefix: key.slice(0, API_KEY_PREFIX.length + 6),
        keyHash: hashToken(key),
        isReadOnly,
      },
    });
    await recordAudit(
      deps,
      {
        action: 'API_KEY_CREATED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'ApiKey', id: created.id },
        details: { name, prefix: created.prefix, isReadOnly },
      },
      tx,
    );
    return created;
  });
  return { apiKey, key };
}

/**
 * Keys are managed by an admin signed in as a person: an API key (even an admin's) may neither
 * list, create nor revoke keys, so a leaked key cannot take the others down or hide itself.
 */
const KEYS_MANAGED_BY_SESSION = 'API keys cannot manage API keys: sign in to manage them.';

/** The company's keys, newest first (admins signed in; never the keys themselves). */
export function listApiKeys(deps: TDeps, viewer: TViewer | null): Promise<ApiKey[]> {
  const admin = requireSignedInAdmin(viewer, KEYS_MANAGED_BY_SESSION);
  return deps.prisma.apiKey.findMany({
    where: { companyId: admin.companyId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}

/**
 * Revokes a key of the admin's company (signed in as a person): calls with it fail from now on,
 * and live streams it opened end.
 */
export async function revokeApiKey(
  deps: TDeps,
  viewer: TViewer | null,
  apiKeyId: number,
): Promise<ApiKey> {
  const { companyId } = requireViewer(viewer);
  const key = await deps.prisma.apiKey.findFirst({ where: { id: apiKeyId, companyId } });
  // Another company's key is not found whatever the caller's role; then only admins go on.
  if (!key) throw errors.notFound('API key');
  const admin = requireSignedInAdmin(viewer, KEYS_MANAGED_BY_SESSION);
  if (key.revokedAt) return key;
  // The revocation and its entry are written together or not at all.
  const revoked = await deps.prisma.$transaction(async (tx) => {
    const updated = await tx.apiKey.update({
      where: { id: key.id },
      data: { revokedAt: new Date() },
    });
    await recordAudit(
      deps,
      {
        action: 'API_KEY_REVOKED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'ApiKey', id: key.id },
        details: { name: key.name, prefix: key.prefix },
      },
      tx,
    );
    return updated;
  });
  deps.events.publishCredentialRevoked({ apiKeyIds: [key.id] });
  return revoked;
}

/** The viewer an API key acts as (its creator, with their current role), or null. */
export async function authenticateApiKey(deps: TDeps, key: string): Promise<TViewer | null> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
  const found = await deps.prisma.apiKey.findUnique({
    where: { keyHash: hashToken(key) },
    select: {
      id: true,
      revokedAt: true,
      lastUsedAt: true,
      isReadOnly: true,
      createdBy: {
        select: {
          id: true,
          companyId: true,
          role: true,
          kind: true,
          email: true,
          emailConfirmedAt: true,
          customerCompanies: { select: { customerCompanyId: true } },
        },
      },
    },
  });
  if (!found || found.revokedAt) return null;
  // At most one write a minute per key, not one per call; best effort: a missed update must
  // not fail the call.
  const now = new Date();
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    void deps.prisma.apiKey
      .update({ where: { id: found.id }, data: { lastUsedAt: now } })
      .catch(() => {});
  }
  return {
    userId: found.createdBy.id,
    companyId: found.createdBy.companyId,
    role: found.createdBy.role,
    kind: found.createdBy.kind,
    confirmedEmailDomain: confirmedDomainOf(found.createdBy),
    customerCompanyIds: found.createdBy.customerCompanies.map((m) => m.customerCompanyId),
    sessionId: 0,
    apiKeyId: found.id,
    ...(found.isReadOnly ? { isReadOnlyKey: true } : {}),
  };
}
