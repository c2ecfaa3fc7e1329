import type { KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { IdeaCard_idea$key } from '../../../../../__generated__/IdeaCard_idea.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { MenuButton, MenuItem } from '../../../../ui/MenuButton.tsx';
import { useViewOnlyProps } from '../board-access.tsx';
import { ideaMessages } from './messages.ts';
import { bulkMessages } from './bulk-messages.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { CustomStatusBadge } from '../statuses/CustomStatusBadge.tsx';
import { TagChips } from '../tags/TagChip.tsx';
import { VoteBox } from './VoteBox.tsx';

const messages = defineMessages({
  hidden: {
    id: 'idea.hiddenByPlan',
    defaultMessage:
      'Hidden from your users by your plan: they cannot see it, vote or comment. <link>Upgrade your plan</link> to show it.',
  },
});

export type TIdeaEditTarget = { id: string; title: string; description: string | null };

/**
 * One idea in the list: votes, title, status, comment count and, for editors, a menu (disabled
 * on an inactive board, where the server refuses edits and removals).
 */
export function IdeaCard({
  idea,
  onOpen,
  onEdit,
  onRemove,
  selection = null,
}: {
  idea: IdeaCard_idea$key;
  onOpen: (ideaId: string) => void;
  onEdit: (idea: TIdeaEditTarget) => void;
  onRemove: (idea: TIdeaEditTarget) => void;
  /** Its checkbox for the list's bulk actions (null: it cannot be selected). */
  selection?: { isSelected: boolean; onToggle: () => void } | null;
}) {
  const intl = useIntl();
  const viewOnly = useViewOnlyProps();
  const data = useFragment(
    graphql`
      fragment IdeaCard_idea on Idea {
        id
        title
        description
        status
        rejectedAt
        customStatus {
          ...CustomStatusBadge_status
        }
        tags {
          id
          ...TagChip_tag
        }
        commentCount
        canEdit
        isHiddenByPlan
        isSample
        value
        valueCurrency
        ...VoteBox_idea
      }
    `,
    idea,
  );
  const target = { id: data.id, title: data.title, description: data.description ?? null };
  if (data.isHiddenByPlan) {
    // A locked row: the admin keeps seeing what the plan hides from readers of the board (the
    // server refuses votes, comments and changes on it until the plan shows it again). It
    // takes focus when it is the idea just added.
    return (
      <article
        className="idea-card idea-card--locked"
        aria-labelledby={`idea-${data.id}-title`}
        data-idea-id={data.id}
        tabIndex={-1}
      >
        <span className="idea-card__lock" aria-hidden="true">
          <Icon name="lock" />
        </span>
        <div className="idea-card__body">
          <h3 className="idea-card__title" id={`idea-${data.id}-title`}>
            {data.title}
          </h3>
          <div className="idea-card__meta">
            {data.customStatus ? (
              <CustomStatusBadge status={data.customStatus} />
            ) : (
              <StatusBadge status={data.status} isRejected={Boolean(data.rejectedAt)} />
            )}
          </div>
          <p className="idea-card__locked-note">
            {intl.formatMessage(messages.hidden, {
              link: (chunks) => (
                <Link to="/admin/subscription" className="link">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </div>
      </article>
    );
  }
  // Space on the card itself (focused after a dialog closes, or by a click on its background)
  // toggles its checkbox, as Space on the checkbox does.
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!selection || event.key !== ' ' || event.target !== event.currentTarget) return;
    event.preventDefault();
    selection.onToggle();
  };
  return (
    <article
      className={`idea-card${selection?.isSelected ? ' idea-card--selected' : ''}`}
      aria-labelledby={`idea-${data.id}-title`}
      data-idea-id={data.id}
      tabIndex={-1}
      onKeyDown={handleKeyDown}
    >
      {selection ? (
        <input
          type="checkbox"
          className="idea-card__select"
          checked={selection.isSelected}
          aria-label={intl.formatMessage(bulkMessages.selectIdea, { title: data.title })}
          onChange={selection.onToggle}
        />
      ) : null}
      <VoteBox idea={data} />
      <div className="idea-card__body">
        <h3 className="idea-card__title" id={`idea-${data.id}-title`}>
          <button type="button" className="idea-card__open" onClick={() => onOpen(data.id)}>
            {data.title}
          </button>
        </h3>
        <div className="idea-card__meta">
          {/* Made up to try the board (addSampleIdeas): never taken for real feedback. */}
          {data.isSample ? (
            <span className="badge badge--sample">{intl.formatMessage(ideaMessages.sample)}</span>
          ) : null}
          {data.customStatus ? (
            <CustomStatusBadge status={data.customStatus} />
          ) : (
            <StatusBadge status={data.status} isRejected={Boolean(data.rejectedAt)} />
          )}
          <TagChips tags={data.tags} />
          <button type="button" className="idea-card__comments" onClick={() => onOpen(data.id)}>
            <Icon name="comment" size={16} />
            {intl.formatMessage(ideaMessages.comments, { count: data.commentCount })}
          </button>
          {data.value ? (
            <span className="idea-card__value" data-testid="idea-card-value">
              {intl.formatMessage(ideaMessages.value, {
                amount: intl.formatNumber(data.value, {
                  style: 'currency',
                  currency: data.valueCurrency ?? 'USD',
                }),
              })}
            </span>
          ) : null}
        </div>
      </div>
      {data.canEdit ? (
        <MenuButton
          className="icon-button"
          aria-label={intl.formatMessage(ideaMessages.menu, { title: data.title })}
          {...viewOnly}
          align="end"
          label={<Icon name="more" />}
        >
          <MenuItem onSelect={() => onEdit(target)}>
            <Icon name="edit" size={18} />
            {intl.formatMessage(ideaMessages.edit)}
          </MenuItem>
          <MenuItem isDanger onSelect={() => onRemove(target)}>
            <Icon name="trash" size={18} />
            {intl.formatMessage(ideaMessages.remove)}
          </MenuItem>
        </MenuButton>
      ) : null}
    </article>
  );
}
