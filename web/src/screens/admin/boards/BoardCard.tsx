import { useContext } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { BoardCard_board$key } from '../../../../__generated__/BoardCard_board.graphql.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { RoleContext, hasRole } from '../../../layout/nav-items.ts';
import { firstGrapheme } from '../../../ui/initials.ts';
import { boardBadgeStyle } from './board-colors.ts';
import { boardPath } from '../../../relay/row-id.ts';

export const boardCardMessages = defineMessages({
  noDescription: { id: 'boardCard.noDescription', defaultMessage: 'No description yet.' },
  public: { id: 'boardCard.public', defaultMessage: 'Public' },
  private: { id: 'boardCard.private', defaultMessage: 'Private' },
  inactive: { id: 'boardCard.inactive', defaultMessage: 'Inactive board: view only' },
  upgrade: { id: 'boardCard.upgrade', defaultMessage: 'Upgrade to activate' },
});

/** One board in the grid; the whole card opens the board's ideas list. */
export function BoardCard({ board }: { board: BoardCard_board$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment BoardCard_board on Board {
        id
        name
        description
        color
        active
        isPublic
      }
    `,
    board,
  );
  // Only the owner may change the plan (the server refuses the others).
  const mayUpgrade = hasRole(useContext(RoleContext), 'OWNER');
  return (
    <article className={`card board-card${data.active ? '' : ' board-card--inactive'}`}>
      <div className="board-card__top">
        <span className="board-card__badge" style={boardBadgeStyle(data.color)} aria-hidden="true">
          {firstGrapheme(data.name, intl.locale)}
        </span>
        <h2 className="board-card__name">
          <Link to={`${boardPath(data.id)}/list`} className="board-card__link">
            {data.name}
          </Link>
        </h2>
      </div>
      <p className="board-card__description">
        {data.description || intl.formatMessage(boardCardMessages.noDescription)}
      </p>
      <div className="board-card__tags">
        <span className={`badge${data.isPublic ? ' badge--public' : ''}`}>
          {intl.formatMessage(data.isPublic ? boardCardMessages.public : boardCardMessages.private)}
        </span>
        {data.active ? null : (
          <>
            <span className="badge badge--inactive">
              {intl.formatMessage(boardCardMessages.inactive)}
            </span>
            {mayUpgrade ? (
              <Link to="/admin/subscription" className="link board-card__upgrade">
                {intl.formatMessage(boardCardMessages.upgrade)}
              </Link>
            ) : null}
          </>
        )}
      </div>
    </article>
  );
}
