import { useStatusName } from '../statuses/CustomStatusBadge.tsx';
import { ToolSection } from '../../../../ui/ToolSection.tsx';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { IdeaActivityList_idea$key } from '../../../../../__generated__/IdeaActivityList_idea.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { statusMessages } from './messages.ts';

const messages = defineMessages({
  title: { id: 'ideaActivity.title', defaultMessage: 'Activity' },
  empty: { id: 'ideaActivity.empty', defaultMessage: 'No changes yet.' },
  someone: { id: 'ideaActivity.someone', defaultMessage: 'A former user' },
  status: {
    id: 'ideaActivity.status',
    defaultMessage: '{who} changed the status from {from} to {to}',
  },
  statusDeleted: {
    id: 'ideaActivity.statusDeleted',
    defaultMessage: '{who} deleted the status {from}, so it moved to {to}',
  },
  moved: { id: 'ideaActivity.moved', defaultMessage: '{who} moved it from {from} to {to}' },
  tagAdded: { id: 'ideaActivity.tagAdded', defaultMessage: '{who} added the tag “{tag}”' },
  tagRemoved: { id: 'ideaActivity.tagRemoved', defaultMessage: '{who} removed the tag “{tag}”' },
  tagDeleted: {
    id: 'ideaActivity.tagDeleted',
    defaultMessage: '{who} deleted the tag “{tag}”, so it was removed',
  },
  title_: {
    id: 'ideaActivity.titleChanged',
    defaultMessage: '{who} renamed it from “{from}” to “{to}”',
  },
  merged: {
    id: 'ideaActivity.merged',
    defaultMessage:
      '{who} merged it with “{other}” ({votes, plural, one {# vote moved} other {# votes moved}})',
  },
  unmerged: {
    id: 'ideaActivity.unmerged',
    defaultMessage:
      '{who} undid the merge with “{other}” ({votes, plural, one {# vote restored} other {# votes restored}})',
  },
});

/** The idea's activity for the team (newest first); nothing for anyone else. */
export function IdeaActivityList({ idea }: { idea: IdeaActivityList_idea$key }) {
  const intl = useIntl();
  const nameOf = useStatusName();
  const data = useFragment(
    graphql`
      fragment IdeaActivityList_idea on Idea {
        activity(first: 20) {
          edges {
            node {
              id
              kind
              cause
              createdAt
              actor {
                displayName
              }
              fromStatus
              toStatus
              fromCustomStatus {
                nameEn
                namePl
              }
              toCustomStatus {
                nameEn
                namePl
              }
              fromBoardName
              toBoardName
              fromTitle
              toTitle
              otherIdeaTitle
              votesMoved
              tagName
            }
          }
        }
      }
    `,
    idea,
  );
  if (!data.activity) return null;
  const status = (value: string | null | undefined) =>
    value && value in statusMessages
      ? intl.formatMessage(statusMessages[value as keyof typeof statusMessages])
      : '';
  const describe = (entry: (typeof data.activity.edges)[number]['node']) => {
    const who = entry.actor?.displayName ?? intl.formatMessage(messages.someone);
    const other = entry.otherIdeaTitle ?? '';
    const votes = entry.votesMoved ?? 0;
    const tag = entry.tagName ?? '';
    switch (entry.kind) {
      case 'STATUS_CHANGED':
        return intl.formatMessage(
          entry.cause === 'STATUS_DELETED' ? messages.statusDeleted : messages.status,
          {
            who,
            from: entry.fromCustomStatus
              ? nameOf(entry.fromCustomStatus.nameEn, entry.fromCustomStatus.namePl)
              : status(entry.fromStatus),
            to: entry.toCustomStatus
              ? nameOf(entry.toCustomStatus.nameEn, entry.toCustomStatus.namePl)
              : status(entry.toStatus),
          },
        );
      case 'MOVED':
        return intl.formatMessage(messages.moved, {
          who,
          from: entry.fromBoardName ?? '',
          to: entry.toBoardName ?? '',
        });
      case 'TITLE_CHANGED':
        return intl.formatMessage(messages.title_, {
          who,
          from: entry.fromTitle ?? '',
          to: entry.toTitle ?? '',
        });
      case 'MERGED':
        return intl.formatMessage(messages.merged, { who, other, votes });
      case 'UNMERGED':
        return intl.formatMessage(messages.unmerged, { who, other, votes });
      case 'TAG_ADDED':
        return intl.formatMessage(messages.tagAdded, { who, tag });
      case 'TAG_REMOVED':
        return intl.formatMessage(
          entry.cause === 'TAG_DELETED' ? messages.tagDeleted : messages.tagRemoved,
          { who, tag },
        );
      default:
        return '';
    }
  };
  const entries = data.activity.edges.map((edge) => edge.node);
  return (
    <ToolSection titleId="idea-activity-title" title={intl.formatMessage(messages.title)}>
      {entries.length === 0 ? (
        <p className="muted">{intl.formatMessage(messages.empty)}</p>
      ) : (
        <ol className="activity-list">
          {/* Each entry: what changed, then when (spaced by the list's CSS). */}
          {entries.map((entry) => (
            <li key={entry.id}>
              <span>{describe(entry)}</span>
              <time className="muted" dateTime={entry.createdAt}>
                {intl.formatDate(entry.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </li>
          ))}
        </ol>
      )}
    </ToolSection>
  );
}
