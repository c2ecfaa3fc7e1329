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
import { customStatusStyle, useStatusName } from '../statuses/CustomStatusBadge.tsx';
import { ROADMAP_STATUSES } from './roadmap-columns.ts';
import type { TRoadmapStatus } from './roadmap-columns.ts';

const messages = defineMessages({
  move: { id: 'roadmap.move', defaultMessage: 'Move' },
  moveLabel: { id: 'roadmap.move.label', defaultMessage: 'Move “{title}” to another column' },
  moveTo: { id: 'roadmap.move.to', defaultMessage: 'Move to {column}' },
  moveToCustom: {
    id: 'roadmap.move.toCustom',
    defaultMessage: 'Move to {column}: {status}',
  },
});

/** One of the board's custom statuses, as the Move menu offers it under its column. */
export type TRoadmapCustomStatus = {
  id: string;
  kind: string;
  nameEn: string;
  namePl: string;
  color: string;
};

/**
 * What a card's Move menu offers: each roadmap column's own name and then the board's custom
 * statuses of that kind, in the board's order, all but where the card already is.
 */
export function moveChoices(
  status: string,
  customStatusId: string | null,
  statuses: readonly TRoadmapCustomStatus[],
): { status: TRoadmapStatus; customStatus: TRoadmapCustomStatus | null }[] {
  return ROADMAP_STATUSES.flatMap((kind) => [
    ...(kind === status && customStatusId === null ? [] : [{ status: kind, customStatus: null }]),
    ...statuses
      .filter((custom) => custom.kind === kind && custom.id !== customStatusId)
      .map((custom) => ({ status: kind, customStatus: custom })),
  ]);
}

/**
 * A compact roadmap card: title, votes and comments. For those who may change its status it is
 * draggable, and its Move menu does the same from the keyboard; on an inactive board, where the
 * server refuses status changes, it is not draggable and the menu is disabled.
 */
export function RoadmapCard({
  idea,
  onOpen,
  onMove,
  statuses = [],
  isMoving = false,
  moveFailure = null,
}: {
  idea: RoadmapCard_idea$key;
  onOpen: (ideaId: string) => void;
  onMove: (ideaId: string, status: TRoadmapStatus, customStatusId: string | null) => void;
  /** The board's custom statuses: the Move menu offers them beside the columns. */
  statuses?: readonly TRoadmapCustomStatus[];
  /** Its move is being saved: the Move trigger is busy (not disabled: focus stays on it). */
  isMoving?: boolean;
  /** Why its last move failed, said on the card. */
  moveFailure?: TActionFailure | null;
}) {
  const intl = useIntl();
  const viewOnly = useViewOnlyProps();
  const nameOf = useStatusName();
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
        customStatus {
          id
        }
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
          {moveChoices(data.status, data.customStatus?.id ?? null, statuses).map(
            ({ status, customStatus }) => (
              <MenuItem
                key={customStatus?.id ?? status}
                onSelect={() => {
                  if (!isMoving) onMove(data.id, status, customStatus?.id ?? null);
                }}
              >
                {customStatus ? (
                  <span
                    className="status-dot"
                    style={customStatusStyle(customStatus.color)}
                    aria-hidden="true"
                  />
                ) : (
                  <StatusDot status={status} />
                )}
                {customStatus
                  ? intl.formatMessage(messages.moveToCustom, {
                      column: intl.formatMessage(statusMessages[status]),
                      status: nameOf(customStatus.nameEn, customStatus.namePl),
                    })
                  : intl.formatMessage(messages.moveTo, {
                      column: intl.formatMessage(statusMessages[status]),
                    })}
              </MenuItem>
            ),
          )}
        </MenuButton>
      ) : null}
      <ActionError failure={moveFailure} />
    </article>
  );
}
