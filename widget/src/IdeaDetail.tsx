/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, IMPORTANCES } from './api.ts';
import type { TComment, TIdea, TImportance } from './api.ts';
import { TextField, lengthError } from './TextField.tsx';
import { VoteButton } from './VoteButton.tsx';
import { Avatar } from './Avatar.tsx';
import { BackIcon, CommentIcon } from './icons.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { MergedInto } from './PendingIdeas.tsx';
import { formatDate } from './i18n.ts';
import { withLive } from './widget-context.ts';
import type { TWidget } from './widget-context.ts';
import { useHeading } from './heading.ts';

/**
 * One idea: its text, author, status, vote box, comments and the comment form. Opening it moves
 * the keyboard's focus to its title (App moves it back to the list item on Back).
 */
export function IdeaDetail(props: {
  widget: TWidget;
  ideaId: number;
  onBack: () => void;
  /** Opens another idea (the one a duplicate was merged into). */
  onOpen: (id: number) => void;
  /** Opened by the visitor (not the page's first idea): the focus moves to its title. */
  takesFocus: boolean;
}) {
  const H3 = useHeading(3);
  const { widget, ideaId } = props;
  const { t } = widget;
  const [idea, setIdea] = useState<TIdea | null>(null);
  const [comments, setComments] = useState<TComment[]>([]);
  const [failed, setFailed] = useState(false);
  /** The thread whose reply form is open. */
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const commentCount = widget.live[ideaId]?.commentCount;
  const heading = useRef<HTMLHeadingElement>(null);
  const loadedId = idea?.id;
  // Focus to the title once the idea is shown (not on each live reload of its thread).
  useEffect(() => {
    if (loadedId !== undefined && props.takesFocus) heading.current?.focus();
  }, [loadedId, props.takesFocus]);

  useEffect(() => {
    let isCurrent = true;
    Promise.all([widget.api.idea(ideaId), widget.api.comments(ideaId)]).then(
      ([loaded, list]) => {
        if (!isCurrent) return;
        setIdea(loaded);
        setComments(list);
      },
      () => isCurrent && setFailed(true),
    );
    return () => {
      isCurrent = false;
    };
    // A comment made elsewhere (a live count change) reloads the thread.
  }, [widget.api, ideaId, commentCount]);

  const handleAdded = (comment: TComment) => {
    setComments((list) =>
      list.some((c) => c.commentDto.id === comment.commentDto.id) ? list : [...list, comment],
    );
    setReplyingTo(null);
  };

  const back = (
    <button type="button" class="link action back" onClick={props.onBack}>
      <BackIcon />
      {t('idea.back')}
    </button>
  );
  if (failed) {
    return (
      <section>
        {back}
        <p role="alert">{t('error.generic')}</p>
      </section>
    );
  }
  if (!idea) return <p aria-busy="true">{t('loading')}</p>;
  const shown = withLive(widget, idea);
  const decline = shown.declineDetails;

  return (
    <article
      data-testid="idea-detail"
      onKeyDown={(event) => {
        // Escape goes back to the list, as Back does (first-hour F11).
        if (event.key === 'Escape') props.onBack();
      }}
    >
      {back}
      <div class="detail-head">
        <VoteButton widget={widget} idea={shown} />
        <div class="body">
          <H3 tabIndex={-1} ref={heading} data-testid="idea-title">
            {shown.title}
          </H3>
          <p class="muted byline">
            <StatusBadge idea={shown} t={t} />
            <span>
              {t('idea.by', { name: shown.author?.displayName ?? t('idea.anonymous') })} ·{' '}
              {formatDate(shown.createdAt, widget.locale)}
            </span>
          </p>
          {shown.description ? <p class="desc">{shown.description}</p> : null}
          {shown.isVotedByMe && widget.canParticipate ? (
            <VoteImportance widget={widget} ideaId={ideaId} />
          ) : null}
          {decline ? (
            <p class="notice" data-testid="decline">
              {decline.reason === 'DUPLICATE' ? (
                <MergedInto
                  widget={widget}
                  kept={{
                    id: decline.declinedDuplicateIdeaId ?? null,
                    title: decline.declinedDuplicateIdeaTitle,
                  }}
                  onOpen={props.onOpen}
                />
              ) : (
                t('idea.declined', { reason: t(`reason.${decline.reason}`) })
              )}
              {decline.comment ? ` · ${decline.comment}` : ''}
            </p>
          ) : null}
        </div>
      </div>
      <H3 class="stat">
        <CommentIcon />
        {t('comments.title')}
      </H3>
      {comments.length === 0 ? <p class="muted">{t('comments.empty')}</p> : null}
      <ul>
        {comments
          .filter((comment) => comment.parentId === null)
          .map((comment) => {
            const name = comment.author?.displayName ?? t('idea.anonymous');
            const replies = comments.filter((c) => c.parentId === comment.commentDto.id);
            return (
              <li
                class={comment.author?.isTeam ? 'comment by-team' : 'comment'}
                key={comment.commentDto.id}
                data-testid="comment"
              >
                <Avatar name={name} url={comment.author?.avatarUrl} />
                <div class="comment-main">
                  <CommentBody widget={widget} comment={comment} />
                  {replies.length > 0 ? (
                    <ul class="replies" aria-label={t('comments.replies', { name })}>
                      {replies.map((reply) => (
                        <li
                          class={reply.author?.isTeam ? 'comment by-team' : 'comment'}
                          key={reply.commentDto.id}
                          data-testid="reply"
                        >
                          <Avatar
                            name={reply.author?.displayName ?? t('idea.anonymous')}
                            url={reply.author?.avatarUrl}
                          />
                          <div class="comment-main">
                            <CommentBody widget={widget} comment={reply} />
                          </div>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {widget.canParticipate && replyingTo !== comment.commentDto.id ? (
                    <button
                      type="button"
                      class="link action"
                      aria-label={t('comments.replyTo', { name })}
                      onClick={() => setReplyingTo(comment.commentDto.id)}
                    >
                      {t('comments.reply')}
                    </button>
                  ) : null}
                  {widget.canParticipate && replyingTo === comment.commentDto.id ? (
                    <CommentForm
                      widget={widget}
                      ideaId={ideaId}
                      parentId={comment.commentDto.id}
                      onAdded={handleAdded}
                      onCancel={() => setReplyingTo(null)}
                    />
                  ) : null}
                </div>
              </li>
            );
          })}
      </ul>
      {widget.canParticipate ? (
        <CommentForm widget={widget} ideaId={ideaId} parentId={null} onAdded={handleAdded} />
      ) : null}
    </article>
  );
}

/**
 * After voting: how much the voter needs it (nice to have / important / must have), optional.
 * A failed save shows the generic error and keeps what the server last said.
 */
function VoteImportance({ widget, ideaId }: { widget: TWidget; ideaId: number }) {
  const { t } = widget;
  const [value, setValue] = useState<TImportance | ''>('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    widget.api.voteImportance(ideaId).then(
      ({ importance }) => isCurrent && setValue(importance ?? ''),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [widget.api, ideaId]);
  const handleChange = async (next: TImportance | '') => {
    const before = value;
    setValue(next);
    setFailed(false);
    try {
      const { importance } = await widget.api.setVoteImportance(ideaId, next || null);
      setValue(importance ?? '');
    } catch {
      setValue(before);
      setFailed(true);
    }
  };
  return (
    <p class="importance">
      <label>
        {t('importance.label')}{' '}
        <select
          value={value}
          data-testid="vote-importance"
          onChange={(event) =>
            void handleChange((event.target as HTMLSelectElement).value as TImportance | '')
          }
        >
          <option value="">{t('importance.none')}</option>
          {IMPORTANCES.map((importance) => (
            <option key={importance} value={importance}>
              {t(`importance.${importance}`)}
            </option>
          ))}
        </select>
      </label>
      {failed ? <span role="alert"> {t('error.generic')}</span> : null}
    </p>
  );
}

/** Who wrote a comment (a "Team" badge on the company's team's), when, and what. */
function CommentBody({ widget, comment }: { widget: TWidget; comment: TComment }) {
  const { t } = widget;
  return (
    <>
      <div class="muted comment-head">
        <span class="name">{comment.author?.displayName ?? t('idea.anonymous')}</span>
        {comment.author?.isTeam ? (
          <span class="badge team" data-testid="team-badge">
            {t('comments.team')}
          </span>
        ) : null}
        {comment.isInternal ? <span class="badge">{t('comments.internal')}</span> : null}
        <time dateTime={comment.commentDto.createdAt}>
          {formatDate(comment.commentDto.createdAt, widget.locale)}
        </time>
      </div>
      <div class="desc">{comment.commentDto.shortMessage}</div>
    </>
  );
}

/** The comment form, or a thread's reply form (`parentId`, focused, with Cancel). */
function CommentForm(props: {
  widget: TWidget;
  ideaId: number;
  parentId: number | null;
  onAdded: (comment: TComment) => void;
  onCancel?: () => void;
}) {
  const { widget, parentId } = props;
  const { t } = widget;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const isReply = parentId !== null;

  const handleSubmit = async (event: Event) => {
    event.preventDefault();
    const problem = lengthError(t, text, 6, 500, true);
    setError(problem);
    if (problem) return;
    setIsBusy(true);
    try {
      props.onAdded(await widget.api.addComment(props.ideaId, text.trim(), parentId));
      setText('');
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (failure.fields[0]?.message ?? failure.message)
          : t('error.generic'),
      );
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form
      onSubmit={handleSubmit}
      onKeyDown={(event) => {
        // Escape cancels a reply here; it closes the idea only where no reply is open.
        if (event.key !== 'Escape' || !props.onCancel) return;
        event.stopPropagation();
        props.onCancel();
      }}
      noValidate
    >
      <TextField
        label={t(isReply ? 'comments.replyLabel' : 'comments.label')}
        value={text}
        onInput={setText}
        error={error}
        name={isReply ? 'reply' : 'comment'}
        multiline
        autoFocus={isReply}
      />
      <div class="actions">
        <button type="submit" class="primary" disabled={isBusy}>
          {t(isReply ? 'comments.replySubmit' : 'comments.submit')}
        </button>
        {props.onCancel ? (
          <button type="button" onClick={props.onCancel}>
            {t('comments.replyCancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
