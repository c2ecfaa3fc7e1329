import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { VoteBox_idea$key } from '../../../../../__generated__/VoteBox_idea.graphql.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { useViewOnlyProps } from '../board-access.tsx';
import { ideaMessages } from './messages.ts';
import { useVoteMutation } from './useVoteMutation.ts';

/** The vote toggle with the count: pressed when the viewer has voted; off on an inactive board. */
export function VoteBox({ idea }: { idea: VoteBox_idea$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment VoteBox_idea on Idea {
        id
        title
        voteCount
        isVotedByMe
      }
    `,
    idea,
  );
  const [toggleVote] = useVoteMutation();
  const viewOnly = useViewOnlyProps();
  return (
    <button
      type="button"
      className={`vote-box${data.isVotedByMe ? ' vote-box--voted' : ''}`}
      aria-pressed={data.isVotedByMe}
      {...viewOnly}
      onClick={() =>
        toggleVote({ id: data.id, voteCount: data.voteCount, isVotedByMe: data.isVotedByMe })
      }
    >
      <Icon name="chevronUp" size={18} />
      <span className="vote-box__count" data-testid="vote-count">
        {data.voteCount}
      </span>
      <span className="visually-hidden">
        {intl.formatMessage(data.isVotedByMe ? ideaMessages.unvote : ideaMessages.vote, {
          title: data.title,
        })}
      </span>
    </button>
  );
}
