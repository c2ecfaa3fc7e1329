import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router-dom';
import type { BoardScreenQuery as TBoardScreenQuery } from '../../../../__generated__/BoardScreenQuery.graphql.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { boardBadgeStyle } from '../boards/board-colors.ts';

const messages = defineMessages({
  pageTitle: { id: 'board.pageTitle', defaultMessage: '{name} · Board' },
  soonTitle: { id: 'board.soon.title', defaultMessage: 'The ideas list is on its way' },
  soonText: {
    id: 'board.soon.text',
    defaultMessage:
      'Soon you will see, sort and triage this board’s ideas here, and follow its roadmap and releases.',
  },
  back: { id: 'board.back', defaultMessage: 'All boards' },
  notFoundTitle: { id: 'board.notFound.title', defaultMessage: 'Board not found' },
  notFoundText: {
    id: 'board.notFound.text',
    defaultMessage: 'This board does not exist or belongs to another company.',
  },
});

export const boardScreenQuery = graphql`
  query BoardScreenQuery($id: ID!) {
    board(id: $id) {
      name
      color
    }
  }
`;

/** /admin/boards/{id}/…: the board's header; its tabs arrive with the board-area issue. */
export function BoardScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TBoardScreenQuery>;
  const { board } = usePreloadedQuery<TBoardScreenQuery>(boardScreenQuery, queryRef);
  usePageTitle(board ? intl.formatMessage(messages.pageTitle, { name: board.name }) : null);

  const back = (
    <Link to="/admin/boards" className="button button--secondary">
      {intl.formatMessage(messages.back)}
    </Link>
  );
  if (!board) {
    return (
      <div className="card">
        <EmptyState
          headingLevel={1}
          icon="compass"
          title={intl.formatMessage(messages.notFoundTitle)}
          description={intl.formatMessage(messages.notFoundText)}
          action={back}
        />
      </div>
    );
  }
  return (
    <>
      <header className="page-header">
        <div className="board-header">
          <span
            className="board-card__badge"
            style={boardBadgeStyle(board.color)}
            aria-hidden="true"
          >
            {board.name.charAt(0).toUpperCase()}
          </span>
          <h1 className="page-header__title">{board.name}</h1>
        </div>
        {back}
      </header>
      <div className="card">
        <EmptyState
          icon="sparkles"
          title={intl.formatMessage(messages.soonTitle)}
          description={intl.formatMessage(messages.soonText)}
        />
      </div>
    </>
  );
}
