import type { Role, UserKind } from './generated/prisma/client.ts';
import { AppError, errors } from './errors.ts';
import type { TClient } from './http/rate-limit.ts';

/** Who is calling: a signed-in user and the session they used, or nobody. */
export type TViewer = {
  userId: number;
  companyId: number;
  role: Role;
  kind: UserKind;
  /** The session used; 0 when the caller used an API key. */
  sessionId: number;
  /** Set when the caller authenticated with a company API key (GraphQL only). */
  apiKeyId?: number;
  /** Set when that API key is read-only: it may read what its creator may, and write nothing. */
  isReadOnlyKey?: boolean;
  /**
   * An admin blocked this end user (services/team/block-end-user.ts): read as the session is,
   * so refusing their votes, comments and ideas costs no statement (requireNotBlocked).
   */
  isBlocked?: boolean;
  /**
   * The company lets only confirmed addresses of its domains take part (EMAIL_DOMAINS) and this
   * end user has not confirmed theirs yet: they read, and cannot vote, comment or submit until
   * they do (requireNotBlocked). Read with the session, like `isBlocked`.
   */
  mustConfirmEmail?: boolean;
  /**
   * The domain (lower-cased, after the '@') of the user's address when they confirmed it, else
   * null: a private board whose `allowedEmailDomains` lists it shows to this end user
   * (services/access.ts). Read with the session, so a newly confirmed address counts at once.
   */
  confirmedEmailDomain?: string | null;
  /**
   * The customer companies (CustomerCompanyMember) the user is a member of: a private board
   * granted to one of them shows to this end user (services/access.ts). Read with the session.
   */
  customerCompanyIds?: readonly number[];
  /**
   * A team member's account signed in through a widget or portal (an END_USER-scoped session,
   * whose token sits in a customer's page): it acts as an end user and reaches none of the
   * account's security (sessions, two-factor, password, API keys): requireAccountConsole.
   */
  isTeamAccountInWidget?: boolean;
  /**
   * A team member's session whose company now requires two-factor sign-in while the account has
   * none: it carries no team powers (its role reads as END_USER, SESSION_ROLE) and may enrol,
   * like a fresh sign-in's `enrolmentRequired` challenge. Read with the session.
   */
  twoFactorEnrolmentRequired?: boolean;
  /**
   * The client's address (client-ip.ts), set once by each transport where it resolves the
   * viewer, so services can write it to the audit log.
   */
  address?: string;
};

/** The viewer with the request's address (see `address`); null stays null. */
export function withAddress(viewer: TViewer | null, client: TClient): TViewer | null {
  return viewer && { ...viewer, address: client.address ?? client.ip };
}

export function requireViewer(viewer: TViewer | null): TViewer {
  if (!viewer) throw errors.unauthenticated();
  return viewer;
}

/**
 * Refuses a blocked end user's votes, comments and ideas (USER_BLOCKED), and those of an end
 * user who must confirm their address first (EMAIL_NOT_CONFIRMED, see `mustConfirmEmail`). The
 * vote statement checks the block again under a row lock, so a vote racing the block is refused
 * too.
 */
export function requireNotBlocked(viewer: TViewer): TViewer {
  if (viewer.isBlocked) throw errors.userBlocked();
  if (viewer.mustConfirmEmail) {
    throw new AppError(
      'EMAIL_NOT_CONFIRMED',
      'Confirm your email address first: open the link we mailed you, then vote, comment and share ideas.',
    );
  }
  return viewer;
}

/**
 * Refuses the account's own operations (signed-in devices and signing them out, two-factor
 * sign-in and its status, password, profile, mail and language settings, the confirmation mail)
 * to a team member's widget session (`isTeamAccountInWidget`): its token lives in a customer's
 * page. End users' own widget sessions pass.
 */
export function requireAccountConsole(viewer: TViewer | null): TViewer {
  const signedIn = requireViewer(viewer);
  if (signedIn.isTeamAccountInWidget) {
    throw new AppError('FORBIDDEN', 'Manage your account in the console.');
  }
  return signedIn;
}

/** The company's team: its owner, admins and members (not end users: sign-ups and SSO users). */
export const TEAM_ROLES: readonly Role[] = ['OWNER', 'ADMIN', 'MEMBER'];

/** Whether a role is one of the team's (TEAM_ROLES). */
export function isTeamRole(role: Role): boolean {
  return TEAM_ROLES.includes(role);
}

/**
 * A person of the company's team (OWNER, ADMIN or MEMBER, signed in with email and password):
 * sees every board and idea of the company, comments and moves ideas through statuses.
 */
export function isTeamMember(viewer: TViewer | null): boolean {
  return viewer?.kind === 'REGULAR' && isTeamRole(viewer.role);
}

/** OWNER or ADMIN: everything of the company but billing and ownership (those are the OWNER's). */
export function isCompanyAdmin(viewer: TViewer | null): boolean {
  return viewer?.kind === 'REGULAR' && (viewer.role === 'OWNER' || viewer.role === 'ADMIN');
}

/** Admin-only operations: others get "forbidden" for their own company's resources. */
export function requireCompanyAdmin(viewer: TViewer | null): TViewer {
  const signedIn = requireViewer(viewer);
  if (!isCompanyAdmin(signedIn)) throw errors.forbidden();
  return signedIn;
}

/** The company's OWNER: billing and ownership. Admins and members are forbidden. */
export function requireCompanyOwner(viewer: TViewer | null): TViewer {
  const signedIn = requireViewer(viewer);
  if (signedIn.kind !== 'REGULAR' || signedIn.role !== 'OWNER') throw errors.forbidden();
  return signedIn;
}

/**
 * Whether the caller may read or mint credentials: the company's SSO secret, webhook signing
 * secrets, API keys and any integration token to come. Only an owner or admin signed in with a
 * session may; an API key may not (even an admin's), so that a leaked key can neither sign SSO
 * tokens as any end user nor set up access that outlives its revocation. The one rule for both
 * transports: GraphQL fields and REST routes that answer a credential go through it.
 */
export function canReadCredentials(viewer: TViewer | null): viewer is TViewer {
  return (
    viewer !== null &&
    isCompanyAdmin(viewer) &&
    viewer.sessionId > 0 &&
    viewer.apiKeyId === undefined
  );
}

/**
 * The owner signed in as a person, not through an API key: what may hand the company over.
 * `refusal` tells an API key why.
 */
export function requireSignedInOwner(viewer: TViewer | null, refusal: string): TViewer {
  const owner = requireCompanyOwner(viewer);
  if (!canReadCredentials(owner)) throw new AppError('FORBIDDEN', refusal);
  return owner;
}

/**
 * An admin signed in as a person, not through an API key (canReadCredentials): what may mint,
 * read or redirect credentials (API keys, the company secret, webhooks and their secrets).
 * Members are forbidden; `refusal` tells an API key why.
 */
export function requireSignedInAdmin(viewer: TViewer | null, refusal: string): TViewer {
  const admin = requireCompanyAdmin(viewer);
  if (!canReadCredentials(admin)) throw new AppError('FORBIDDEN', refusal);
  return admin;
}

/** Whether the caller may change anything: everyone but a read-only API key. */
export function canWrite(viewer: TViewer | null): boolean {
  return !viewer?.isReadOnlyKey;
}

/** Refuses writes to a read-only API key (FORBIDDEN, saying why). */
export function requireWriter(viewer: TViewer | null): void {
  if (!canWrite(viewer)) {
    throw new AppError('FORBIDDEN', 'This API key is read-only: it cannot change anything.');
  }
}
