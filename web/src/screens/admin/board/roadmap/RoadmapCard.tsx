import type { DragEvent } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { RoadmapCard_idea$key } from '../../../../../__generated__/RoadmapCard_idea.graphql.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { ideaMessages } from '../ideas/messages.ts';

/** A compact roadmap card: title, votes and comments; draggable for those who may move it. */
export function RoadmapCard({
  idea,
  onOpen,
}: {
  idea: RoadmapCard_idea$key;
  onOpen: (ideaId: string) => void;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment RoadmapCard_idea on Idea {
        id
        title
        voteCount
        commentCount
        canUpdateStatus
      }
    `,
    idea,
  );
  const handleDragStart = (event: DragEvent<HTMLElement>) => {
    event.dataTransfer.setData('text/plain', data.id);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <article
      className="roadmap-card"
      draggable={data.canUpdateStatus}
      onDragStart={data.canUpdateStatus ? handleDragStart : undefined}
      aria-labelledby={`roadmap-${data.id}`}
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
      </p>
    </article>
  );
}
