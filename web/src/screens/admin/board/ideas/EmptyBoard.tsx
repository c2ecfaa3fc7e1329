import { useContext, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql } from 'react-relay';
import { Link, useRevalidator } from 'react-router-dom';
import type { EmptyBoardAddSamplesMutation as TAdd } from '../../../../../__generated__/EmptyBoardAddSamplesMutation.graphql.ts';
import type { EmptyBoardRemoveSamplesMutation as TRemove } from '../../../../../__generated__/EmptyBoardRemoveSamplesMutation.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { RoleContext, hasRole } from '../../../../layout/nav-items.ts';
import { boardPath, rowIdOf } from '../../../../relay/row-id.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';
import { EmptyState } from '../../../../ui/EmptyState.tsx';
import { Icon } from '../../../../ui/Icon.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { MakeBoardPublicDialog } from '../../dashboard/MakeBoardPublic.tsx';
import { sampleIdeaMessages } from '../../dashboard/sample-idea-messages.ts';

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
  samplesOffer: {
    id: 'ideas.samples.offer',
    defaultMessage:
      'Or try the board first with a few sample ideas, marked “Sample”; you remove them in one click.',
  },
  samplesPresent: {
    id: 'ideas.samples.present',
    defaultMessage:
      '{count, plural, one {# sample idea is} other {# sample ideas are}} on this board, marked “Sample”: they are not feedback from your users. Remove them before your users arrive.',
  },
});

/**
 * Where the focus goes once the list changed under the button pressed (that button is gone):
 * the samples' notice after adding them, the list's heading after removing them.
 */
let isFocusOnSamplesDue = false;

/**
 * The board's own offer of sample ideas and their removal, as the dashboard has them (one click
 * each, admins): the company's samples go, then the screen's queries are read anew.
 */
function useSampleIdeasActions(boardId: string) {
  const revalidator = useRevalidator();
  const [addSamples] = usePromiseMutation<TAdd>(graphql`
    mutation EmptyBoardAddSamplesMutation($boardId: ID!) {
      addSampleIdeas(boardId: $boardId) {
        __typename
        ... on AppError {
          code
          message
        }
      }
    }
  `);
  const [removeSamples] = usePromiseMutation<TRemove>(graphql`
    mutation EmptyBoardRemoveSamplesMutation {
      removeSampleIdeas {
        __typename
        ... on AppError {
          code
          message
        }
      }
    }
  `);
  const add = useAction(async () => {
    const { addSampleIdeas: result } = await addSamples({ boardId });
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    isFocusOnSamplesDue = true;
    await revalidator.revalidate();
  });
  const remove = useAction(async () => {
    const { removeSampleIdeas: result } = await removeSamples({});
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    await revalidator.revalidate();
    const heading = document.getElementById('ideas-title');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  });
  return { add, remove };
}

/**
 * The empty ideas list and its ways to get ideas: embed the widget, and for a private board
 * "Make the board public", done here after a confirmation (issue 34), not by opening the
 * settings; while the company has no idea at all, a few sample ideas in one click, as the
 * dashboard offers them. All are the admins' (the server refuses members), so members are
 * shown none.
 */
// A default export: lazy() takes the module as it is (a few bytes less in the board chunk).
export default function EmptyBoard({
  board,
}: {
  board: { id: string; name: string; isPublic: boolean; canAddSampleIdeas: boolean };
}) {
  const intl = useIntl();
  const [isMakingPublic, setIsMakingPublic] = useState(false);
  const isAdmin = hasRole(useContext(RoleContext), 'ADMIN');
  const { add } = useSampleIdeasActions(board.id);
  const actions = (
    <div className="button-row">
      {board.canAddSampleIdeas ? (
        <PendingButton
          className="button button--secondary"
          isPending={add.isPending}
          pendingLabel={intl.formatMessage(sampleIdeaMessages.adding)}
          onClick={() => void add.run()}
        >
          <Icon name="sparkles" size={18} />
          {intl.formatMessage(sampleIdeaMessages.add)}
        </PendingButton>
      ) : null}
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
      <ActionError failure={add.failure} />
    </div>
  );
  return (
    <div className="card">
      <EmptyState
        icon="sparkles"
        headingLevel={3}
        title={intl.formatMessage(messages.emptyTitle)}
        // A public board is not told to be made public (F13 of walk 9).
        description={
          <>
            {intl.formatMessage(board.isPublic ? messages.emptyTextPublic : messages.emptyText)}
            {board.canAddSampleIdeas ? ` ${intl.formatMessage(messages.samplesOffer)}` : null}
          </>
        }
        action={isAdmin ? actions : undefined}
      />
    </div>
  );
}

/**
 * Above the list of a board holding sample ideas: how many, that they are not real feedback,
 * and (admins) the one click that removes them. Takes the focus when the samples were just
 * added from the empty list, whose button is gone.
 */
export function SampleIdeasBanner({ boardId, count }: { boardId: string; count: number }) {
  const intl = useIntl();
  const isAdmin = hasRole(useContext(RoleContext), 'ADMIN');
  const { remove } = useSampleIdeasActions(boardId);
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isFocusOnSamplesDue) return;
    isFocusOnSamplesDue = false;
    banner.current?.focus();
  }, []);
  return (
    <div
      className="alert alert--info sample-banner"
      role="note"
      tabIndex={-1}
      ref={banner}
      data-testid="sample-banner"
    >
      <Icon name="sparkles" />
      <div className="alert__text">
        <p>{intl.formatMessage(messages.samplesPresent, { count })}</p>
        <ActionError failure={remove.failure} />
      </div>
      {isAdmin ? (
        <PendingButton
          className="button button--secondary"
          isPending={remove.isPending}
          pendingLabel={intl.formatMessage(sampleIdeaMessages.removing)}
          onClick={() => void remove.run()}
        >
          <Icon name="trash" size={18} />
          {intl.formatMessage(sampleIdeaMessages.remove)}
        </PendingButton>
      ) : null}
    </div>
  );
}
