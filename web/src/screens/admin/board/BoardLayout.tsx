import { Suspense, lazy, useContext, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link, Outlet, useLoaderData, useLocation } from 'react-router-dom';
import type { BoardLayoutQuery as TBoardLayoutQuery } from '../../../../__generated__/BoardLayoutQuery.graphql.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PageSpinner } from '../../../ui/PageSpinner.tsx';
import { firstGrapheme } from '../../../ui/initials.ts';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { boardBadgeStyle } from '../boards/board-colors.ts';
import { rowIdOf } from '../../../relay/row-id.ts';
import { BoardAccessProvider } from './board-access.tsx';
import { RoleContext, hasRole } from '../../../layout/nav-items.ts';

/**
 * The live subscription's code, which the board's first paint does without: it starts loading
 * with this module, beside the board's query, so the subscription opens about when it did when
 * it came with this chunk (graphql-sse, its transport, loads with the first subscription).
 */
const liveUpdatesModule = import('./useBoardLiveUpdates.ts');
const LiveUpdates = lazy(() =>
  liveUpdatesModule.then((module) => ({ default: module.LiveUpdates })),
);

export const boardMessages = defineMessages({
  pageTitle: { id: 'board.pageTitle', defaultMessage: '{name} · Board' },
  back: { id: 'board.back', defaultMessage: 'All boards' },
  notFoundTitle: { id: 'board.notFound.title', defaultMessage: 'Board not found' },
  notFoundText: {
    id: 'board.notFound.text',
    defaultMessage: 'This board does not exist or belongs to another company.',
  },
  submenu: { id: 'board.submenu.label', defaultMessage: 'Board sections' },
  list: { id: 'board.submenu.list', defaultMessage: 'Ideas' },
  roadmap: { id: 'board.submenu.roadmap', defaultMessage: 'Roadmap' },
  releases: { id: 'board.submenu.releases', defaultMessage: 'Releases' },
  users: { id: 'board.submenu.users', defaultMessage: 'Users' },
  widget: { id: 'board.submenu.widget', defaultMessage: 'Widget' },
  settings: { id: 'board.submenu.settings', defaultMessage: 'Settings' },
  import: { id: 'board.submenu.import', defaultMessage: 'Import' },
  queue: { id: 'board.submenu.queue', defaultMessage: 'Awaiting acceptance' },
  queueCount: {
    id: 'board.submenu.queueCount',
    defaultMessage: '{count, plural, one {# idea waits} other {# ideas wait}}',
  },
  public: { id: 'board.badge.public', defaultMessage: 'Public' },
  private: { id: 'board.badge.private', defaultMessage: 'Private' },
  inactive: { id: 'board.badge.inactive', defaultMessage: 'Inactive board: view only' },
});

export const boardLayoutQuery = graphql`
  query BoardLayoutQuery($id: ID!) {
    board(id: $id) {
      id
      name
      color
      isPublic
      active
      awaitingIdeaCount
    }
  }
`;

/** The board's sections, in the submenu's order. */
const SECTIONS = [
  { path: 'list', label: boardMessages.list, minRole: 'MEMBER' },
  { path: 'roadmap', label: boardMessages.roadmap, minRole: 'MEMBER' },
  { path: 'releases', label: boardMessages.releases, minRole: 'MEMBER' },
  { path: 'widget', label: boardMessages.widget, minRole: 'ADMIN' },
  { path: 'settings', label: boardMessages.settings, minRole: 'ADMIN' },
  { path: 'users', label: boardMessages.users, minRole: 'ADMIN' },
  { path: 'import', label: boardMessages.import, minRole: 'ADMIN' },
] as const;

/**
 * /admin/boards/{id}/…: the board's header and submenu around its sections, and the live
 * subscription that keeps vote counts, statuses and comment counts current while it is open.
 * An inactive board (`active` false under the plan) is view-only: its sections read that from
 * BoardAccessProvider and disable the writes the server would refuse.
 */
export function BoardLayout() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TBoardLayoutQuery>;
  const { board } = usePreloadedQuery<TBoardLayoutQuery>(boardLayoutQuery, queryRef);
  const { pathname } = useLocation();
  const current = currentSection(pathname);
  const role = useContext(RoleContext);
  const listRef = useRef<HTMLUListElement>(null);
  // On a phone the submenu scrolls sideways: the current section is scrolled into sight, so the
  // page says where one is (the list alone moves, never the page).
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    const isOutside =
      active.offsetLeft < list.scrollLeft ||
      active.offsetLeft + active.offsetWidth > list.scrollLeft + list.clientWidth;
    if (isOutside) list.scrollLeft = Math.max(0, active.offsetLeft - 16);
  }, [current, board]);
  usePageTitle(board ? intl.formatMessage(boardMessages.pageTitle, { name: board.name }) : null);

  if (!board) {
    return (
      <div className="card">
        <EmptyState
          headingLevel={1}
          icon="compass"
          title={intl.formatMessage(boardMessages.notFoundTitle)}
          description={intl.formatMessage(boardMessages.notFoundText)}
          action={
            <Link to="/admin/boards" className="button button--secondary">
              {intl.formatMessage(boardMessages.back)}
            </Link>
          }
        />
      </div>
    );
  }
  return (
    <div className="board-area">
      <Suspense fallback={null}>
        <LiveUpdates boardId={board.id} />
      </Suspense>
      {/* Named by the board (the shell's side menu is another complementary landmark). */}
      <aside className="board-area__aside" aria-labelledby="board-area-title">
        <div className="board-header">
          <span
            className="board-card__badge"
            style={boardBadgeStyle(board.color)}
            aria-hidden="true"
          >
            {firstGrapheme(board.name, intl.locale)}
          </span>
          <div className="board-header__text">
            <h1 className="board-header__title" id="board-area-title">
              {board.name}
            </h1>
            <span className={`badge${board.isPublic ? ' badge--public' : ''}`}>
              {intl.formatMessage(board.isPublic ? boardMessages.public : boardMessages.private)}
            </span>
          </div>
        </div>
        <nav className="submenu" aria-label={intl.formatMessage(boardMessages.submenu)}>
          <ul className="submenu__list" ref={listRef}>
            {SECTIONS.filter((section) => hasRole(role, section.minRole)).map((section) => (
              <li key={section.path}>
                <Link
                  to={section.path}
                  className={`submenu__link${current === section.path ? ' active' : ''}`}
                  aria-current={current === section.path ? 'page' : undefined}
                >
                  {intl.formatMessage(section.label)}
                </Link>
              </li>
            ))}
            {board.awaitingIdeaCount ? (
              <li>
                <Link
                  to={`/admin/queue?board=${encodeURIComponent(rowIdOf(board.id, 'Board'))}`}
                  className="submenu__link submenu__link--queue"
                >
                  <span>{intl.formatMessage(boardMessages.queue)}</span>
                  <span className="menu__count menu__count--inline" aria-hidden="true">
                    {board.awaitingIdeaCount}
                  </span>
                  <span className="visually-hidden">
                    {intl.formatMessage(boardMessages.queueCount, {
                      count: board.awaitingIdeaCount,
                    })}
                  </span>
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        {!board.active ? (
          <p className="badge badge--inactive">{intl.formatMessage(boardMessages.inactive)}</p>
        ) : null}
      </aside>
      <div className="board-area__content">
        <BoardAccessProvider isActive={board.active}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </BoardAccessProvider>
      </div>
    </div>
  );
}

/**
 * The section the address shows: its segment after the board id (the board's own address is
 * the ideas list). Read from the path rather than matched.
 */
function currentSection(pathname: string): string {
  const segment = pathname.replace(/\/+$/, '').split('/')[4];
  // An idea opened over the list (…/ideas/{ideaId}) belongs to the list.
  return !segment || segment === 'ideas' ? 'list' : segment;
}
