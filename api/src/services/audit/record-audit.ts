import type { TDeps } from '../../deps.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import type { TAuditAction } from './audit-actions.ts';

/** The client or an open transaction: entries of security events share the action's one. */
export type TAuditDb = Pick<TDeps['prisma'], 'auditEntry' | 'user' | 'apiKey'>;

/**
 * Who acted. A viewer's user and API key (actorOf), a user known by id (a sign-in), or a
 * label alone ("Stripe"). The label is written as text, so the entry still names the actor
 * after the user or key is gone.
 */
export type TAuditActor = {
  userId?: number | null;
  apiKeyId?: number | null;
  label?: string;
  /** The client's address; null for what no request made (a payment provider's event). */
  address?: string | null;
};

export type TDetail = string | number | boolean | null | string[];

export type TAuditInput = {
  action: TAuditAction;
  /** Null only when no company can be known (a sign-in with an email no user has). */
  companyId: number | null;
  actor: TAuditActor;
  target?: { type: string; id: string | number };
  /** What changed, for people to read; never a token, secret or key (see scrubbed). */
  details?: Record<string, TDetail>;
};

/** The actor of a signed-in caller: their user, the API key they called with, their address. */
export function actorOf(viewer: TViewer): TAuditActor {
  return { userId: viewer.userId, apiKeyId: viewer.apiKeyId ?? null, address: viewer.address };
}

/** Details keys that could carry a credential are dropped, whatever a caller passes. */
const SECRET_KEY = /token|secret|password|hash|^key$|apikey/i;

function scrubbed(details: Record<string, TDetail> = {}): Record<string, TDetail> {
  return Object.fromEntries(Object.entries(details).filter(([key]) => !SECRET_KEY.test(key)));
}

function personLabel(user: { displayName: string; email: string | null }): string {
  return user.email ? `${user.displayName} <${user.email}>` : user.displayName;
}

/** "Ann <ann@example.com>", or 'API key "CI" (fbk_ab12cd…) of Ann <ann@example.com>'. */
async function labelOf(db: TAuditDb, actor: TAuditActor): Promise<string> {
  if (actor.label) return actor.label;
  const user = actor.userId
    ? await db.user.findUnique({
        where: { id: actor.userId },
        select: { displayName: true, email: true },
      })
    : null;
  const person = user ? personLabel(user) : actor.userId ? `user ${actor.userId}` : 'unknown';
  if (!actor.apiKeyId) return person;
  const key = await db.apiKey.findUnique({
    where: { id: actor.apiKeyId },
    select: { name: true, prefix: true },
  });
  return `API key "${key?.name ?? actor.apiKeyId}" (${key?.prefix ?? '?'}…) of ${person}`;
}

/**
 * Writes one audit entry. Pass the action's transaction as `db` where the action has one, so
 * the action and its entry are written together or not at all; a failure throws (and so fails
 * the action). Where an action has no transaction, see recordAuditAfter.
 */
export async function recordAudit(
  deps: Pick<TDeps, 'prisma'>,
  input: TAuditInput,
  db: TAuditDb = deps.prisma,
): Promise<void> {
  const { actor } = input;
  await db.auditEntry.create({
    data: {
      companyId: input.companyId,
      actorUserId: actor.userId ?? null,
      actorApiKeyId: actor.apiKeyId ?? null,
      actorLabel: (await labelOf(db, actor)).slice(0, 300),
      action: input.action,
      targetType: input.target?.type ?? null,
      targetId: input.target === undefined ? null : String(input.target.id),
      address: actor.address ?? null,
      details: scrubbed(input.details) as Prisma.InputJsonObject,
    },
  });
}

/**
 * Writes an entry after an action that is already done and has no transaction to share: a
 * failed insert is logged, not thrown, since the action cannot be taken back.
 */
export async function recordAuditAfter(
  deps: Pick<TDeps, 'prisma' | 'log'>,
  input: TAuditInput,
): Promise<void> {
  try {
    await recordAudit(deps, input);
  } catch (error) {
    deps.log.error(`Audit entry ${input.action} (company ${input.companyId}) not written`, error);
  }
}
