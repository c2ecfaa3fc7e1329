import type { DragEvent } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { RoadmapCard_idea$key } from '../../../../../__generated__/RoadmapCard_idea.graphql.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { MenuButton, MenuItem } from '../../../../ui/MenuButton.tsx';
import { ActionError } from '../../../../ui/PendingButton.tsx';
import type { TActionFailure } from '../../../../ui/useAction.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { useViewOnlyProps } from '../board-access.tsx';
import { ideaMessages, statusMessages } from '../ideas/messages.ts';
import { StatusDot } from '../ideas/StatusBadge.tsx';
import { ROADMAP_STATUSES } from './roadmap-columns.ts';
import type { TRoadmapStatus } from './roadmap-columns.ts';

const messages = defineMessages({
  move: { id: 'roadmap.move', defaultMessage: 'Move' },
  moveLabel: { id: 'roadmap.move.label', defaultMessage: 'Move “{title}” to another column' },
  moveTo: { id: 'roadmap.move.to', defaultMessage: 'Move to {column}' },
});

/**
 * A compact roadmap card: title, votes and comments. For those who may change its status it is
 * draggable, and its Move menu does the same from the keyboard; on an inactive board, where the
 * server refuses status changes, it is not draggable and the menu is disabled.
 */
export function RoadmapCard({
  idea,
  onOpen,
  onMove,
  isMoving = false,
  moveFailure = null,
}: {
  idea: RoadmapCard_idea$key;
  onOpen: (ideaId: string) => void;
  onMove: (ideaId: string, status: TRoadmapStatus) => void;
  /** Its move is being saved: the Move trigger is busy (not disabled: focus stays on it). */
  isMoving?: boolean;
  /** Why its last move failed, said on the card. */
  moveFailure?: TActionFailure | null;
}) {
  const intl = useIntl();
  const viewOnly = useViewOnlyProps();
  const data = useFragment(
    graphql`
      fragment RoadmapCard_idea on Idea {
        id
        title
        voteCount
        commentCount
        status
        canUpdateStatus
        value
        valueCurrency
      }
    `,
    idea,
  );
  const isDraggable = data.canUpdateStatus && !viewOnly.disabled;
  const handleDragStart = (event: DragEvent<HTMLElement>) => {
    event.dataTransfer.setData('text/plain', data.id);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <article
      className="roadmap-card"
      draggable={isDraggable}
      onDragStart={isDraggable ? handleDragStart : undefined}
      aria-labelledby={`roadmap-${data.id}`}
      data-idea-id={data.id}
    >
      <h4 className="roadmap-card__title" id={`roadmap-${data.id}`}>
        <button type="button" className="idea-card__open" onClick={() => onOpen(data.id)}>
          {data.title}
        </button>
      </h4>
      <p className="roadmap-card__meta">
        <span className="roadmap-card__count">
          <Icon name="chevronUp" size={16} />
          <span className="visually-hidden">{intl.formatMessage(ideaMessages.votesLabel)}</span>
          {data.voteCount}
        </span>
        <span className="roadmap-card__count">
          <Icon name="comment" size={16} />
          {intl.formatMessage(ideaMessages.comments, { count: data.commentCount })}
        </span>
        {data.value ? (
          <span className="roadmap-card__count">
            {intl.formatMessage(ideaMessages.value, {
              amount: intl.formatNumber(data.value, {
                style: 'currency',
                currency: data.valueCurrency ?? 'USD',
              }),
            })}
          </span>
        ) : null}
      </p>
      {data.canUpdateStatus ? (
        <MenuButton
          className="button button--ghost roadmap-card__move"
          aria-label={intl.formatMessage(messages.moveLabel, { title: data.title })}
          {...viewOnly}
          aria-busy={isMoving || undefined}
          aria-disabled={isMoving || undefined}
          label={
            <>
              {intl.formatMessage(messages.move)}
              <Icon name="chevronDown" size={16} />
            </>
          }
        >
          {ROADMAP_STATUSES.filter((status) => status !== data.status).map((status) => (
            <MenuItem
              key={status}
              onSelect={() => {
                if (!isMoving) onMove(data.id, status);
              }}
            >
              <StatusDot status={status} />
              {intl.formatMessage(messages.moveTo, {
                column: intl.formatMessage(statusMessages[status]),
              })}
            </MenuItem>
          ))}
        </MenuButton>
      ) : null}
      <ActionError failure={moveFailure} />
    </article>
  );
}
