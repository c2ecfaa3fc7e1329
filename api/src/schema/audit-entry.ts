import { encodeGlobalID, decodeGlobalID, resolveCursorConnection } from '@pothos/plugin-relay';
import { errors } from '../errors.ts';
import type { AuditEntry } from '../generated/prisma/client.ts';
import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES } from '../services/audit/audit-actions.ts';
import type { TAuditAction } from '../services/audit/audit-actions.ts';
import {
  countAuditEntries,
  findAuditPage,
  listAuditActors,
  requireAuditReader,
} from '../services/audit/list-audit-entries.ts';
import type {
  TAuditActor,
  TAuditFilter,
  TAuditPosition,
} from '../services/audit/list-audit-entries.ts';
import { builder } from './builder.ts';
import { CompanyType } from './company.ts';
import { decodeId, globalId } from './ids.ts';

export const AuditActionEnum = builder.enumType('AuditAction', {
  description: 'What an audit log entry records.',
  values: Object.fromEntries(
    AUDIT_ACTION_NAMES.map((name) => [name, { value: name, description: AUDIT_ACTIONS[name] }]),
  ) as Record<TAuditAction, { value: TAuditAction; description: string }>,
});

type TDetail = { name: string; value: string };

const AuditDetailType = builder.objectRef<TDetail>('AuditDetail').implement({
  description: 'One fact of an audit entry, for people to read (never a token, secret or key).',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'What the fact is, e.g. `url` or `isPublic`.' }),
    value: t.exposeString('value', {
      description: 'Its value as text (lists joined with ", ", JSON null as "null").',
    }),
  }),
});

function detailsOf(entry: AuditEntry): TDetail[] {
  const details = entry.details;
  if (!details || typeof details !== 'object' || Array.isArray(details)) return [];
  return Object.entries(details).map(([name, value]) => ({
    name,
    value: Array.isArray(value) ? value.join(', ') : String(value),
  }));
}

/**
 * An entry of the audit log. Read-only: no mutation changes or deletes one (retention does,
 * after AUDIT_RETENTION_DAYS).
 */
const AuditEntryType = builder.prismaObject('AuditEntry', {
  description:
    'One security-relevant action: who did it (user or API key), when, from which address, and what. Entries cannot be changed or deleted; they are kept for AUDIT_RETENTION_DAYS (365 by default).',
  fields: (t) => ({
    id: t.id({
      description: 'A global id of the entry (stable; for client caches).',
      resolve: (entry) => globalId('AuditEntry', entry.id),
    }),
    action: t.field({
      type: AuditActionEnum,
      description: 'What was done.',
      resolve: (entry) => entry.action as TAuditAction,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was done.' }),
    actorLabel: t.exposeString('actorLabel', {
      description:
        'Who did it, as they were named then ("Ann <ann@example.com>", \'API key "CI" (fbk_ab12cd…) of Ann\', "Stripe", or the email tried by a failed sign-in). Kept after the user or key is deleted.',
    }),
    actorId: t.id({
      nullable: true,
      description:
        'The global id (CompanyUser) of the user who acted, if a user did; pass it as `actorId` to filter.',
      resolve: (entry) => (entry.actorUserId ? globalId('CompanyUser', entry.actorUserId) : null),
    }),
    actorApiKeyId: t.id({
      nullable: true,
      description:
        'The global id (ApiKey) of the API key used, if one was; pass it as `actorId` to filter.',
      resolve: (entry) => (entry.actorApiKeyId ? globalId('ApiKey', entry.actorApiKeyId) : null),
    }),
    address: t.exposeString('address', {
      nullable: true,
      description:
        "The client's address (as TRUST_PROXY reads it); null when no request did it (a payment settled by the provider).",
    }),
    targetType: t.exposeString('targetType', {
      nullable: true,
      description: 'The kind of object acted on: Company, User, ApiKey, Webhook, Board, Payment.',
    }),
    targetId: t.exposeString('targetId', {
      nullable: true,
      description: 'The row id of the object acted on (it may no longer exist).',
    }),
    details: t.field({
      type: [AuditDetailType],
      description: 'What changed, as name and value pairs.',
      resolve: detailsOf,
    }),
  }),
});

/** A page cursor: the position of the entry a page ends (or starts) on, opaque to clients. */
function auditCursor(entry: AuditEntry): string {
  return encodeGlobalID('AuditCursor', `${entry.createdAt.getTime()}.${entry.id}`);
}

function cursorPosition(
  cursor: string | undefined,
  field: 'after' | 'before',
): TAuditPosition | undefined {
  if (cursor === undefined) return undefined;
  const refused = () =>
    errors.validation([{ field, message: 'This is not a cursor of this list.' }]);
  let decoded: { typename: string; id: string };
  try {
    decoded = decodeGlobalID(cursor);
  } catch {
    throw refused();
  }
  const match = /^(\d{1,15})\.(\d{1,10})$/.exec(decoded.id);
  if (decoded.typename !== 'AuditCursor' || !match) throw refused();
  return { createdAt: new Date(Number(match[1])), id: Number(match[2]) };
}

/** `actorId`: a user (CompanyUser or User id) or an API key; any other id matches nothing. */
function actorFilter(actorId: string | number | null | undefined): TAuditFilter {
  if (actorId === null || actorId === undefined || actorId === '') return {};
  const apiKeyId = decodeId(actorId, 'ApiKey');
  if (apiKeyId) return { actorApiKeyId: apiKeyId };
  return { actorUserId: decodeId(actorId, 'CompanyUser') || decodeId(actorId, 'User') };
}

builder.objectField(CompanyType, 'auditLog', (t) =>
  t.connection(
    {
      type: AuditEntryType,
      // A refusal nulls this field only: the rest of the company still answers.
      nullable: true,
      description:
        "The company's audit log, newest first: sign-ins (and refused ones), secret rotation, API keys, webhooks, board visibility, plan changes and exports. Owners only, signed in as themselves: admins, members, end users and API keys are refused (FORBIDDEN). Pages hold 50 entries unless `first` or `last` asks for up to 100.",
      args: {
        actorId: t.arg.id({
          description:
            'Only entries by this user (a CompanyUser or User id, directly or through their API keys) or made with this API key (an ApiKey id).',
        }),
        action: t.arg({ type: AuditActionEnum, description: 'Only entries of this action.' }),
        from: t.arg({
          type: 'DateTime',
          description: 'Only entries made at or after this moment.',
        }),
        to: t.arg({ type: 'DateTime', description: 'Only entries made before this moment.' }),
      },
      resolve: async (company, args, context) => {
        requireAuditReader(context.viewer, company.id);
        const filter: TAuditFilter = {
          ...actorFilter(args.actorId),
          ...(args.action ? { action: args.action } : {}),
          ...(args.from ? { from: args.from } : {}),
          ...(args.to ? { to: args.to } : {}),
        };
        const page = await resolveCursorConnection<Promise<AuditEntry[]>>(
          {
            args,
            defaultSize: 50,
            maxSize: 100,
            toCursor: (entry: AuditEntry) => auditCursor(entry),
          },
          ({ after, before, limit, inverted }) =>
            findAuditPage(context.deps, context.viewer, company.id, filter, {
              limit,
              after: cursorPosition(after, 'after'),
              before: cursorPosition(before, 'before'),
              reverse: inverted,
            }),
        );
        let count: Promise<number> | undefined;
        const totalCount = () =>
          (count ??= countAuditEntries(context.deps, context.viewer, company.id, filter));
        return { ...page, totalCount };
      },
    },
    {
      description: 'A page of audit log entries.',
      fields: (c) => ({
        totalCount: c.int({
          description: 'How many entries match the filters (all pages).',
          resolve: (connection) =>
            (connection as unknown as { totalCount: () => Promise<number> }).totalCount(),
        }),
      }),
    },
    { description: 'An audit log entry in a page.' },
  ),
);

const AuditActorType = builder.objectRef<TAuditActor>('AuditActor').implement({
  description: 'Someone who appears in the audit log as the actor: a user, or an API key.',
  fields: (t) => ({
    id: t.id({
      description:
        'The global id to pass as `auditLog(actorId:)`: a CompanyUser for a user, an ApiKey for a key.',
      resolve: (actor) =>
        actor.apiKeyId !== null
          ? globalId('ApiKey', actor.apiKeyId)
          : globalId('CompanyUser', actor.userId ?? 0),
    }),
    label: t.exposeString('label', {
      description:
        'How their latest entry names them ("Ann <ann@example.com>", \'API key "CI" …\').',
    }),
    userId: t.exposeInt('userId', {
      nullable: true,
      description: 'The user’s row id (REST `actorUserId`); null for an API key.',
    }),
    apiKeyId: t.exposeInt('apiKeyId', {
      nullable: true,
      description: 'The API key’s row id (REST `actorApiKeyId`); null for a user.',
    }),
  }),
});

builder.objectField(CompanyType, 'auditActors', (t) =>
  t.field({
    type: [AuditActorType],
    nullable: true,
    description:
      "Who appears in the company's audit log as the actor (users and API keys), the most recent first, at most 200: the choices of the log's `actorId` filter. Owners only, like `auditLog`.",
    resolve: async (company, _args, context) =>
      listAuditActors(context.deps, context.viewer, company.id),
  }),
);
