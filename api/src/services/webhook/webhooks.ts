import { randomBytes } from 'node:crypto';
import type { TDeps } from '../../deps.ts';
import { errors } from '../../errors.ts';
import type { Webhook, WebhookDelivery } from '../../generated/prisma/client.ts';
import { parseInput } from '../../validation.ts';
import type { TViewer } from '../../viewer.ts';
import { requireCompanyAdmin, requireSignedInAdmin, requireViewer } from '../../viewer.ts';
import { toRowId } from '../access.ts';
import { actorOf, recordAudit } from '../audit/record-audit.ts';
import { ZCreateWebhook, ZUpdateWebhook } from './webhook-input.ts';
import { hostProblem, webhookUrlProblem } from './webhook-url.ts';
import { PREVIOUS_SECRET_VALID_MS, WEBHOOK_SECRET_PREFIX } from './sign-webhook.ts';

export type TWebhookWithSecret = { webhook: Webhook; secret: string };

/** `whsec_` and 24 random bytes in standard base64, as Standard Webhooks' libraries read it. */
function newSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/**
 * The address's rules (webhookUrlProblem), then its host looked up in DNS: a name that does not
 * exist, or (unless private addresses are allowed) one that resolves to a private address, is a
 * field error at registration rather than a failure at every delivery.
 */
async function checkUrl(deps: TDeps, url: string): Promise<void> {
  const allowPrivate = deps.config.webhookAllowPrivateUrls;
  const problem =
    webhookUrlProblem(url, allowPrivate) ??
    (await hostProblem(url, allowPrivate, deps.config.dnsServers));
  if (problem) throw errors.validation([{ field: 'url', message: problem }]);
}

/** The board filter: a board of the admin's company (a field error otherwise), or none. */
async function boardFilter(
  deps: TDeps,
  companyId: number,
  raw: string | number | null | undefined,
): Promise<number | null> {
  if (raw === null || raw === undefined || raw === '') return null;
  const board = await deps.prisma.board.findFirst({
    where: { id: toRowId(raw), companyId },
    select: { id: true },
  });
  if (!board) throw errors.validation([{ field: 'boardId', message: 'Board not found' }]);
  return board.id;
}

/**
 * Webhooks send the company's data to an address and sign it with a secret: a leaked API key
 * must not be able to point them elsewhere or learn a secret (see requireSignedInAdmin).
 */
export const KEYS_REFUSED =
  'API keys cannot set up webhooks or their secrets: sign in to change them.';

/**
 * A webhook of the admin's company, or NOT_FOUND (also for another company's, whatever the
 * caller's role there); a member or end user of its own company is forbidden.
 */
export async function findWebhookForAdmin(
  deps: TDeps,
  viewer: TViewer | null,
  webhookId: number,
): Promise<Webhook> {
  const { companyId } = requireViewer(viewer);
  const webhook = await deps.prisma.webhook.findFirst({ where: { id: webhookId, companyId } });
  if (!webhook) throw errors.notFound('Webhook');
  requireCompanyAdmin(viewer);
  return webhook;
}

/**
 * Registers a webhook of the admin's company (optionally for one board's events). The signing
 * secret is answered this once; rotateWebhookSecret makes a new one.
 */
export async function createWebhook(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<TWebhookWithSecret> {
  const admin = requireSignedInAdmin(viewer, KEYS_REFUSED);
  const data = parseInput(ZCreateWebhook, input);
  await checkUrl(deps, data.url);
  const boardId = await boardFilter(deps, admin.companyId, data.boardId);
  const secret = newSecret();
  // Webhook changes send data elsewhere: each and its entry are written together or not at all.
  const webhook = await deps.prisma.$transaction(async (tx) => {
    const created = await tx.webhook.create({
      data: { companyId: admin.companyId, boardId, url: data.url, events: data.events, secret },
    });
    await recordAudit(
      deps,
      {
        action: 'WEBHOOK_CREATED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'Webhook', id: created.id },
        details: { url: created.url, events: created.events, boardId: created.boardId },
      },
      tx,
    );
    return created;
  });
  return { webhook, secret };
}

/** The company's webhooks, newest first (admins only). */
export function listWebhooks(deps: TDeps, viewer: TViewer | null): Promise<Webhook[]> {
  const admin = requireCompanyAdmin(viewer);
  return deps.prisma.webhook.findMany({
    where: { companyId: admin.companyId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
}

/** Changes a webhook's address, events, board filter or whether it is enabled. */
export async function updateWebhook(
  deps: TDeps,
  viewer: TViewer | null,
  webhookId: number,
  input: unknown,
): Promise<Webhook> {
  const webhook = await findWebhookForAdmin(deps, viewer, webhookId);
  const admin = requireSignedInAdmin(viewer, KEYS_REFUSED);
  const data = parseInput(ZUpdateWebhook, input);
  if (data.url !== undefined) await checkUrl(deps, data.url);
  const boardId =
    data.boardId === undefined
      ? undefined
      : await boardFilter(deps, webhook.companyId, data.boardId);
  const changes = {
    ...(data.url !== undefined ? { url: data.url } : {}),
    ...(data.events !== undefined ? { events: data.events } : {}),
    ...(boardId !== undefined ? { boardId } : {}),
    ...(data.isEnabled !== undefined ? { isEnabled: data.isEnabled } : {}),
  };
  return deps.prisma.$transaction(async (tx) => {
    const updated = await tx.webhook.update({ where: { id: webhook.id }, data: changes });
    await recordAudit(
      deps,
      {
        action: 'WEBHOOK_UPDATED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'Webhook', id: webhook.id },
        details: changes,
      },
      tx,
    );
    return updated;
  });
}

/**
 * Replaces the signing secret (answered this once); the next attempt is signed with it, and for
 * PREVIOUS_SECRET_VALID_MS with the one it replaced as well (a second Standard Webhooks
 * signature), so the receiver can take the new secret without losing a delivery. Rotating
 * again within the window drops the oldest.
 */
export async function rotateWebhookSecret(
  deps: TDeps,
  viewer: TViewer | null,
  webhookId: number,
): Promise<TWebhookWithSecret> {
  const found = await findWebhookForAdmin(deps, viewer, webhookId);
  const admin = requireSignedInAdmin(viewer, KEYS_REFUSED);
  const secret = newSecret();
  const webhook = await deps.prisma.$transaction(async (tx) => {
    // The row's lock: of two rotations at once, the second keeps the first's new secret as its
    // previous one (read before the lock, it kept the older one, and the first's answer, shown
    // once, never signed anything).
    await tx.$queryRaw`SELECT "id" FROM "Webhook" WHERE "id" = ${found.id}::int FOR UPDATE`;
    const current = await tx.webhook.findUniqueOrThrow({
      where: { id: found.id },
      select: { secret: true },
    });
    const updated = await tx.webhook.update({
      where: { id: found.id },
      data: {
        secret,
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(Date.now() + PREVIOUS_SECRET_VALID_MS),
      },
    });
    await recordAudit(
      deps,
      {
        action: 'WEBHOOK_SECRET_ROTATED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'Webhook', id: found.id },
        details: { url: found.url },
      },
      tx,
    );
    return updated;
  });
  return { webhook, secret };
}

/** Deletes a webhook with its delivery log; pending deliveries are dropped. */
export async function deleteWebhook(
  deps: TDeps,
  viewer: TViewer | null,
  webhookId: number,
): Promise<Webhook> {
  const webhook = await findWebhookForAdmin(deps, viewer, webhookId);
  // A leaked key must not silently cut a company's integrations (outside attack 9, F11).
  const admin = requireSignedInAdmin(viewer, KEYS_REFUSED);
  await deps.prisma.$transaction(async (tx) => {
    await tx.webhook.delete({ where: { id: webhook.id } });
    await recordAudit(
      deps,
      {
        action: 'WEBHOOK_DELETED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'Webhook', id: webhook.id },
        details: { url: webhook.url },
      },
      tx,
    );
  });
  return webhook;
}

/** The delivery log of a webhook, newest first (at most `limit`, 1 to 100). */
export async function listWebhookDeliveries(
  deps: TDeps,
  viewer: TViewer | null,
  webhookId: number,
  limit = 50,
): Promise<WebhookDelivery[]> {
  const webhook = await findWebhookForAdmin(deps, viewer, webhookId);
  return deps.prisma.webhookDelivery.findMany({
    where: { webhookId: webhook.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(Math.max(1, Math.trunc(limit) || 50), 100),
  });
}
