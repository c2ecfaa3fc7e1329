import { Suspense, lazy, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment, usePaginationFragment, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import type { IdeaDetail_idea$key } from '../../../../../__generated__/IdeaDetail_idea.graphql.ts';
import type { IdeaDetailComments_idea$key } from '../../../../../__generated__/IdeaDetailComments_idea.graphql.ts';
import type { IdeaDetailCommentsPaginationQuery } from '../../../../../__generated__/IdeaDetailCommentsPaginationQuery.graphql.ts';
import type { IdeaDetailModalQuery as TIdeaDetailModalQuery } from '../../../../../__generated__/IdeaDetailModalQuery.graphql.ts';
import type { StatusControl_board$key } from '../../../../../__generated__/StatusControl_board.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { ViewOnlyNote } from '../board-access.tsx';
import { Comment } from './Comment.tsx';
import { CommentForm } from './CommentForm.tsx';
import { DeclineDetails } from './DeclineDetails.tsx';
import { ideaMessages } from './messages.ts';
import { IdeaValue } from './IdeaValue.tsx';
import type { IdeaIssueLinks_query$key } from '../../../../../__generated__/IdeaIssueLinks_query.graphql.ts';
import { StatusControl } from './StatusControl.tsx';
import { TeamVotes } from './TeamVotes.tsx';
import { VoteBox } from './VoteBox.tsx';
import { LoadMoreButton } from '../../../../ui/LoadMoreButton.tsx';
import type { MoveIdeaControl_query$key } from '../../../../../__generated__/MoveIdeaControl_query.graphql.ts';
import { MoveIdeaControl } from './MoveIdeaControl.tsx';
import { MergeIdeaControl } from './MergeIdeaControl.tsx';
import { IdeaTagsControl } from '../tags/IdeaTagsControl.tsx';
import { IdeaActivityList } from './IdeaActivityList.tsx';
import { UndoMergeButton } from './UndoMergeButton.tsx';

/** The team's GitHub and Linear links, in a chunk of their own (the board area is at its budget). */
const LazyIdeaIssueLinks = lazy(() =>
  import('./IdeaIssueLinks.tsx').then((module) => ({ default: module.IdeaIssueLinks })),
);

/** An editor's list of voters, in a chunk of its own (the board area is at its budget). */
const LazyIdeaVoters = lazy(() =>
  import('./IdeaVoters.tsx').then((module) => ({ default: module.IdeaVoters })),
);

const messages = defineMessages({
  by: { id: 'ideaDetail.author', defaultMessage: 'Submitted by {name} on {date}' },
  anonymous: { id: 'ideaDetail.anonymous', defaultMessage: 'a former user' },
  noDescription: { id: 'ideaDetail.noDescription', defaultMessage: 'No description.' },
  comments: { id: 'ideaDetail.comments', defaultMessage: 'Comments ({count})' },
  noComments: { id: 'ideaDetail.noComments', defaultMessage: 'No comments yet.' },
  moreComments: { id: 'ideaDetail.moreComments', defaultMessage: 'Show more comments' },
  internalNotes: {
    id: 'ideaDetail.internalNotes',
    defaultMessage: '{count, plural, one {and # internal note} other {and # internal notes}}',
  },
  reply: { id: 'ideaDetail.reply', defaultMessage: 'Reply' },
  replyTo: { id: 'ideaDetail.replyTo', defaultMessage: 'Reply to {name}' },
  replies: { id: 'ideaDetail.replies', defaultMessage: 'Replies to {name}' },
  notFound: { id: 'ideaDetail.notFound', defaultMessage: 'Idea not found' },
  sampleNote: {
    id: 'ideaDetail.sampleNote',
    defaultMessage:
      'Added to try the board, not feedback from your users. Edit it to make it an idea of your own, or remove the samples from the board’s list.',
  },
  teamTools: { id: 'ideaDetail.teamTools', defaultMessage: 'Team tools' },
});

export const ideaDetailModalQuery = graphql`
  query IdeaDetailModalQuery($id: ID!, $boardId: ID!) {
    idea(id: $id) {
      ...IdeaDetail_idea
    }
    board(id: $boardId) {
      ...StatusControl_board
    }
    ...MoveIdeaControl_query
    ...IdeaIssueLinks_query
  }
`;

/** An idea in full: description, author, status, voters (editors), decline details, comments. */
export function IdeaDetailModal({
  queryRef,
  onClose,
  onOpenIdea,
  focusOnClose,
}: {
  queryRef: PreloadedQuery<TIdeaDetailModalQuery>;
  onClose: () => void;
  /** Opens another idea in this dialog (the kept idea of a duplicate). */
  onOpenIdea?: (ideaId: string) => void;
  /** Where focus goes when the dialog closes (the opener, see Modal). */
  focusOnClose?: () => HTMLElement | null | undefined;
}) {
  const intl = useIntl();
  const query = usePreloadedQuery<TIdeaDetailModalQuery>(ideaDetailModalQuery, queryRef);
  const { idea, board } = query;
  if (!idea || !board) {
    return (
      <Modal
        isOpen
        onClose={onClose}
        focusOnClose={focusOnClose}
        title={intl.formatMessage(messages.notFound)}
      >
        <p className="muted">{intl.formatMessage(messages.notFound)}</p>
      </Modal>
    );
  }
  return (
    <IdeaDetail
      idea={idea}
      board={board}
      query={query}
      onClose={onClose}
      onOpenIdea={onOpenIdea}
      focusOnClose={focusOnClose}
    />
  );
}

function IdeaDetail({
  idea,
  board,
  query,
  onClose,
  onOpenIdea,
  focusOnClose,
}: {
  idea: IdeaDetail_idea$key;
  board: StatusControl_board$key;
  query: MoveIdeaControl_query$key & IdeaIssueLinks_query$key;
  onClose: () => void;
  onOpenIdea?: (ideaId: string) => void;
  focusOnClose?: () => HTMLElement | null | undefined;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment IdeaDetail_idea on Idea {
        id
        title
        description
        createdAt
        canEdit
        canUpdateStatus
        isSample
        author {
          displayName
        }
        ...IdeaVoters_idea
        ...IdeaDetailComments_idea
        ...VoteBox_idea
        ...StatusControl_idea
        ...DeclineDetails_idea
        ...IdeaValue_idea
        ...TeamVotes_idea
        ...MoveIdeaControl_idea
        ...MergeIdeaControl_idea
        ...IdeaTagsControl_idea
        ...IdeaActivityList_idea
        ...UndoMergeButton_idea
        ...IdeaIssueLinks_idea
      }
    `,
    idea,
  );
  return (
    <Modal isOpen isWide onClose={onClose} focusOnClose={focusOnClose} title={data.title}>
      <ViewOnlyNote>
        {/* The conversation first; the team's tools beside it on wide screens, below it on
            phones as collapsed sections (ToolSection). */}
        <div className="idea-detail idea-detail--split">
          <div className="idea-detail__conversation">
            <div className="idea-detail__top">
              <VoteBox idea={data} />
              <div className="idea-detail__summary">
                <p className="muted">
                  {intl.formatMessage(messages.by, {
                    name: data.author?.displayName ?? intl.formatMessage(messages.anonymous),
                    date: intl.formatDate(data.createdAt, { dateStyle: 'medium' }),
                  })}
                </p>
                {data.isSample ? (
                  <p className="idea-detail__sample">
                    <span className="badge badge--sample">
                      {intl.formatMessage(ideaMessages.sample)}
                    </span>
                    <span className="muted">{intl.formatMessage(messages.sampleNote)}</span>
                  </p>
                ) : null}
                <StatusControl idea={data} board={board} />
              </div>
            </div>
            <p className={data.description ? 'idea-detail__description' : 'muted'}>
              {data.description ?? intl.formatMessage(messages.noDescription)}
            </p>
            <DeclineDetails idea={data} onOpenIdea={onOpenIdea} />
            <UndoMergeButton idea={data} />
            <IdeaComments idea={data} />
          </div>
          <aside className="idea-detail__tools" aria-label={intl.formatMessage(messages.teamTools)}>
            <IdeaTagsControl idea={data} />
            {data.canUpdateStatus ? <TeamVotes idea={data} /> : null}
            {!data.canUpdateStatus && data.canEdit ? (
              <Suspense fallback={null}>
                <LazyIdeaVoters idea={data} />
              </Suspense>
            ) : null}
            <IdeaValue idea={data} />
            {data.canUpdateStatus ? (
              <Suspense fallback={null}>
                <LazyIdeaIssueLinks idea={data} query={query} />
              </Suspense>
            ) : null}
            <MergeIdeaControl idea={data} />
            <MoveIdeaControl idea={data} query={query} onMoved={onClose} />
            <IdeaActivityList idea={data} />
          </aside>
        </div>
      </ViewOnlyNote>
    </Modal>
  );
}

/** Comments loaded a page at a time. */
const COMMENTS_PAGE_SIZE = 50;

/** The idea's comments, oldest first, as threads (replies under the comment they answer). */
function IdeaComments({ idea }: { idea: IdeaDetailComments_idea$key }) {
  const intl = useIntl();
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    IdeaDetailCommentsPaginationQuery,
    IdeaDetailComments_idea$key
  >(
    graphql`
      fragment IdeaDetailComments_idea on Idea
      @refetchable(queryName: "IdeaDetailCommentsPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
        id
        commentCount
        internalNoteCount
        canUpdateStatus
        comments(first: $first, after: $after) @connection(key: "IdeaDetail_comments") {
          __id
          edges {
            node {
              id
              parentId
              isInternal
              author {
                displayName
              }
              ...Comment_comment
            }
          }
        }
      }
    `,
    idea,
  );
  const nodes = data.comments.edges.map((edge) => edge.node);
  const ids = new Set(nodes.map((node) => node.id));
  // A reply whose thread start is not loaded yet shows at the top level until it is.
  const threads = nodes.filter((node) => !node.parentId || !ids.has(node.parentId));
  return (
    <section aria-labelledby="idea-comments-title">
      <h3 id="idea-comments-title" className="idea-detail__heading">
        {intl.formatMessage(messages.comments, { count: data.commentCount })}
        {data.internalNoteCount ? (
          <span className="muted idea-detail__notes">
            {intl.formatMessage(messages.internalNotes, { count: data.internalNoteCount })}
          </span>
        ) : null}
      </h3>
      {/* The reply box above the thread, as the conversation's first thing to do. */}
      <CommentForm
        ideaId={data.id}
        connectionId={data.comments.__id}
        canWriteNotes={data.canUpdateStatus}
      />
      {nodes.length === 0 ? (
        <p className="muted">{intl.formatMessage(messages.noComments)}</p>
      ) : (
        <ul className="comment-list">
          {threads.map((node) => {
            const replies = nodes.filter((reply) => reply.parentId === node.id);
            const name = node.author?.displayName ?? intl.formatMessage(messages.anonymous);
            return (
              <li key={node.id}>
                <Comment comment={node} />
                {replies.length > 0 ? (
                  <ul
                    className="comment-list comment-list--replies"
                    aria-label={intl.formatMessage(messages.replies, { name })}
                  >
                    {replies.map((reply) => (
                      <li key={reply.id}>
                        <Comment comment={reply} />
                      </li>
                    ))}
                  </ul>
                ) : null}
                {!node.parentId && replyingTo !== node.id ? (
                  <button
                    type="button"
                    className="button button--ghost comment-reply"
                    aria-label={intl.formatMessage(messages.replyTo, { name })}
                    onClick={() => setReplyingTo(node.id)}
                  >
                    {intl.formatMessage(messages.reply)}
                  </button>
                ) : null}
                {replyingTo === node.id ? (
                  <CommentForm
                    ideaId={data.id}
                    connectionId={data.comments.__id}
                    canWriteNotes={data.canUpdateStatus}
                    parentId={node.id}
                    isParentInternal={node.isInternal}
                    onDone={() => setReplyingTo(null)}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {hasNext ? (
        <LoadMoreButton
          label={intl.formatMessage(messages.moreComments)}
          isLoading={isLoadingNext}
          onClick={() => loadNext(COMMENTS_PAGE_SIZE)}
        />
      ) : null}
    </section>
  );
}
