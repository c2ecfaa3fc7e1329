import type { TSql } from '../../db/sql.ts';
import type { Role, UserKind } from '../../generated/prisma/client.ts';
import type { TFindLiveCredentials, TLiveCredential } from '../../http/stream-slots.ts';
import { END_USER_GRANT_COLUMNS } from '../access.ts';
import { SESSION_ROLE } from './authenticate.ts';

type TLiveRow = {
  id: number;
  userId: number;
  companyId: number;
  role: Role;
  kind: UserKind;
  isKey: boolean;
  confirmedEmailDomain: string | null;
  customerCompanyIds: number[] | null;
};

/**
 * Which of the given sessions and API keys still authenticate (a session not signed out and
 * not expired; a key not revoked), each with what its user is now (a session's role as its
 * scope makes it, SESSION_ROLE, as the stream's viewer had it) and the grants the board rule
 * reads of an end user (END_USER_GRANT_COLUMNS, as the session lookup reads them): the check of
 * open live streams (stream-slots.ts `recheck`). One statement for every stream of a process.
 */
export function findLiveCredentials(sql: TSql): TFindLiveCredentials {
  return async ({ sessionIds, apiKeyIds }) => {
    const rows = await sql<TLiveRow>`
      SELECT s.id, u.id AS "userId", u."companyId", ${SESSION_ROLE} AS role, u.kind::text AS kind,
             false AS "isKey", ${END_USER_GRANT_COLUMNS}
      FROM "Session" s JOIN "User" u ON u.id = s."userId"
      WHERE s.id = ANY(${sessionIds}::int[]) AND s."revokedAt" IS NULL
        AND s."expiresAt" > (now() AT TIME ZONE 'UTC')
      UNION ALL
      SELECT k.id, u.id AS "userId", u."companyId", u.role::text AS role, u.kind::text AS kind,
             true AS "isKey", ${END_USER_GRANT_COLUMNS}
      FROM "ApiKey" k JOIN "User" u ON u.id = k."createdById"
      WHERE k.id = ANY(${apiKeyIds}::int[]) AND k."revokedAt" IS NULL`;
    const sessions = new Map<number, TLiveCredential>();
    const apiKeys = new Map<number, TLiveCredential>();
    for (const { id, isKey, customerCompanyIds, ...user } of rows) {
      (isKey ? apiKeys : sessions).set(Number(id), {
        ...user,
        userId: Number(user.userId),
        companyId: Number(user.companyId),
        customerCompanyIds: (customerCompanyIds ?? []).map(Number),
      });
    }
    return { sessions, apiKeys };
  };
}
