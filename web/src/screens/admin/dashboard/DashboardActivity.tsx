import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { DashboardActivity_dashboard$key } from '../../../../__generated__/DashboardActivity_dashboard.graphql.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { mentionSegments } from '../board/ideas/mention-text.ts';

/** The server's counts stop here (get-dashboard.ts): "1000+". */
const COUNT_CAP = 1000;

const messages = defineMessages({
  statsLabel: { id: 'dashboard.stats.label', defaultMessage: 'This week' },
  awaitingCount: { id: 'dashboard.stats.awaiting', defaultMessage: 'Awaiting acceptance' },
  ideasThisWeek: { id: 'dashboard.stats.ideas', defaultMessage: 'New ideas this week' },
  votesThisWeek: { id: 'dashboard.stats.votes', defaultMessage: 'Votes this week' },
  countAtCap: { id: 'dashboard.stats.atCap', defaultMessage: '{count}+' },
  awaitingTitle: { id: 'dashboard.awaiting.title', defaultMessage: 'Awaiting acceptance' },
  awaitingEmpty: {
    id: 'dashboard.awaiting.empty',
    defaultMessage: 'Nothing waits: ideas your users submit show here until you accept them.',
  },
  awaitingMore: {
    id: 'dashboard.awaiting.more',
    defaultMessage: '{count, plural, one {# idea waits} other {# ideas wait}} in all',
  },
  topTitle: { id: 'dashboard.top.title', defaultMessage: 'Top-voted open ideas' },
  topEmpty: {
    id: 'dashboard.top.empty',
    defaultMessage: 'No open ideas yet: the most wanted ones show here.',
  },
  votes: {
    id: 'dashboard.top.votes',
    defaultMessage: '{count, plural, one {# vote} other {# votes}}',
  },
  commentsTitle: { id: 'dashboard.comments.title', defaultMessage: 'Recent comments' },
  commentsEmpty: {
    id: 'dashboard.comments.empty',
    defaultMessage: 'No comments yet: the newest ones show here.',
  },
  commentBy: { id: 'dashboard.comments.by', defaultMessage: '{name} on {idea}' },
  unknownAuthor: { id: 'dashboard.comments.unknownAuthor', defaultMessage: 'Someone' },
  internal: { id: 'dashboard.comments.internal', defaultMessage: 'Internal note' },
});

const ideaPath = (idea: { boardRowId: number; rowId: number }) =>
  `/admin/boards/${idea.boardRowId}/ideas/${idea.rowId}`;

function ListCard({
  id,
  title,
  empty,
  footer,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  footer?: ReactNode;
  children: ReactNode[];
}) {
  return (
    <section className="card dashboard-list" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {children.length === 0 ? (
        <p className="muted dashboard-list__empty">{empty}</p>
      ) : (
        <ul className="dashboard-list__items">{children}</ul>
      )}
      {footer}
    </section>
  );
}

/** This week's counts and the three lists a team acts on, each entry linking to its idea. */
export function DashboardActivity({ dashboard }: { dashboard: DashboardActivity_dashboard$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment DashboardActivity_dashboard on Dashboard {
        awaitingCount
        ideasThisWeek
        votesThisWeek
        awaiting {
          rowId
          boardRowId
          boardName
          title
          createdAt
        }
        topIdeas {
          rowId
          boardRowId
          boardName
          title
          voteCount
        }
        recentComments {
          rowId
          ideaRowId
          boardRowId
          ideaTitle
          authorName
          text
          isInternal
          createdAt
        }
      }
    `,
    dashboard,
  );
  const count = (value: number) =>
    value >= COUNT_CAP
      ? intl.formatMessage(messages.countAtCap, { count: intl.formatNumber(COUNT_CAP) })
      : intl.formatNumber(value);
  const stats = [
    { key: 'awaitingCount', label: messages.awaitingCount, value: data.awaitingCount },
    { key: 'ideasThisWeek', label: messages.ideasThisWeek, value: data.ideasThisWeek },
    { key: 'votesThisWeek', label: messages.votesThisWeek, value: data.votesThisWeek },
  ] as const;
  return (
    <>
      <dl className="stats" aria-label={intl.formatMessage(messages.statsLabel)}>
        {stats.map((stat) => (
          <div key={stat.key} className="card stat">
            <dt className="stat__label">{intl.formatMessage(stat.label)}</dt>
            <dd className="stat__value" data-testid={`dashboard-${stat.key}`}>
              {count(stat.value)}
            </dd>
          </div>
        ))}
      </dl>
      <div className="dashboard-grid">
        <ListCard
          id="dashboard-awaiting"
          title={intl.formatMessage(messages.awaitingTitle)}
          empty={intl.formatMessage(messages.awaitingEmpty)}
          footer={
            data.awaitingCount > data.awaiting.length ? (
              <p className="muted dashboard-list__more">
                {intl.formatMessage(messages.awaitingMore, { count: data.awaitingCount })}
              </p>
            ) : null
          }
        >
          {data.awaiting.map((idea) => (
            <li key={idea.rowId} className="dashboard-list__item">
              <Link to={ideaPath(idea)} className="dashboard-list__link">
                {idea.title}
              </Link>
              <span className="dashboard-list__meta">
                <Link to={`/admin/boards/${idea.boardRowId}`}>{idea.boardName}</Link>
                <span>{intl.formatDate(idea.createdAt, { dateStyle: 'medium' })}</span>
              </span>
            </li>
          ))}
        </ListCard>
        <ListCard
          id="dashboard-top"
          title={intl.formatMessage(messages.topTitle)}
          empty={intl.formatMessage(messages.topEmpty)}
        >
          {data.topIdeas.map((idea) => (
            <li key={idea.rowId} className="dashboard-list__item">
              <Link to={ideaPath(idea)} className="dashboard-list__link">
                {idea.title}
              </Link>
              <span className="dashboard-list__meta">
                <span>{intl.formatMessage(messages.votes, { count: idea.voteCount })}</span>
                <span>{idea.boardName}</span>
              </span>
            </li>
          ))}
        </ListCard>
        <ListCard
          id="dashboard-comments"
          title={intl.formatMessage(messages.commentsTitle)}
          empty={intl.formatMessage(messages.commentsEmpty)}
        >
          {data.recentComments.map((comment) => (
            <li key={comment.rowId} className="dashboard-list__item">
              <Link
                to={ideaPath({ boardRowId: comment.boardRowId, rowId: comment.ideaRowId })}
                className="dashboard-list__link"
              >
                {intl.formatMessage(messages.commentBy, {
                  name: comment.authorName ?? intl.formatMessage(messages.unknownAuthor),
                  idea: comment.ideaTitle,
                })}
              </Link>
              <span className="dashboard-list__quote">
                {mentionSegments(comment.text)
                  .map((segment) => segment.text)
                  .join('')}
              </span>
              <span className="dashboard-list__meta">
                {comment.isInternal && (
                  <span className="badge">{intl.formatMessage(messages.internal)}</span>
                )}
                <span>
                  {intl.formatDate(comment.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
                </span>
              </span>
            </li>
          ))}
        </ListCard>
      </div>
    </>
  );
}
