/** The REST shims the widget uses (/api/v1), typed as far as the widget reads them. */

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
  company: { name: string; slug: string };
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
  author: { displayName: string } | null;
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
}

export type TApi = ReturnType<typeof createApi>;

/** A client bound to a server and (once signed in) a session token. */
export function createApi(baseUrl: string, getToken: () => string | null) {
  const root = `${baseUrl.replace(/\/+$/, '')}/api/v1`;

  async function call<T>(
    method: string,
    path: string,
    body?: unknown,
    boardId?: number,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (boardId !== undefined) headers['x-board-id'] = String(boardId);
    const response = await fetch(`${root}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
    const json = (await response.json().catch(() => null)) as {
      error?: { code: string; message: string; fields?: TFieldError[] };
      language?: string;
      access?: TPrivateGate;
    } | null;
    if (!response.ok) {
      const error = json?.error;
      throw new ApiError(
        response.status,
        error?.code ?? 'HTTP',
        error?.message ?? `HTTP ${response.status}: ${response.statusText}`,
        error?.fields,
        json?.language ?? null,
        json?.access?.reason === 'PRIVATE' ? json.access : null,
      );
    }
    return json as T;
  }

  const query = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value !== undefined) search.set(key, String(value));
    }
    return search.toString();
  };

  return {
    root,
    exchangeSso: (boardHash: string, token: string) =>
      call<{ token: string; user: TUser }>('POST', '/widget/sso', { boardHash, token }),
    // Scoped to the board's company, and an end user's session whoever signs in: a team
    // member's full session never lands in the host page's storage.
    logIn: (boardHash: string, email: string, password: string) =>
      call<{ token: string; user: TUser }>(
        'POST',
        `/widget/boards/${encodeURIComponent(boardHash)}/login`,
        { email, password },
      ),
    signUp: (boardHash: string, body: { email: string; password: string; name?: string }) =>
      call<{ token: string; user: TUser }>(
        'POST',
        `/widget/boards/${encodeURIComponent(boardHash)}/signup`,
        body,
      ),
    // Resets only the account of that address in the board's company; the same answer whether
    // or not it has one.
    sendResetLink: (boardHash: string, email: string) =>
      call<{ message: string }>(
        'POST',
        `/widget/boards/${encodeURIComponent(boardHash)}/password-recovery/send-link`,
        { email },
      ),
    logOut: () => call<unknown>('POST', '/logout'),
    widgetBoard: (
      boardHash: string,
      sort: TSort,
      filter: TFilter,
      search: string,
      tag: number | null = null,
    ) =>
      call<TWidgetBoard>(
        'GET',
        `/widget/boards/${encodeURIComponent(boardHash)}?${query({
          sort,
          filter,
          search: search.trim() || undefined,
          tag: tag ?? undefined,
        })}`,
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
    ) => call<TIdeaPage>('GET', `/ideas/?${query(params)}`, undefined, boardId),
    idea: (id: number) => call<TIdea>('GET', `/ideas/${id}`),
    similarIdeas: (boardId: number, text: string) =>
      call<{ ideas: TIdea[] }>('GET', `/boards/${boardId}/ideas/similar?${query({ text })}`),
    createIdea: (boardId: number, body: { title: string; description?: string }) =>
      call<TCreatedIdea>('POST', '/ideas/', body, boardId),
    vote: (id: number, isUp: boolean) =>
      call<{ voteCount: number; isVotedByMe: boolean }>(
        'POST',
        `/ideas/${id}/${isUp ? 'upvote' : 'downvote'}`,
      ),
    voteImportance: (id: number) =>
      call<{ importance: TImportance | null }>('GET', `/ideas/${id}/vote-importance`),
    setVoteImportance: (id: number, importance: TImportance | null) =>
      call<{ importance: TImportance | null }>('PUT', `/ideas/${id}/vote-importance`, {
        importance,
      }),
    comments: (id: number) => call<TComment[]>('GET', `/ideas/${id}/comments`),
    addComment: (id: number, text: string, parentId: number | null = null) =>
      call<TComment>('POST', `/ideas/${id}/comments`, { text, parentId }),
    releases: (boardId: number) => call<TRelease[]>('GET', `/boards/${boardId}/releases`),
    profile: () =>
      call<{ email: string | null; emailConfirmed: boolean; notifications: TNotifications }>(
        'GET',
        '/profile',
      ),
    resendConfirmation: () => call<{ email: string }>('POST', '/profile/email-confirmation'),
    requestPrivacy: (kind: 'EXPORT' | 'ERASE') =>
      call<{ kind: string; email: string }>('POST', '/profile/privacy-requests', { kind }),
    setNotifications: (notifications: TNotifications) =>
      call<{ notifications: TNotifications }>('PUT', '/profile/notifications', { notifications }),
  };
}
