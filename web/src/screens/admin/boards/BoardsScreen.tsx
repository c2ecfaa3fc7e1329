import { Suspense, lazy, useContext } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import type { BoardsScreenQuery as TBoardsScreenQuery } from '../../../../__generated__/BoardsScreenQuery.graphql.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { RoleContext, hasRole } from '../../../layout/nav-items.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { BoardCard } from './BoardCard.tsx';

// The create dialog (its form, colours and mutation) loads when it first opens (issue 22).
const CreateBoardModal = lazy(() =>
  import('./CreateBoardModal.tsx').then((module) => ({ default: module.CreateBoardModal })),
);

// Shown only to a company with no boards yet: loaded then (the console shell has no room).
const WelcomeCard = lazy(() =>
  import('./WelcomeCard.tsx').then((module) => ({ default: module.WelcomeCard })),
);

const messages = defineMessages({
  title: { id: 'boards.title', defaultMessage: 'Your boards' },
  intro: {
    id: 'boards.intro',
    defaultMessage: 'Each board collects ideas for one product or topic.',
  },
  create: { id: 'boards.create', defaultMessage: 'New board' },
  createFirst: { id: 'boards.createFirst', defaultMessage: 'Create your first board' },
  inactiveWarning: {
    id: 'boards.inactiveWarning',
    defaultMessage:
      'Some boards are inactive because your plan allows fewer active boards. <link>Upgrade your plan to activate them all.</link>',
  },
  emptyTextMember: {
    id: 'boards.empty.textMember',
    defaultMessage: 'An admin or the owner of your team creates boards; they will appear here.',
  },
  emptyTitle: { id: 'boards.empty.title', defaultMessage: 'No boards yet' },
  emptyText: {
    id: 'boards.empty.text',
    defaultMessage: 'Boards you create show up here.',
  },
});

export const boardsScreenQuery = graphql`
  query BoardsScreenQuery {
    boards {
      id
      active
      ...BoardCard_board
    }
  }
`;

/** /admin/boards: the company's boards, active first; the create-board dialog. */
export function BoardsScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TBoardsScreenQuery>;
  const { boards } = usePreloadedQuery<TBoardsScreenQuery>(boardsScreenQuery, queryRef);
  const [searchParams, setSearchParams] = useSearchParams();
  const isCreating = searchParams.get('create') === 'true';
  usePageTitle(messages.title);
  // Members see every board; creating one is for admins (the server refuses members too).
  const role = useContext(RoleContext);
  const mayCreate = hasRole(role, 'ADMIN');
  // The plan is the owner's: the others are told, without a link to a page they cannot open.
  const mayUpgrade = hasRole(role, 'OWNER');

  const setCreating = (isOpen: boolean) =>
    setSearchParams(isOpen ? { create: 'true' } : {}, { replace: true });
  const sorted = [...boards].sort((a, b) => Number(b.active) - Number(a.active));
  const hasInactive = boards.some((board) => !board.active);

  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage(messages.title)}</h1>
          <p className="page-header__intro">{intl.formatMessage(messages.intro)}</p>
        </div>
        {mayCreate ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setCreating(true)}
          >
            <Icon name="plus" size={18} />
            {intl.formatMessage(messages.create)}
          </button>
        ) : null}
      </header>
      {hasInactive ? (
        <div className="alert alert--warning" role="note">
          <Icon name="alert" />
          <p>
            {intl.formatMessage(messages.inactiveWarning, {
              link: (chunks) =>
                mayUpgrade ? (
                  <Link to="/admin/subscription" className="link">
                    {chunks}
                  </Link>
                ) : (
                  <>{chunks}</>
                ),
            })}
          </p>
        </div>
      ) : null}
      {sorted.length > 0 ? (
        <ul className="board-grid">
          {sorted.map((board) => (
            <li key={board.id}>
              <BoardCard board={board} />
            </li>
          ))}
        </ul>
      ) : (
        <>
          <Suspense fallback={null}>
            <WelcomeCard
              action={
                mayCreate ? (
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => setCreating(true)}
                  >
                    <Icon name="plus" size={18} />
                    {intl.formatMessage(messages.createFirst)}
                  </button>
                ) : null
              }
            />
          </Suspense>
          <div className="card">
            <EmptyState
              icon="boards"
              title={intl.formatMessage(messages.emptyTitle)}
              description={intl.formatMessage(
                mayCreate ? messages.emptyText : messages.emptyTextMember,
              )}
            />
          </div>
        </>
      )}
      {isCreating && mayCreate ? (
        // Until its chunk is in, focus stays on the opener; nothing to show meanwhile.
        <Suspense fallback={null}>
          <CreateBoardModal isOpen onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
