import type { TSql } from '../../db/sql.ts';
import type { Role, UserKind } from '../../generated/prisma/client.ts';
import type { TFindLiveCredentials } from '../../stream-slots.ts';
import { SESSION_ROLE } from './authenticate.ts';

type TLiveRow = {
  id: number;
  userId: number;
  companyId: number;
  role: Role;
  kind: UserKind;
  isKey: boolean;
};

/**
 * Which of the given sessions and API keys still authenticate (a session not signed out and
 * not expired; a key not revoked), each with what its user is now (a session's role as its
 * scope makes it, SESSION_ROLE, as the stream's viewer had it): the periodic check of open
 * live streams (stream-slots.ts `recheck`). One statement for every stream of a process.
 */
export function findLiveCredentials(sql: TSql): TFindLiveCredentials {
  return async ({ sessionIds, apiKeyIds }) => {
    const rows = await sql<TLiveRow>`
      SELECT s.id, u.id AS "userId", u."companyId", ${SESSION_ROLE} AS role, u.kind::text AS kind,
             false AS "isKey"
      FROM "Session" s JOIN "User" u ON u.id = s."userId"
      WHERE s.id = ANY(${sessionIds}::int[]) AND s."revokedAt" IS NULL
        AND s."expiresAt" > (now() AT TIME ZONE 'UTC')
      UNION ALL
      SELECT k.id, u.id AS "userId", u."companyId", u.role::text AS role, u.kind::text AS kind,
             true AS "isKey"
      FROM "ApiKey" k JOIN "User" u ON u.id = k."createdById"
      WHERE k.id = ANY(${apiKeyIds}::int[]) AND k."revokedAt" IS NULL`;
    const sessions = new Map<number, Omit<TLiveRow, 'id' | 'isKey'>>();
    const apiKeys = new Map<number, Omit<TLiveRow, 'id' | 'isKey'>>();
    for (const { id, isKey, ...user } of rows) {
      (isKey ? apiKeys : sessions).set(Number(id), {
        ...user,
        userId: Number(user.userId),
        companyId: Number(user.companyId),
      });
    }
    return { sessions, apiKeys };
  };
}
