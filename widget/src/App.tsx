/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, createApi, retrying } from './api.ts';
import type { TFilter, TIdea, TPrivateGate, TSort, TUser, TWidgetBoard } from './api.ts';
import { AuthPanel } from './AuthPanel.tsx';
import { IdeaDetail } from './IdeaDetail.tsx';
import { IdeaList } from './IdeaList.tsx';
import { PendingIdeas } from './PendingIdeas.tsx';
import type { TOwnIdea } from './PendingIdeas.tsx';
import { themeProperties } from './contrast.ts';
import { localeOf, translator } from './i18n.ts';
import { followBoard } from './live.ts';
import type { TIdeaEvent } from './live.ts';
import { PrivateBoard } from './PrivateBoard.tsx';
import { Releases } from './Releases.tsx';
import { fetchSsoToken } from './sso-token-url.ts';
import { Roadmap } from './Roadmap.tsx';
import { readStored, sessionKey, writeStored } from './storage.ts';
import type { TWidget } from './widget-context.ts';
import { SETTINGS_HINT, unreachable, warn } from './warn.ts';
import { HeadingShift } from './heading.ts';
import type { TLocale } from './i18n.ts';

type TView = 'ideas' | 'roadmap' | 'releases';
type TSession = { token: string; me: TUser | null; isSso: boolean };

/** The live counts of ideas, as events and our own votes report them. */
export type TLiveCounts = Record<
  number,
  { voteCount?: number; commentCount?: number; status?: TIdea['status']; isVotedByMe?: boolean }
>;

export function App(props: {
  baseUrl: string;
  boardHash: string;
  ssoToken: string | null;
  /**
   * Where the customer's server answers the signed-in user's SSO token (data-sso-token-url),
   * read when the container carries no token itself.
   */
  ssoTokenUrl?: string | null;
  /** An idea to open first (the portal's idea page); Back goes to the board's list. */
  ideaId?: number | null;
  /**
   * Keep the session the SSO token opens (the portal, whose address carried the token once):
   * the visitor's next portal pages have no token, and stay signed in until they sign out.
   */
  keepsSsoSession?: boolean;
  /**
   * Drawn inside a portal page, which has its own main landmark and its own "Powered by": the
   * widget's content is then a plain container and it draws no footer.
   */
  isInPortal?: boolean;
  /** The visitor's language (main.tsx's visitorLocale); null speaks the board's. */
  locale?: TLocale | null;
}) {
  const storageKey = sessionKey(props.baseUrl);
  const [session, setSession] = useState<TSession | null>(null);
  const sessionRef = useRef<TSession | null>(null);
  sessionRef.current = session;
  const api = useMemo(
    () => createApi(props.baseUrl, () => sessionRef.current?.token ?? null),
    [props.baseUrl],
  );
  const [isReady, setIsReady] = useState(false);
  const [isSsoRefused, setIsSsoRefused] = useState(false);
  /** The board's language as a refused sign-in tells it (a private board is not readable then). */
  const [refusalLanguage, setRefusalLanguage] = useState<string | undefined>(undefined);
  const [data, setData] = useState<TWidgetBoard | null>(null);
  // Ideas submitted here since the board was read that await acceptance (the next read lists them).
  const [pendingHere, setPendingHere] = useState<{ id: number; title: string }[]>([]);
  useEffect(() => setPendingHere([]), [data]);
  const [loadError, setLoadError] = useState<'notFound' | 'load' | null>(null);
  /** The first read met a busy server and waits to try again. */
  const [isBusy, setIsBusy] = useState(false);
  /** A private board's 404: how a visitor gets in. */
  const [gate, setGate] = useState<TPrivateGate | null>(null);
  /** The SSO token the widget signed in with (the container's, or its token URL's). */
  const [usedToken, setUsedToken] = useState<string | null>(props.ssoToken);
  const [view, setView] = useState<TView>('ideas');
  // Bumped when a signed-out visitor's vote asks to sign in: AuthPanel opens its form.
  const [signInRequest, setSignInRequest] = useState(0);
  const [openIdeaId, setOpenIdeaId] = useState<number | null>(props.ideaId ?? null);
  /** The idea whose list item takes the focus back when its page closes. */
  const closedIdeaId = useRef<number | null>(null);
  /** An idea the visitor opened (not the portal's first one) takes the focus to its title. */
  const [isOpenedHere, setIsOpenedHere] = useState(false);
  const openIdea = useCallback((id: number | null) => {
    setIsOpenedHere(true);
    setOpenIdeaId(id);
  }, []);
  const root = useRef<HTMLDivElement>(null);
  /** The signed-in caller's own ideas merged into others (the list's ALL leaves DECLINED out). */
  const [mergedOwn, setMergedOwn] = useState<TOwnIdea[]>([]);
  const [sort, setSort] = useState<TSort>('VOTES');
  const [filter, setFilter] = useState<TFilter>('ALL');
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<number | null>(null);
  const [live, setLive] = useState<TLiveCounts>({});
  const [isLive, setIsLive] = useState(false);
  const [reloads, setReloads] = useState(0);
  const listRefresh = useRef<number | undefined>(undefined);

  // Who the visitor is: an SSO token exchanged for a session (the container's, or the one the
  // customer's server answers at data-sso-token-url), else a stored end-user session.
  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      const ssoToken =
        props.ssoToken ?? (props.ssoTokenUrl ? await fetchSsoToken(props.ssoTokenUrl) : null);
      if (!isCurrent) return;
      setUsedToken(ssoToken);
      if (ssoToken) {
        try {
          const answer = await api.exchangeSso(props.boardHash, ssoToken);
          // A kept session is the visitor's own from then on: they may sign it out.
          const isKept = Boolean(props.keepsSsoSession);
          if (isKept) writeStored(storageKey, answer.token);
          if (isCurrent) setSession({ token: answer.token, me: answer.user, isSso: !isKept });
        } catch (error) {
          // The server's reason is for the company's developers (the browser's console here, the
          // console's token checker); visitors get one plain sentence in the board's language.
          warnRefusal(error, api.root);
          if (isCurrent) {
            setIsSsoRefused(true);
            if (error instanceof ApiError && error.language) setRefusalLanguage(error.language);
          }
        }
      } else {
        const stored = readStored(storageKey);
        if (stored && isCurrent) setSession({ token: stored, me: null, isSso: false });
      }
      if (isCurrent) setIsReady(true);
    })();
    return () => {
      isCurrent = false;
    };
  }, [api, props.boardHash, props.ssoToken, props.ssoTokenUrl, props.keepsSsoSession, storageKey]);

  // The board, the caller and the first page of ideas, in one request.
  useEffect(() => {
    if (!isReady) return;
    let isCurrent = true;
    // A busy server (503) or a rate limit (429) is tried again after Retry-After, three times.
    retrying(
      () => api.widgetBoard(props.boardHash, sort, filter, search, tag),
      () => isCurrent && setIsBusy(true),
    ).then(
      (answer) => {
        if (!isCurrent) return;
        setIsBusy(false);
        setData(answer);
        setLoadError(null);
        setGate(null);
        setLive({});
        if (answer.signupPolicy === 'SSO_ONLY' && !sessionRef.current && !usedToken) {
          warn(
            `${answer.company.name} lets people sign up with its SSO only, and this page gives the widget no SSO token (data-sso-token or data-sso-token-url): visitors can read the board but cannot sign in, vote or add ideas.`,
          );
        }
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setIsBusy(false);
        if (error instanceof ApiError && error.status === 401 && sessionRef.current) {
          // A stored session that expired: forget it and read the board signed out.
          writeStored(storageKey, null);
          setSession(null);
          setReloads((n) => n + 1);
          return;
        }
        const access = error instanceof ApiError ? error.access : null;
        setGate(access);
        if (access && error instanceof ApiError && error.language) {
          setRefusalLanguage(error.language);
        }
        warnLoadFailure(error, {
          root: api.root,
          boardHash: props.boardHash,
          isSso: Boolean(usedToken && sessionRef.current),
          hasToken: Boolean(usedToken),
        });
        setLoadError(error instanceof ApiError && error.status === 404 ? 'notFound' : 'load');
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [
    api,
    isReady,
    props.boardHash,
    sort,
    filter,
    search,
    tag,
    session?.token,
    reloads,
    storageKey,
    usedToken,
  ]);

  const boardId = data?.board.id;
  const myName = (data?.me ?? session?.me ?? null)?.displayName ?? null;
  // The caller's ideas declined as duplicates, from the newest declined page: those they may
  // edit and wrote (canEdit is also every idea for an admin) stay findable in their own box.
  useEffect(() => {
    setMergedOwn([]);
    if (boardId === undefined || myName === null) return;
    let isCurrent = true;
    api.ideas(boardId, { filter: 'DECLINED', sort: 'DATE_DESC' }).then(
      (page) => {
        if (!isCurrent) return;
        setMergedOwn(
          page.ideas
            .filter(
              (idea) =>
                idea.canEdit === true &&
                idea.author?.displayName === myName &&
                idea.declineDetails?.reason === 'DUPLICATE',
            )
            .map((idea) => ({
              id: idea.id,
              title: idea.title,
              mergedInto: {
                id: idea.declineDetails?.declinedDuplicateIdeaId ?? null,
                title: idea.declineDetails?.declinedDuplicateIdeaTitle ?? null,
              },
            })),
        );
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [api, boardId, myName, data]);

  // Back from an idea: the focus returns to the item that opened it (else stays where it is).
  useEffect(() => {
    if (openIdeaId !== null || closedIdeaId.current === null) return;
    const id = closedIdeaId.current;
    closedIdeaId.current = null;
    root.current?.querySelector<HTMLElement>(`button[data-idea-id="${id}"]`)?.focus();
  }, [openIdeaId]);
  const handleEvent = useCallback((event: TIdeaEvent) => {
    if (event.kind === 'CREATED' || event.kind === 'DELETED') {
      // A new or removed idea changes the list itself: read the first page again, once for a
      // burst of such events.
      window.clearTimeout(listRefresh.current);
      listRefresh.current = window.setTimeout(() => setReloads((n) => n + 1), 500);
      return;
    }
    setLive((counts) => ({
      ...counts,
      [event.ideaId]: {
        ...counts[event.ideaId],
        voteCount: event.voteCount,
        commentCount: event.commentCount,
        status: event.status as TIdea['status'],
      },
    }));
  }, []);

  // Live vote and comment counts.
  useEffect(() => {
    if (boardId === undefined) return;
    let wasLive = false;
    return followBoard(`${api.root}/boards/${boardId}/events`, session?.token ?? null, {
      onEvent: handleEvent,
      onLive: (isNowLive) => {
        setIsLive(isNowLive);
        // Back after a drop: events may have been missed, so read the board again.
        if (isNowLive && wasLive) setReloads((n) => n + 1);
        if (isNowLive) wasLive = true;
      },
    });
  }, [api, boardId, session?.token, handleEvent]);

  const locale = props.locale ?? localeOf(data?.board.language ?? refusalLanguage);
  const t = useMemo(() => translator(locale), [locale]);

  const signOut = () => {
    if (session && !session.isSso) void api.logOut().catch(() => undefined);
    writeStored(storageKey, null);
    setSession(null);
  };
  const signedIn = (token: string) => {
    writeStored(storageKey, token);
    setSession({ token, me: null, isSso: false });
  };

  if (loadError === 'notFound' && gate) {
    return (
      <PrivateBoard
        api={api}
        t={t}
        locale={locale}
        boardHash={props.boardHash}
        gate={gate}
        isSsoRefused={isSsoRefused}
        isSignedIn={session !== null}
        canSignOut={session !== null && !session.isSso}
        onSignedIn={signedIn}
        onSignOut={signOut}
      />
    );
  }
  if (loadError) {
    return (
      <div class="fb" role="alert" lang={locale}>
        {isSsoRefused ? <p data-testid="sso-refused">{t('sso.refused')}</p> : null}
        <p>{t(loadError === 'notFound' ? 'error.notFound' : 'error.load')}</p>
        {loadError === 'load' ? (
          <button
            type="button"
            onClick={() => {
              setLoadError(null);
              setReloads((n) => n + 1);
            }}
          >
            {t('error.tryAgain')}
          </button>
        ) : null}
      </div>
    );
  }
  if (!data) {
    return (
      <div class="fb" aria-busy="true" lang={locale}>
        {isBusy ? <p role="status">{t('loading.busy')}</p> : t('loading')}
      </div>
    );
  }

  const { board } = data;
  const theme = themeProperties(board.theme);
  const me = data.me ?? session?.me ?? null;
  const canSignInByEmail =
    !me && (!usedToken || isSsoRefused) && (data.signupPolicy ?? 'ANYONE') !== 'SSO_ONLY';
  const widget: TWidget = {
    api,
    t,
    locale,
    board,
    canParticipate: data.canParticipate,
    isBlocked: data.isBlocked === true,
    live,
    setLive,
    baseUrl: props.baseUrl,
    boardHash: props.boardHash,
    requestSignIn: canSignInByEmail ? () => setSignInRequest((n) => n + 1) : undefined,
  };
  // On a portal page the widget is the page: the board's name is its h1 (heading.ts).
  const H2 = props.isInPortal ? 'h1' : 'h2';
  return (
    <HeadingShift.Provider value={props.isInPortal ? 1 : 0}>
      <div class={props.isInPortal ? 'fb portal' : 'fb'} style={theme} lang={locale} ref={root}>
        <header>
          <div>
            <H2>{board.name}</H2>
            {board.description ? <p class="muted">{board.description}</p> : null}
          </div>
          <div class="muted">
            {isLive ? (
              <span class="live" data-live="on">
                {t('live.on')}{' '}
              </span>
            ) : null}
          </div>
        </header>
        {isSsoRefused ? (
          <p class="notice error" role="alert" data-testid="sso-refused">
            {t('sso.refused')}
          </p>
        ) : null}
        {!board.active ? <p class="notice">{t('error.inactive')}</p> : null}
        <AuthPanel
          widget={widget}
          me={me}
          isSso={Boolean(session?.isSso)}
          canSignIn={!usedToken || isSsoRefused}
          signupPolicy={data.signupPolicy ?? 'ANYONE'}
          companyName={data.company.name}
          termsUrl={data.company.termsUrl ?? null}
          mustConfirmEmail={data.mustConfirmEmail === true}
          onSignedIn={signedIn}
          onSignOut={signOut}
          signInRequest={signInRequest}
        />
        <nav aria-label={t('nav.label')}>
          {(['ideas', 'roadmap', 'releases'] as const).map((name) => (
            <button
              type="button"
              key={name}
              aria-current={view === name ? 'page' : undefined}
              onClick={() => {
                setView(name);
                setOpenIdeaId(null);
              }}
            >
              {t(`nav.${name}`)}
            </button>
          ))}
        </nav>
        <Content isInPortal={props.isInPortal ?? false}>
          {view === 'ideas' ? (
            <PendingIdeas
              widget={widget}
              ideas={[
                ...pendingHere,
                ...(data.myPendingIdeas ?? []).filter(
                  (idea) => !pendingHere.some((here) => here.id === idea.id),
                ),
                ...mergedOwn,
              ]}
              onOpen={openIdea}
            />
          ) : null}
          {view === 'ideas' && openIdeaId !== null ? (
            <IdeaDetail
              key={openIdeaId}
              widget={widget}
              ideaId={openIdeaId}
              onBack={() => {
                closedIdeaId.current = openIdeaId;
                setOpenIdeaId(null);
              }}
              onOpen={openIdea}
              takesFocus={isOpenedHere}
            />
          ) : view === 'ideas' ? (
            <IdeaList
              widget={widget}
              firstPage={data.ideas}
              hiddenOwnIdeas={data.myHiddenIdeas ?? []}
              sort={sort}
              filter={filter}
              search={search}
              tags={data.tags ?? []}
              tag={tag}
              onTag={setTag}
              onSearch={setSearch}
              onSort={setSort}
              onFilter={setFilter}
              onShowAll={() => {
                setSearch('');
                setFilter('ALL');
                setTag(null);
              }}
              onOpen={openIdea}
              onPending={(idea) => setPendingHere((current) => [idea, ...current])}
            />
          ) : view === 'roadmap' ? (
            <Roadmap
              widget={widget}
              tags={data.tags ?? []}
              tag={tag}
              onTag={setTag}
              onOpen={(id) => {
                setView('ideas');
                openIdea(id);
              }}
            />
          ) : (
            <Releases widget={widget} />
          )}
        </Content>
        {props.isInPortal ? null : <footer class="muted">{t('poweredBy')}</footer>}
      </div>
    </HeadingShift.Provider>
  );
}

/** The widget's content: its page's main landmark, unless a portal page holds that. */
function Content({ isInPortal, children }: { isInPortal: boolean; children: ComponentChildren }) {
  return isInPortal ? <div>{children}</div> : <main>{children}</main>;
}

/** Why an SSO sign-in failed, for the site's developer (visitors read a plain sentence). */
function warnRefusal(error: unknown, root: string): void {
  if (!(error instanceof ApiError)) {
    warn(unreachable(root));
  } else if (error.status === 401 || error.status === 400) {
    const reasons = error.fields.map((field) => field.message).join(' ');
    warn(
      `the SSO token was refused: ${reasons || error.message} Check a token with the SSO token checker on the console's Widget tab. Visitors see the board as signed-out visitors do.`,
    );
  } else if (error.status === 429) {
    warn('too many SSO sign-ins from this address for now: the visitor is not signed in.');
  }
}

/** Why the board did not load, for the site's developer. */
function warnLoadFailure(
  error: unknown,
  context: { root: string; boardHash: string; isSso: boolean; hasToken: boolean },
): void {
  if (!(error instanceof ApiError)) {
    warn(unreachable(context.root));
    return;
  }
  if (error.status !== 404) return;
  const { access } = error;
  const board = `the board of data-board-hash="${context.boardHash}"`;
  if (!access) {
    warn(
      `no board has data-board-hash="${context.boardHash}" on ${context.root}. Copy the snippet again from the console's Widget tab (data-board-hash and data-base-url).`,
    );
  } else if (context.isSso) {
    warn(
      `the SSO token signed the visitor in, but ${board} is private and does not let in people signed in with your SSO. Tick “People signed in with your SSO” in ${SETTINGS_HINT}, or make the board public.`,
    );
  } else if (!context.hasToken) {
    // What the visitor sees instead (PrivateBoard.tsx), said as it is.
    const sees = access.ssoAccess
      ? 'are told to sign in on your site'
      : access.emailAccess && access.signupPolicy !== 'SSO_ONLY'
        ? 'read that it is private, with a Sign in button for the addresses it lets in'
        : 'read only that it is private, with no way in';
    const noToken = `this page gives the widget no SSO token (data-sso-token or data-sso-token-url), so visitors ${sees} instead of seeing the board.`;
    warn(
      access.ssoAccess
        ? `${board} is private and ${noToken} Give the widget a token made on your server (the console's Widget tab, “With SSO”), or make the board public in ${SETTINGS_HINT}.`
        : `${board} is private and lets in no SSO users, and ${noToken} Make the board public, or tick “People signed in with your SSO” in ${SETTINGS_HINT} and give the widget a token made on your server (the console's Widget tab, “With SSO”).`,
    );
  }
}
