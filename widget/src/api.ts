/** The REST shims the widget uses (/api/v1), typed as far as the widget reads them. */
import { createFeedboardClient } from '../../clients/typescript/index.ts';

export type TStatus =
  'NOT_PUBLIC' | 'OPEN' | 'REVIEW' | 'PLANNED' | 'IN_PROGRESS' | 'COMPLETE' | 'DECLINED';
export type TSort = 'VOTES' | 'STATUS' | 'DATE_DESC' | 'DATE_ASC';
export type TFilter = 'ALL' | Exclude<TStatus, 'NOT_PUBLIC'>;

export type TTheme = { primary: string; primaryText: string; text: string; background: string };
export type TBoard = {
  id: number;
  name: string;
  description: string | null;
  language: string;
  isPublic: boolean;
  active: boolean;
  theme: TTheme;
};
export type TUser = { id: number; displayName: string; kind: 'REGULAR' | 'SSO' };
/** How much a voter needs an idea (optional on every vote). */
export const IMPORTANCES = ['NICE_TO_HAVE', 'IMPORTANT', 'MUST_HAVE'] as const;
export type TImportance = (typeof IMPORTANCES)[number];

export type TIdea = {
  id: number;
  title: string;
  description: string | null;
  status: TStatus;
  author: { displayName: string } | null;
  voteCount: number;
  isVotedByMe: boolean;
  commentCount: number;
  createdAt: string;
  declineDetails: {
    reason: 'DUPLICATE' | 'NOT_APPLICABLE' | 'NOT_RELEVANT' | 'OTHER';
    comment: string | null;
    /** The kept idea of a duplicate, when this reader may be told of it (else null). */
    declinedDuplicateIdeaId?: number | null;
    declinedDuplicateIdeaTitle: string | null;
  } | null;
  /** May edit it: its author (or the company's admins). */
  canEdit?: boolean;
  /** The board's own status it shows (of the kind `status` says); absent from older servers. */
  customStatus?: { id: number; name: string; color: string } | null;
};
/** A new idea as POST /ideas/ answers it: also whether the plan's cap keeps it off the board. */
export type TCreatedIdea = TIdea & { isHiddenByPlan?: boolean };
export type TIdeaPage = { ideas: TIdea[]; totalCount: number; nextOffset: number | null };
export type TSignupPolicy = 'ANYONE' | 'EMAIL_DOMAINS' | 'SSO_ONLY';
/** How a visitor gets into a private board its hash names (the 404's `access`). */
export type TPrivateGate = {
  reason: 'PRIVATE';
  company: { name: string };
  /** The company's SSO users see it. */
  ssoAccess: boolean;
  /** Confirmed addresses at some listed domains see it. */
  emailAccess: boolean;
  signupPolicy: TSignupPolicy;
  /** The caller is signed in to the company, and their address awaits confirmation. */
  emailAwaitsConfirmation: boolean;
};
export type TWidgetBoard = {
  board: TBoard;
  /** `termsUrl`: the company's own terms of use, which its sign-up links to (absent from older servers). */
  company: { name: string; slug: string; termsUrl?: string | null };
  me: TUser | null;
  canParticipate: boolean;
  /** The company's admins blocked the caller: they read the board, nothing more. */
  isBlocked?: boolean;
  /** The caller's address awaits confirmation: they read until they confirm it. */
  mustConfirmEmail?: boolean;
  /** Who may sign up here; absent from older servers (then: anyone). */
  signupPolicy?: TSignupPolicy;
  ideas: TIdeaPage;
  /** The caller's own ideas the plan's cap keeps off the list (received, not shown yet). */
  myHiddenIdeas?: { id: number; title: string }[];
  /** The caller's own ideas awaiting the team's acceptance (shown to them alone). */
  myPendingIdeas?: { id: number; title: string; rejectionReason?: string | null }[];
  /** The company's public tags, to filter the list by. */
  tags?: TTag[];
};
export type TTag = { id: number; name: string; color: string };
export type TComment = {
  commentDto: { id: number; createdAt: string; shortMessage: string };
  /** `isTeam`: the company's team (a "Team" badge); both absent from older servers. */
  author: { displayName: string; avatarUrl?: string | null; isTeam?: boolean } | null;
  /** The thread's first comment when this one is a reply. */
  parentId: number | null;
  /** An internal note: only ever answered to the company's team. */
  isInternal: boolean;
};
export type TRelease = {
  id: number;
  name: string;
  releaseDate: string;
  isPublished: boolean;
  parts: { id: number; title: string }[];
  /** The Markdown body as the server's sanitised HTML (no script, safe links only). */
  bodyHtml: string;
  labels: TReleaseLabel[];
};
export type TReleaseLabel = 'NEW' | 'IMPROVED' | 'FIXED';
export type TNotifications = 'ALL' | 'MY_IDEAS' | 'NONE';
export type TFieldError = { field: string; message: string };

/** A failed call: the HTTP status and the server's `{error: {code, message, fields}}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: TFieldError[] = [],
    /** The language the server says to speak (a refused SSO sign-in names the board's). */
    readonly language: string | null = null,
    /** A private board's 404: how a visitor gets in. */
    readonly access: TPrivateGate | null = null,
  ) {
    super(message);
  }
  /** Seconds the server asks to wait before trying again (`Retry-After` of a 429 or 503). */
  retryAfter: number | null = null;
}

/** How many times a busy server's refusal of the board's first read is tried again. */
export const LOAD_RETRIES = 3;

/**
 * How long to wait before trying a failed read again, or null not to: a busy server (503) or a
 * rate limit (429) asks for Retry-After seconds; each try waits at least twice the last (1, 2,
 * 4 s), at most 30 s, and LOAD_RETRIES tries in all (F4 of walk 9: one 503 left "Loading…").
 */
export function retryDelay(error: unknown, attempt: number): number | null {
  if (attempt >= LOAD_RETRIES) return null;
  if (!(error instanceof ApiError) || (error.status !== 503 && error.status !== 429)) return null;
  return Math.min(30, Math.max(error.retryAfter ?? 0, 2 ** attempt)) * 1000;
}

/** `call`, tried again while retryDelay allows; `onWait` hears each wait. */
export async function retrying<T>(call: () => Promise<T>, onWait?: () => void): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const wait = retryDelay(error, attempt);
      if (wait === null) throw error;
      onWait?.();
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

export type TApi = ReturnType<typeof createApi>;

/** What openapi-fetch answers for one call. */
type TResult = { data?: unknown; error?: unknown; response: Response };

/**
 * A client bound to a server and (once signed in) a session token. Every call goes through the
 * typed REST client generated from the OpenAPI document (clients/typescript): a path, parameter
 * or body the document does not have fails the widget's typecheck, so the two cannot drift.
 */
export function createApi(baseUrl: string, getToken: () => string | null) {
  const client = createFeedboardClient({ baseUrl, token: getToken });
  const root = `${baseUrl.replace(/\/+$/, '')}/api/v1`;

  /** The answer's data, or an ApiError with the server's code, words and fields. */
  async function unwrap<T>(pending: Promise<TResult>): Promise<T> {
    const { data, error, response } = await pending;
    if (!response.ok) {
      const json = (error ?? null) as {
        error?: { code: string; message: string; fields?: TFieldError[] };
        language?: string;
        access?: TPrivateGate;
      } | null;
      const detail = typeof json === 'object' ? json?.error : undefined;
      const failure = new ApiError(
        response.status,
        detail?.code ?? 'HTTP',
        detail?.message ?? `HTTP ${response.status}: ${response.statusText}`,
        detail?.fields,
        (typeof json === 'object' && json?.language) || null,
        typeof json === 'object' && json?.access?.reason === 'PRIVATE' ? json.access : null,
      );
      const retryAfter = Number(response.headers.get('retry-after'));
      if (retryAfter > 0) failure.retryAfter = retryAfter;
      throw failure;
    }
    return data as T;
  }

  const path = (id: number) => ({ path: { id: String(id) } });
  const board = (hash: string) => ({ path: { hash } });

  return {
    root,
    exchangeSso: (boardHash: string, token: string) =>
      unwrap<{ token: string; user: TUser }>(
        client.POST('/widget/sso', { body: { boardHash, token } }),
      ),
    // Scoped to the board's company, and an end user's session whoever signs in: a team
    // member's full session never lands in the host page's storage.
    logIn: (boardHash: string, email: string, password: string) =>
      unwrap<{ token: string; user: TUser }>(
        client.POST('/widget/boards/{hash}/login', {
          params: board(boardHash),
          body: { email, password },
        }),
      ),
    signUp: (boardHash: string, body: { email: string; password: string; name?: string }) =>
      unwrap<{ token: string; user: TUser }>(
        client.POST('/widget/boards/{hash}/signup', { params: board(boardHash), body }),
      ),
    // Resets only the account of that address in the board's company; the same answer whether
    // or not it has one.
    sendResetLink: (boardHash: string, email: string) =>
      unwrap<{ message: string }>(
        client.POST('/widget/boards/{hash}/password-recovery/send-link', {
          params: board(boardHash),
          body: { email },
        }),
      ),
    logOut: () => unwrap<unknown>(client.POST('/logout')),
    widgetBoard: (
      boardHash: string,
      sort: TSort,
      filter: TFilter,
      search: string,
      tag: number | null = null,
    ) =>
      unwrap<TWidgetBoard>(
        client.GET('/widget/boards/{hash}', {
          params: {
            path: { hash: boardHash },
            query: {
              sort,
              filter,
              ...(search.trim() ? { search: search.trim() } : {}),
              ...(tag === null ? {} : { tag }),
            },
          },
        }),
      ),
    ideas: (
      boardId: number,
      params: {
        sort?: TSort;
        filter?: TFilter;
        search?: string;
        tag?: number;
        offset?: number;
        limit?: number;
      },
    ) =>
      unwrap<TIdeaPage>(
        client.GET('/ideas', {
          params: { header: { 'x-board-id': String(boardId) }, query: params },
        }),
      ),
    idea: (id: number) => unwrap<TIdea>(client.GET('/ideas/{id}', { params: path(id) })),
    similarIdeas: (boardId: number, text: string) =>
      unwrap<{ ideas: TIdea[] }>(
        client.GET('/boards/{id}/ideas/similar', {
          params: { ...path(boardId), query: { text } },
        }),
      ),
    createIdea: (boardId: number, body: { title: string; description?: string }) =>
      unwrap<TCreatedIdea>(
        client.POST('/ideas', { params: { header: { 'x-board-id': String(boardId) } }, body }),
      ),
    vote: (id: number, isUp: boolean) =>
      unwrap<{ voteCount: number; isVotedByMe: boolean }>(
        isUp
          ? client.POST('/ideas/{id}/upvote', { params: path(id) })
          : client.POST('/ideas/{id}/downvote', { params: path(id) }),
      ),
    voteImportance: (id: number) =>
      unwrap<{ importance: TImportance | null }>(
        client.GET('/ideas/{id}/vote-importance', { params: path(id) }),
      ),
    setVoteImportance: (id: number, importance: TImportance | null) =>
      unwrap<{ importance: TImportance | null }>(
        client.PUT('/ideas/{id}/vote-importance', { params: path(id), body: { importance } }),
      ),
    comments: (id: number) =>
      unwrap<TComment[]>(client.GET('/ideas/{id}/comments', { params: path(id) })),
    addComment: (id: number, text: string, parentId: number | null = null) =>
      unwrap<TComment>(
        client.POST('/ideas/{id}/comments', { params: path(id), body: { text, parentId } }),
      ),
    releases: (boardId: number) =>
      unwrap<TRelease[]>(client.GET('/boards/{id}/releases', { params: path(boardId) })),
    profile: () =>
      unwrap<{ email: string | null; emailConfirmed: boolean; notifications: TNotifications }>(
        client.GET('/profile'),
      ),
    resendConfirmation: () => unwrap<{ email: string }>(client.POST('/profile/email-confirmation')),
    requestPrivacy: (kind: 'EXPORT' | 'ERASE') =>
      unwrap<{ kind: string; email: string }>(
        client.POST('/profile/privacy-requests', { body: { kind } }),
      ),
    setNotifications: (notifications: TNotifications) =>
      unwrap<{ notifications: TNotifications }>(
        client.PUT('/profile/notifications', { body: { notifications } }),
      ),
  };
}
