import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TDeps } from '../../../deps.ts';
import { AppError, errors } from '../../../errors.ts';
import { messages, nestsTooDeep } from '../../../validation.ts';
import type { IssueTrackerConnection } from '../../../generated/prisma/client.ts';
import { announceIdeaStatusChange, applyIdeaStatusChange } from '../../idea/set-idea-status.ts';
import type { TIdeaStatusChange } from '../../idea/set-idea-status.ts';
import { openTrackerSecret } from './tracker-connections.ts';
import type { TTrackerKind } from './tracker-connections.ts';

/** What a delivery did: how many linked ideas moved. */
export type TTrackerWebhookResult = { received: true; movedIdeas: number };

/** HMAC-SHA256 of the raw body under the connection's signing secret, as lower-case hex. */
export function signTrackerBody(secret: string, body: Uint8Array | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * Whether `header` is the body's signature: GitHub sends `sha256=<hex>`
 * (X-Hub-Signature-256), Linear the bare hex (Linear-Signature). Compared in constant time.
 */
export function isTrackerSignatureValid(
  kind: TTrackerKind,
  secret: string,
  body: Uint8Array,
  header: string | undefined,
): boolean {
  if (!header) return false;
  const hex =
    kind === 'GITHUB' ? /^sha256=([0-9a-f]{64})$/i.exec(header.trim())?.[1] : header.trim();
  if (!hex || !/^[0-9a-f]{64}$/i.test(hex)) return false;
  const expected = Buffer.from(signTrackerBody(secret, body), 'hex');
  const given = Buffer.from(hex, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The issue a delivery is about and whether it was closed (completed), or null to ignore it. */
function readDelivery(
  kind: TTrackerKind,
  event: string | undefined,
  body: unknown,
): { externalId: string; state: string; isClosed: boolean } | null {
  // Only these fields are read; anything else in GitHub's or Linear's payload is ignored.
  const payload = body as {
    action?: unknown;
    type?: unknown;
    issue?: { number?: unknown; state?: unknown };
    data?: { id?: unknown; state?: { type?: unknown } };
  } | null;
  if (kind === 'GITHUB') {
    if (event !== 'issues' || !payload?.issue || typeof payload.issue.number !== 'number') {
      return null;
    }
    return {
      externalId: String(payload.issue.number as number),
      state: String(payload.issue.state ?? ''),
      isClosed: payload.action === 'closed',
    };
  }
  if (
    payload?.type !== 'Issue' ||
    payload.action !== 'update' ||
    typeof payload.data?.id !== 'string'
  ) {
    return null;
  }
  const stateType = String(payload.data.state?.type ?? '');
  return { externalId: payload.data.id, state: stateType, isClosed: stateType === 'completed' };
}

/** Who the idea's activity log names for a tracker's change: the company's owner. */
async function trackerActorId(deps: TDeps, companyId: number): Promise<number | null> {
  const owner = await deps.prisma.user.findFirst({
    where: { companyId, role: 'OWNER', kind: 'REGULAR' },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  return owner?.id ?? null;
}

/** Moves one linked idea to the connection's closed status, through the status-change service. */
async function moveIdea(
  deps: TDeps,
  connection: IssueTrackerConnection,
  ideaId: number,
  actorId: number,
): Promise<boolean> {
  const idea = await deps.prisma.idea.findFirst({
    where: { id: ideaId, board: { companyId: connection.companyId } },
    include: { board: { select: { id: true, companyId: true } } },
  });
  // A hidden idea stays hidden and a declined one keeps its decline: the team decides those.
  if (!idea || idea.status === 'NOT_PUBLIC' || idea.status === 'DECLINED') return false;
  const custom =
    connection.closedStatusId === null
      ? null
      : await deps.prisma.boardStatus.findFirst({
          where: {
            id: connection.closedStatusId,
            boardId: idea.boardId,
            kind: connection.closedStatus,
          },
        });
  const previousCustomStatus =
    idea.customStatusId === null
      ? null
      : await deps.prisma.boardStatus.findUnique({ where: { id: idea.customStatusId } });
  const change: TIdeaStatusChange = {
    idea,
    actorId,
    status: connection.closedStatus as TIdeaStatusChange['status'],
    customStatus: custom,
    previousCustomStatus,
    mayReopen: false,
  };
  const isChanged = await deps.prisma.$transaction((tx) => applyIdeaStatusChange(tx, change));
  if (!isChanged) return false;
  const updated = await deps.prisma.idea.findUniqueOrThrow({ where: { id: idea.id } });
  await announceIdeaStatusChange(deps, change, updated);
  return true;
}

/**
 * A GitHub or Linear webhook delivery to `/api/v1/integrations/{github|linear}/{key}`. An
 * unknown key is NOT_FOUND. The signature is checked over the raw body before anything is read:
 * missing or wrong is UNAUTHENTICATED (401), changes nothing and logs a warning naming the
 * connection (never a secret). A closed GitHub issue, or a Linear issue whose state became
 * `completed`, moves every linked idea to the connection's closed status, with the mails,
 * webhooks and activity entry of any status change; other deliveries refresh the link's state.
 */
export async function handleTrackerWebhook(
  deps: TDeps,
  kind: TTrackerKind,
  key: string,
  rawBody: Uint8Array,
  headers: { signature: string | undefined; event: string | undefined },
): Promise<TTrackerWebhookResult> {
  const connection = await deps.prisma.issueTrackerConnection.findFirst({
    where: { webhookKey: key, kind },
  });
  if (!connection) throw errors.notFound('Webhook');
  // No secret stored yet: nothing can be verified, so nothing is accepted.
  const secret = connection.sealedWebhookSecret
    ? openTrackerSecret(deps, connection.sealedWebhookSecret)
    : null;
  if (!secret || !isTrackerSignatureValid(kind, secret, rawBody, headers.signature)) {
    const why = !secret
      ? 'no webhook secret is set'
      : headers.signature
        ? 'wrong signature'
        : 'missing signature';
    deps.log.warn(
      `${kind === 'GITHUB' ? 'GitHub' : 'Linear'} webhook refused: ${why} (connection ${connection.id}, company ${connection.companyId})`,
    );
    throw new AppError('UNAUTHENTICATED', 'The signature of this delivery is not valid.');
  }
  let payload: unknown;
  try {
    const text = Buffer.from(rawBody).toString('utf8');
    // Refused before parsing, as on REST and GraphQL: parsing deep brackets takes seconds.
    if (nestsTooDeep(text)) throw new SyntaxError(messages.tooDeep);
    payload = JSON.parse(text);
  } catch {
    throw errors.malformedJson();
  }
  const delivery = readDelivery(kind, headers.event, payload);
  if (!delivery) return { received: true, movedIdeas: 0 };
  const links = await deps.prisma.ideaIssueLink.findMany({
    where: { connectionId: connection.id, externalId: delivery.externalId },
  });
  if (links.length === 0) return { received: true, movedIdeas: 0 };
  await deps.prisma.ideaIssueLink.updateMany({
    where: { id: { in: links.map((link) => link.id) } },
    data: { state: delivery.state.slice(0, 50) },
  });
  if (!delivery.isClosed) return { received: true, movedIdeas: 0 };
  const actorId = await trackerActorId(deps, connection.companyId);
  if (actorId === null) return { received: true, movedIdeas: 0 };
  let movedIdeas = 0;
  for (const link of links) {
    if (await moveIdea(deps, connection, link.ideaId, actorId)) movedIdeas += 1;
  }
  deps.log.info(
    `${kind === 'GITHUB' ? 'GitHub' : 'Linear'} issue closed (connection ${connection.id}): ${movedIdeas} idea(s) moved to ${connection.closedStatus}`,
  );
  return { received: true, movedIdeas };
}
