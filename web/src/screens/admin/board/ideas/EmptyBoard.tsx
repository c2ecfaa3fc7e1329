import { useContext, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { RoleContext, hasRole } from '../../../../layout/nav-items.ts';
import { boardPath, rowIdOf } from '../../../../relay/row-id.ts';
import { EmptyState } from '../../../../ui/EmptyState.tsx';
import { Icon } from '../../../../ui/Icon.tsx';
import { MakeBoardPublicDialog } from '../../dashboard/MakeBoardPublic.tsx';

const messages = defineMessages({
  emptyTitle: { id: 'ideas.empty.title', defaultMessage: 'No ideas yet' },
  emptyText: {
    id: 'ideas.empty.text',
    defaultMessage:
      'Add the first idea yourself, or let your users bring theirs: embed the widget on your site or make the board public.',
  },
  emptyTextPublic: {
    id: 'ideas.empty.textPublic',
    defaultMessage:
      'Add the first idea yourself, or let your users bring theirs: the board is public, and you can embed the widget on your site too.',
  },
  emptyWidget: { id: 'ideas.empty.widget', defaultMessage: 'Embed the widget' },
  emptyPublic: { id: 'ideas.empty.public', defaultMessage: 'Make the board public' },
});

/**
 * The empty ideas list and its ways to get ideas: embed the widget, and for a private board
 * "Make the board public", done here after a confirmation (issue 34), not by opening the
 * settings. Both are the admins' (the server refuses members), so members are shown neither.
 */
// A default export: lazy() takes the module as it is (a few bytes less in the board chunk).
export default function EmptyBoard({
  board,
}: {
  board: { id: string; name: string; isPublic: boolean };
}) {
  const intl = useIntl();
  const [isMakingPublic, setIsMakingPublic] = useState(false);
  const isAdmin = hasRole(useContext(RoleContext), 'ADMIN');
  const actions = (
    <div className="button-row">
      <Link to={`${boardPath(board.id)}/widget`} className="button button--secondary">
        <Icon name="code" size={18} />
        {intl.formatMessage(messages.emptyWidget)}
      </Link>
      {board.isPublic ? null : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setIsMakingPublic(true)}
        >
          <Icon name="globe" size={18} />
          {intl.formatMessage(messages.emptyPublic)}
        </button>
      )}
      <MakeBoardPublicDialog
        boardRowId={Number(rowIdOf(board.id, 'Board'))}
        boardName={board.name}
        isOpen={isMakingPublic}
        onClose={() => setIsMakingPublic(false)}
        onDone={() => undefined}
      />
    </div>
  );
  return (
    <div className="card">
      <EmptyState
        icon="sparkles"
        headingLevel={3}
        title={intl.formatMessage(messages.emptyTitle)}
        // A public board is not told to be made public (F13 of walk 9).
        description={intl.formatMessage(
          board.isPublic ? messages.emptyTextPublic : messages.emptyText,
        )}
        action={isAdmin ? actions : undefined}
      />
    </div>
  );
}
