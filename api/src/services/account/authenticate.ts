import { hashToken } from '../../auth/tokens.ts';
import type { TDeps } from '../../deps.ts';
import type { Role, UserKind } from '../../generated/prisma/client.ts';
import type { TViewer } from '../../viewer.ts';
import { API_KEY_PREFIX, authenticateApiKey } from '../api-key/api-keys.ts';
import { END_USER_GRANT_COLUMNS } from '../access.ts';
import { sqlFragment } from '../../db/sql.ts';

/**
 * A team member (by the user row) whose company requires two-factor sign-in and who has none:
 * their FULL session carries no team power until they enrol (THE rule; a fresh sign-in gets an
 * `enrolmentRequired` challenge instead, log-in.ts). From `"Session" s JOIN "User" u`.
 */
const MUST_ENROL = `(u.role::text IN ('OWNER', 'ADMIN', 'MEMBER') AND u."twoFactorEnabledAt" IS NULL
  AND EXISTS (SELECT 1 FROM "Company" rc WHERE rc.id = u."companyId" AND rc."requireTwoFactor"))`;

/** Whether a session must enrol a second factor first (MUST_ENROL), for the viewer. */
const MUST_ENROL_COLUMN = sqlFragment(`(s.scope = 'FULL' AND ${MUST_ENROL})`);

/**
 * The role a session acts with, from `"Session" s JOIN "User" u` (THE rule of a session's
 * scope): an END_USER-scoped session (widget and portal sign-ins) is an end user's whatever
 * the user's role; a FULL one has the user's role, but an end user's while the account must
 * enrol a second factor (MUST_ENROL). The session lookup and the recheck of open
 * live streams (find-live-credentials.ts) read it alike, and every team-power check reads the
 * viewer's role (viewer.ts), never the user row's.
 */
export const SESSION_ROLE = sqlFragment(
  `CASE WHEN s.scope = 'END_USER' OR ${MUST_ENROL} THEN 'END_USER' ELSE u.role::text END`,
);

/** Reads `Authorization: Bearer <token>`; answers undefined when there is no bearer token. */
export function bearerToken(header: string | null | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

type TSessionRow = {
  sessionId: number;
  userId: number;
  companyId: number;
  role: Role;
  kind: UserKind;
  isBlocked: boolean;
  lastUsedAt: Date | null;
  mustConfirmEmail: boolean;
  confirmedEmailDomain: string | null;
  customerCompanyIds: number[] | null;
  isTeamAccountInWidget: boolean;
  twoFactorEnrolmentRequired: boolean;
};

/** How fresh a session's `lastUsedAt` is kept (the devices list): one write a minute at most. */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * The viewer of a session token, or null when it is unknown, expired or revoked. A session of
 * scope END_USER (widget and portal sign-ins) is an end user of the user's company whatever the
 * user's role: no team power reaches a token kept in a customer's page. Under the company's
 * EMAIL_DOMAINS sign-up policy, an end user with an email account whose address is not
 * confirmed yet reads but cannot act (`mustConfirmEmail`).
 */
export async function authenticate(deps: TDeps, token: string): Promise<TViewer | null> {
  if (token.length > 200) return null;
  // Every signed-in call starts here: one plain statement (Prisma would read the user
  // separately). Prisma keeps DateTime as UTC in `timestamp` columns, hence now() in UTC.
  const [session] = await deps.sql<TSessionRow>`
    SELECT s.id AS "sessionId", u.id AS "userId", u."companyId", ${SESSION_ROLE} AS role,
           u.kind::text AS kind, u."blockedAt" IS NOT NULL AS "isBlocked", s."lastUsedAt",
           (c."signupPolicy" = 'EMAIL_DOMAINS' AND u.kind = 'REGULAR'
             AND (s.scope = 'END_USER' OR u.role = 'END_USER')
             AND u."emailConfirmedAt" IS NULL) AS "mustConfirmEmail",
           (s.scope = 'END_USER' AND u.role <> 'END_USER') AS "isTeamAccountInWidget",
           ${MUST_ENROL_COLUMN} AS "twoFactorEnrolmentRequired",
           ${END_USER_GRANT_COLUMNS}
    FROM "Session" s JOIN "User" u ON u.id = s."userId" JOIN "Company" c ON c.id = u."companyId"
    WHERE s."tokenHash" = ${hashToken(token)} AND s."revokedAt" IS NULL
      AND s."expiresAt" > (now() AT TIME ZONE 'UTC')`;
  if (!session) return null;
  // Best effort: a missed update must not fail the call.
  const lastUsed = session.lastUsedAt ? new Date(session.lastUsedAt).getTime() : 0;
  if (Date.now() - lastUsed > LAST_USED_PRECISION_MS) {
    void deps.prisma.session
      .update({ where: { id: session.sessionId }, data: { lastUsedAt: new Date() } })
      .catch(() => {});
  }
  return {
    userId: session.userId,
    companyId: session.companyId,
    role: session.role,
    kind: session.kind,
    sessionId: session.sessionId,
    isBlocked: session.isBlocked,
    ...(session.mustConfirmEmail ? { mustConfirmEmail: true } : {}),
    confirmedEmailDomain: session.confirmedEmailDomain,
    customerCompanyIds: session.customerCompanyIds ?? [],
    ...(session.isTeamAccountInWidget ? { isTeamAccountInWidget: true } : {}),
    ...(session.twoFactorEnrolmentRequired ? { twoFactorEnrolmentRequired: true } : {}),
  };
}

/**
 * The viewer of a bearer token: integrators send a company API key where the console sends a
 * session token (GraphQL, and the upload limit that is checked before the body is read).
 */
export function authenticateBearer(deps: TDeps, token: string): Promise<TViewer | null> {
  return token.startsWith(API_KEY_PREFIX)
    ? authenticateApiKey(deps, token)
    : authenticate(deps, token);
}
