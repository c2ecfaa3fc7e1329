import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { Comment_comment$key } from '../../../../../__generated__/Comment_comment.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Avatar } from '../../../../ui/Avatar.tsx';
import { mentionSegments } from './mention-text.ts';

const messages = defineMessages({
  anonymous: { id: 'comment.anonymous', defaultMessage: 'A former user' },
  internal: { id: 'comment.internal', defaultMessage: 'Internal note' },
  team: { id: 'comment.team', defaultMessage: 'Team' },
});

/**
 * One comment: who (a team member's with a "Team" badge), when, what (mentions highlighted); an
 * internal note is marked and tinted (the team's eyes only).
 */
export function Comment({ comment }: { comment: Comment_comment$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment Comment_comment on Comment {
        markup
        createdAt
        isInternal
        isByTeam
        author {
          displayName
          avatarUrl
        }
      }
    `,
    comment,
  );
  const name = data.author?.displayName ?? intl.formatMessage(messages.anonymous);
  return (
    <article className={data.isInternal ? 'comment comment--internal' : 'comment'}>
      <Avatar name={name} photoUrl={data.author?.avatarUrl ?? null} />
      <div>
        <p className="comment__meta">
          <strong>{name}</strong>
          {data.isByTeam ? (
            <span className="badge badge--team">{intl.formatMessage(messages.team)}</span>
          ) : null}
          <time className="muted" dateTime={data.createdAt}>
            {intl.formatDate(data.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
          {data.isInternal ? (
            <span className="badge badge--internal">{intl.formatMessage(messages.internal)}</span>
          ) : null}
        </p>
        <p className="comment__text">
          {mentionSegments(data.markup).map((segment, index) =>
            segment.isMention ? (
              <mark key={index} className="mention">
                {segment.text}
              </mark>
            ) : (
              segment.text
            ),
          )}
        </p>
      </div>
    </article>
  );
}
