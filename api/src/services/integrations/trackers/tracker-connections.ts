import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { TDeps } from '../../../deps.ts';
import { AppError, errors } from '../../../errors.ts';
import type { TFieldError } from '../../../errors.ts';
import type { IssueTrackerConnection } from '../../../generated/prisma/client.ts';
import { SecretKeyError, openSecret, sealSecret } from '../../../auth/secret-box.ts';
import { messages, parseInput, requiredOr } from '../../../validation.ts';
import type { TViewer } from '../../../viewer.ts';
import { requireCompanyAdmin, requireSignedInAdmin, requireViewer } from '../../../viewer.ts';
import { toRowId } from '../../access.ts';
import { actorOf, recordAudit } from '../../audit/record-audit.ts';
import { NO_SECRETS_KEY } from '../slack/slack-connections.ts';
import { TrackerApiError, checkTrackerTarget } from './tracker-clients.ts';
import type { TTrackerTarget } from './tracker-clients.ts';

export const TRACKER_KINDS = ['GITHUB', 'LINEAR'] as const;
export type TTrackerKind = (typeof TRACKER_KINDS)[number];
/** What a closed issue may move its ideas to: any status but hidden and declined. */
export const CLOSED_STATUSES = ['OPEN', 'REVIEW', 'PLANNED', 'IN_PROGRESS', 'COMPLETE'] as const;

export const TRACKER_KEYS_REFUSED =
  'API keys cannot manage integrations: sign in as an owner or admin to change them.';

export const VENDOR = { GITHUB: 'GitHub', LINEAR: 'Linear' } as const;

const ZSecretText = (max: number) =>
  z
    .string({ error: requiredOr('It has to be text.') })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.max(max) });

const ZRepository = z
  .string({ error: requiredOr('It has to be text.') })
  .trim()
  .regex(/^[\w.-]{1,100}\/[\w.-]{1,100}$/, {
    error: 'Write the repository as owner/name, e.g. acme/roadmap.',
  });

const ZTeamId = ZSecretText(100);

const ZWebhookSecret = z
  .string({ error: requiredOr('It has to be text.') })
  .trim()
  .min(12, { error: 'Use at least 12 characters: a long random secret.' })
  .max(200, { error: messages.max(200) });

const ZClosedStatus = z.enum(CLOSED_STATUSES, { error: messages.oneOf(CLOSED_STATUSES) });
const ZCustomStatusId = z.union([z.string(), z.number()]).nullish();

export const ZConnectTracker = z.object({
  kind: z.enum(TRACKER_KINDS, { error: messages.oneOf(TRACKER_KINDS) }),
  token: ZSecretText(500),
  repository: ZRepository.optional(),
  teamId: ZTeamId.optional(),
  /** Optional at first: Linear shows its signing secret only once its webhook exists. */
  webhookSecret: ZWebhookSecret.optional(),
  closedStatus: ZClosedStatus.default('COMPLETE'),
  closedStatusId: ZCustomStatusId,
});

export const ZUpdateTracker = z.object({
  token: ZSecretText(500).optional(),
  repository: ZRepository.optional(),
  teamId: ZTeamId.optional(),
  webhookSecret: ZWebhookSecret.optional(),
  closedStatus: ZClosedStatus.optional(),
  closedStatusId: ZCustomStatusId,
});

/** Seals a secret, or names the field a server without SECRETS_KEY cannot store. */
export function sealField(deps: TDeps, field: string, plain: string): string {
  try {
    return sealSecret(deps.config.secretKeys, plain);
  } catch (error) {
    if (error instanceof SecretKeyError) {
      throw errors.validation([{ field, message: NO_SECRETS_KEY }]);
    }
    throw error;
  }
}

/** The last four characters: enough to tell two tokens apart, never enough to use one. */
export const secretHint = (plain: string): string => plain.slice(-4);

/** The tracker's webhook address to paste into GitHub or Linear. */
export function trackerWebhookUrl(deps: TDeps, connection: IssueTrackerConnection): string {
  return `${deps.config.appUrl}/api/v1/integrations/${connection.kind.toLowerCase()}/${connection.webhookKey}`;
}

/**
 * Opens a stored tracker secret. A key that is no longer configured (SECRETS_KEY unset or
 * rotated without SECRETS_KEYS_PREVIOUS) is UNAVAILABLE with what to do, never a 500.
 */
export function openTrackerSecret(deps: TDeps, sealed: string): string {
  try {
    return openSecret(deps.config.secretKeys, sealed);
  } catch (error) {
    if (!(error instanceof SecretKeyError)) throw error;
    deps.log.error(`Issue tracker secret cannot be opened: ${error.message}`);
    throw new AppError(
      'UNAVAILABLE',
      'This server cannot open the stored tracker secrets (SECRETS_KEY changed): whoever runs Feedboard has to restore the key, or an admin reconnects the tracker.',
    );
  }
}

/** Where a connection's issues go, with its token opened. */
export function trackerTarget(deps: TDeps, connection: IssueTrackerConnection): TTrackerTarget {
  const token = openTrackerSecret(deps, connection.sealedToken);
  return connection.kind === 'GITHUB'
    ? {
        kind: 'GITHUB',
        token,
        repoOwner: connection.repoOwner ?? '',
        repoName: connection.repoName ?? '',
      }
    : { kind: 'LINEAR', token, teamId: connection.teamId ?? '' };
}

/**
 * A tracker's refusal as the answer people read, on the field at fault: `tokenField` for a bad
 * or under-privileged credential, `targetField` for a repository or team it cannot see. Rate
 * limits are RATE_LIMITED with the wait; an unreachable tracker is UNAVAILABLE. Never a 500.
 */
export function trackerFailure(
  error: unknown,
  fields: { tokenField: string; targetField: string; notFound?: string },
): never {
  if (!(error instanceof TrackerApiError)) throw error;
  const who = error.vendor;
  const field = (f: string, message: string): TFieldError[] => [{ field: f, message }];
  switch (error.problem) {
    case 'auth':
      throw errors.validation(
        field(
          fields.tokenField,
          who === 'GitHub'
            ? 'GitHub refused the token (401 Bad credentials): paste a valid personal access token.'
            : 'Linear refused the API key (authentication error): paste a valid personal API key.',
        ),
      );
    case 'forbidden':
      throw errors.validation(
        field(
          fields.tokenField,
          who === 'GitHub'
            ? 'GitHub refused access (403): give the token the Issues read and write permission on this repository.'
            : 'Linear refused access (forbidden): the key’s user has to be a member of the team.',
        ),
      );
    case 'notFound':
      throw errors.validation(
        field(
          fields.targetField,
          fields.notFound ??
            (who === 'GitHub'
              ? 'GitHub has no such repository, or the token cannot see it (404).'
              : 'Linear has no such team, or the key cannot see it.'),
        ),
      );
    case 'rateLimited': {
      const wait = error.retryAfterSeconds
        ? ` Try again in ${error.retryAfterSeconds} s.`
        : ' Try again in a few minutes.';
      throw new AppError('RATE_LIMITED', `${who} is rate limiting this token.${wait}`, [
        { field: fields.tokenField, message: `${who} rate limit reached.${wait}` },
      ]);
    }
    case 'malformed':
      throw new AppError(
        'UNAVAILABLE',
        `${who} answered without a valid issue (${error.detail ?? 'unreadable'}): nothing was linked or changed. Please try again shortly.`,
      );
    default:
      throw new AppError(
        'UNAVAILABLE',
        `${who} could not be reached or failed (${error.status ?? 'no answer'}). Please try again shortly.`,
      );
  }
}

/**
 * A tracker connection of the admin's company, or NOT_FOUND (also another company's, whatever
 * the caller's role there); a member of its own company is forbidden.
 */
export async function findTrackerForAdmin(
  deps: TDeps,
  viewer: TViewer | null,
  connectionId: number,
): Promise<IssueTrackerConnection> {
  const { companyId } = requireViewer(viewer);
  const connection = await deps.prisma.issueTrackerConnection.findFirst({
    where: { id: connectionId, companyId },
  });
  if (!connection) throw errors.notFound('Issue tracker connection');
  requireCompanyAdmin(viewer);
  return connection;
}

/** The company's tracker connections (GitHub first); admins only. */
export function listTrackerConnections(
  deps: TDeps,
  viewer: TViewer | null,
): Promise<IssueTrackerConnection[]> {
  const admin = requireCompanyAdmin(viewer);
  return deps.prisma.issueTrackerConnection.findMany({
    where: { companyId: admin.companyId },
    orderBy: [{ kind: 'asc' }],
  });
}

/** The custom status a closed issue applies: one of the company's boards, of kind `status`. */
async function closedCustomStatus(
  deps: TDeps,
  companyId: number,
  raw: string | number | null | undefined,
  status: string,
): Promise<number | null> {
  if (raw === null || raw === undefined || raw === '') return null;
  const found = await deps.prisma.boardStatus.findFirst({
    where: { id: toRowId(raw), board: { companyId } },
  });
  if (!found) throw errors.validation([{ field: 'closedStatusId', message: 'Status not found' }]);
  if (found.kind !== status) {
    throw errors.validation([
      { field: 'closedStatusId', message: `It has to be a status of kind ${status}.` },
    ]);
  }
  return found.id;
}

function splitRepository(repository: string): { repoOwner: string; repoName: string } {
  const [repoOwner = '', repoName = ''] = repository.split('/');
  return { repoOwner, repoName };
}

/**
 * Connects GitHub (a repository) or Linear (a team) to the company: owners and admins signed
 * in as people. The token is checked against the tracker first (a refusal is a field error),
 * then it and the webhook secret are sealed; neither is answered again.
 */
export async function connectTracker(
  deps: TDeps,
  viewer: TViewer | null,
  input: unknown,
): Promise<IssueTrackerConnection> {
  const admin = requireSignedInAdmin(viewer, TRACKER_KEYS_REFUSED);
  const data = parseInput(ZConnectTracker, input);
  const targetField = data.kind === 'GITHUB' ? 'repository' : 'teamId';
  const targetValue = data.kind === 'GITHUB' ? data.repository : data.teamId;
  if (!targetValue) throw errors.validation([{ field: targetField, message: messages.required }]);
  const existing = await deps.prisma.issueTrackerConnection.findFirst({
    where: { companyId: admin.companyId, kind: data.kind },
    select: { id: true },
  });
  if (existing) {
    throw new AppError(
      'CONFLICT',
      `${VENDOR[data.kind]} is already connected: change that connection instead.`,
      [{ field: 'kind', message: `${VENDOR[data.kind]} is already connected.` }],
    );
  }
  const closedStatusId = await closedCustomStatus(
    deps,
    admin.companyId,
    data.closedStatusId,
    data.closedStatus,
  );
  const place =
    data.kind === 'GITHUB'
      ? { ...splitRepository(targetValue), teamId: null }
      : { repoOwner: null, repoName: null, teamId: targetValue };
  const sealedToken = sealField(deps, 'token', data.token);
  const sealedWebhookSecret =
    data.webhookSecret === undefined ? null : sealField(deps, 'webhookSecret', data.webhookSecret);
  const target: TTrackerTarget =
    data.kind === 'GITHUB'
      ? {
          kind: 'GITHUB',
          token: data.token,
          repoOwner: place.repoOwner!,
          repoName: place.repoName!,
        }
      : { kind: 'LINEAR', token: data.token, teamId: targetValue };
  await checkTrackerTarget(deps, target).catch((error) =>
    trackerFailure(error, { tokenField: 'token', targetField }),
  );
  return deps.prisma.$transaction(async (tx) => {
    const created = await tx.issueTrackerConnection.create({
      data: {
        companyId: admin.companyId,
        kind: data.kind,
        sealedToken,
        tokenHint: secretHint(data.token),
        ...place,
        sealedWebhookSecret,
        webhookKey: randomBytes(18).toString('base64url'),
        closedStatus: data.closedStatus,
        closedStatusId,
      },
    });
    await recordAudit(
      deps,
      {
        action: 'ISSUE_TRACKER_CONNECTED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'IssueTrackerConnection', id: created.id },
        details: {
          kind: created.kind,
          tokenHint: created.tokenHint,
          repository: data.kind === 'GITHUB' ? targetValue : null,
          teamId: created.teamId,
          closedStatus: created.closedStatus,
        },
      },
      tx,
    );
    return created;
  });
}

/**
 * Changes a connection: a new token, repository or team (checked against the tracker again), a
 * new webhook secret, the status closed issues apply. What is left out is kept.
 */
export async function updateTracker(
  deps: TDeps,
  viewer: TViewer | null,
  connectionId: number,
  input: unknown,
): Promise<IssueTrackerConnection> {
  const connection = await findTrackerForAdmin(deps, viewer, connectionId);
  const admin = requireSignedInAdmin(viewer, TRACKER_KEYS_REFUSED);
  const data = parseInput(ZUpdateTracker, input);
  const closedStatus = data.closedStatus ?? connection.closedStatus;
  const closedStatusId =
    data.closedStatusId === undefined
      ? data.closedStatus !== undefined && data.closedStatus !== connection.closedStatus
        ? null
        : undefined
      : await closedCustomStatus(deps, connection.companyId, data.closedStatusId, closedStatus);
  const place =
    connection.kind === 'GITHUB'
      ? data.repository !== undefined
        ? splitRepository(data.repository)
        : {}
      : data.teamId !== undefined
        ? { teamId: data.teamId }
        : {};
  const secrets = {
    ...(data.token !== undefined
      ? { sealedToken: sealField(deps, 'token', data.token), tokenHint: secretHint(data.token) }
      : {}),
    ...(data.webhookSecret !== undefined
      ? { sealedWebhookSecret: sealField(deps, 'webhookSecret', data.webhookSecret) }
      : {}),
  };
  if (data.token !== undefined || Object.keys(place).length > 0) {
    const current = trackerTarget(deps, connection);
    const target = {
      ...current,
      ...(data.token !== undefined ? { token: data.token } : {}),
      ...place,
    } as TTrackerTarget;
    await checkTrackerTarget(deps, target).catch((error) =>
      trackerFailure(error, {
        tokenField: 'token',
        targetField: connection.kind === 'GITHUB' ? 'repository' : 'teamId',
      }),
    );
  }
  return deps.prisma.$transaction(async (tx) => {
    const updated = await tx.issueTrackerConnection.update({
      where: { id: connection.id },
      data: {
        ...place,
        ...secrets,
        closedStatus,
        ...(closedStatusId !== undefined ? { closedStatusId } : {}),
      },
    });
    await recordAudit(
      deps,
      {
        action: 'ISSUE_TRACKER_UPDATED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'IssueTrackerConnection', id: connection.id },
        details: {
          kind: updated.kind,
          tokenHint: updated.tokenHint,
          isTokenChanged: data.token !== undefined,
          isWebhookSecretChanged: data.webhookSecret !== undefined,
          closedStatus: updated.closedStatus,
          repository: updated.repoOwner ? `${updated.repoOwner}/${updated.repoName}` : null,
          teamId: updated.teamId,
        },
      },
      tx,
    );
    return updated;
  });
}

/** Disconnects a tracker: the connection, its sealed secrets and its issue links go. */
export async function disconnectTracker(
  deps: TDeps,
  viewer: TViewer | null,
  connectionId: number,
): Promise<IssueTrackerConnection> {
  const connection = await findTrackerForAdmin(deps, viewer, connectionId);
  const admin = requireSignedInAdmin(viewer, TRACKER_KEYS_REFUSED);
  await deps.prisma.$transaction(async (tx) => {
    await tx.issueTrackerConnection.delete({ where: { id: connection.id } });
    await recordAudit(
      deps,
      {
        action: 'ISSUE_TRACKER_DISCONNECTED',
        companyId: admin.companyId,
        actor: actorOf(admin),
        target: { type: 'IssueTrackerConnection', id: connection.id },
        details: { kind: connection.kind, tokenHint: connection.tokenHint },
      },
      tx,
    );
  });
  return connection;
}
