import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePaginationFragment, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import type { QueueScreenPaginationQuery } from '../../../../__generated__/QueueScreenPaginationQuery.graphql.ts';
import type { QueueScreenQuery as TQuery } from '../../../../__generated__/QueueScreenQuery.graphql.ts';
import type {
  QueueScreen_query$data as TQueueData,
  QueueScreen_query$key,
} from '../../../../__generated__/QueueScreen_query.graphql.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { LoadMoreButton } from '../../../ui/LoadMoreButton.tsx';
import { PendingButton } from '../../../ui/PendingButton.tsx';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { MergeModal } from './MergeModal.tsx';
import { RejectModal } from './RejectModal.tsx';
import { queueMessages as messages } from './messages.ts';
import { boardIdOfParam, excerpt, summarise } from './queue-rules.ts';
import type { TSummary } from './queue-rules.ts';
import { useQueueMutations } from './useQueueMutations.ts';
import type { TQueueOutcome } from './useQueueMutations.ts';

export const queueScreenQuery = graphql`
  query QueueScreenQuery($boardId: ID) {
    viewer {
      awaitingIdeaCount
    }
    ...QueueScreen_query @arguments(boardId: $boardId)
  }
`;

/** Ideas the queue shows at first, and adds for each "Show more ideas". */
const QUEUE_PAGE_SIZE = 50;

/** The query's variables for the address's `?board=` (a board's plain id, or none). */
export function queueVariables(search: URLSearchParams): { boardId: string | null } {
  return { boardId: boardIdOfParam(search.get('board')) };
}

type TIdea = NonNullable<TQueueData['viewer']>['awaitingIdeas']['edges'][number]['node'];

/** A line said about an idea that left the list: what was done, or that a teammate was first. */
type TNote = { id: string; text: string; tone: 'success' | 'warning' | 'danger' };

type TDialog = { kind: 'merge'; idea: TIdea } | { kind: 'reject'; ideas: TIdea[] } | null;

/** Keys that would type into a field: the queue's shortcuts leave them alone. */
function isTyping(target: EventTarget): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && target.type !== 'checkbox';
}

/**
 * /admin/queue (issue 34): ideas awaiting acceptance, oldest first, each to accept, accept into
 * another idea of its board, or reject with a reason for its author; by keyboard (j/k or the
 * arrows move, a/m/r act) and in bulk. An idea a teammate dealt with meanwhile (CONFLICT) leaves
 * the list with a line saying so.
 */
export function QueueScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TQuery>;
  const query = usePreloadedQuery<TQuery>(queueScreenQuery, queryRef);
  const { viewer } = query;
  // The queue a page at a time (oldest first): "Show more ideas" reads on from the last one, so
  // every waiting idea is reached however many wait.
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    QueueScreenPaginationQuery,
    QueueScreen_query$key
  >(
    graphql`
      fragment QueueScreen_query on Query
      @refetchable(queryName: "QueueScreenPaginationQuery")
      @argumentDefinitions(
        boardId: { type: "ID" }
        first: { type: "Int", defaultValue: 50 }
        after: { type: "String" }
      ) {
        viewer {
          awaitingIdeas(boardId: $boardId, first: $first, after: $after)
            @connection(key: "QueueScreen_awaitingIdeas", filters: ["boardId"]) {
            edges {
              node {
                id
                title
                description
                createdAt
                author {
                  displayName
                }
                board {
                  id
                  name
                  awaitingIdeaCount
                }
              }
            }
          }
        }
      }
    `,
    query,
  );
  const loaded = (data.viewer?.awaitingIdeas.edges ?? []).map((edge) => edge.node);
  const [params] = useSearchParams();
  const filtered = boardIdOfParam(params.get('board')) !== null;
  usePageTitle(messages.title);
  const actions = useQueueMutations();
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const [notes, setNotes] = useState<TNote[]>([]);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<TDialog>(null);
  const [summary, setSummary] = useState<TSummary | null>(null);
  const [isBulkRunning, setIsBulkRunning] = useState(false);
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const [focusId, setFocusId] = useState<string | null>(null);

  const ideas = loaded.filter((idea) => !gone.has(idea.id));
  // The one idea in the tab order: the focused one, else the first.
  const rovingId =
    focusId && ideas.some((idea) => idea.id === focusId) ? focusId : (ideas[0]?.id ?? null);
  const boardName = filtered ? loaded[0]?.board.name : undefined;

  // Every idea shown was dealt with while more wait: the next page comes by itself.
  useEffect(() => {
    if (ideas.length === 0 && hasNext && !isLoadingNext) loadNext(QUEUE_PAGE_SIZE);
  }, [ideas.length, hasNext, isLoadingNext, loadNext]);

  // Focus follows `focusId` once the list re-rendered (after an idea left it, the next one);
  // after the last one, the empty queue's card, so focus does not fall back to the page.
  const emptyRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focusId) return;
    if (ideas.length === 0) emptyRef.current?.focus();
    else itemRefs.current.get(focusId)?.focus();
  }, [focusId, ideas.length]);

  // Nothing focused yet (the page just opened): j or k starts at the first idea, as in a mail
  // client, so the shortcuts work without tabbing through the menu first.
  useEffect(() => {
    const start = (event: globalThis.KeyboardEvent) => {
      // The page itself, or its main area (where the skip link leaves focus: walkthrough 11, F8).
      const active = document.activeElement;
      const isNowhere = !active || active === document.body || active.tagName === 'MAIN';
      if (!isNowhere || dialog || event.altKey || event.ctrlKey || event.metaKey) return;
      if (!['j', 'k', 'ArrowDown'].includes(event.key) || !rovingId) return;
      event.preventDefault();
      setFocusId(rovingId);
      itemRefs.current.get(rovingId)?.focus();
    };
    document.addEventListener('keydown', start);
    return () => document.removeEventListener('keydown', start);
  }, [dialog, rovingId]);

  const noteOf = useCallback(
    (idea: TIdea, outcome: TQueueOutcome, done: 'accepted' | 'merged' | 'rejected'): TNote => {
      const title = idea.title;
      if (outcome.kind === 'done') {
        const text =
          done === 'merged'
            ? intl.formatMessage(messages.merged, { title, into: outcome.intoTitle ?? '' })
            : intl.formatMessage(messages[done], { title });
        return { id: idea.id, text, tone: 'success' };
      }
      if (outcome.kind === 'conflict') {
        return {
          id: idea.id,
          text: intl.formatMessage(messages.conflict, { title }),
          tone: 'warning',
        };
      }
      return { id: idea.id, text: intl.formatMessage(messages.failed, { title }), tone: 'danger' };
    },
    [intl],
  );

  /** The idea after `id` in the list (or before it when it was the last), for focus. */
  const neighbourOf = (id: string): string | null => {
    const index = ideas.findIndex((idea) => idea.id === id);
    return ideas[index + 1]?.id ?? ideas[index - 1]?.id ?? null;
  };

  /** Records an action's outcome: the idea leaves the list unless it merely failed. */
  const settle = (
    idea: TIdea,
    outcome: TQueueOutcome,
    done: 'accepted' | 'merged' | 'rejected',
  ) => {
    // One success note, the latest, in place of the one before (they stacked one per idea, F13
    // of walk 9); a conflict or a failure stays until that idea's next outcome.
    setNotes((current) => {
      const note = noteOf(idea, outcome, done);
      const kept = current.filter(
        (n) => n.id !== idea.id && !(note.tone === 'success' && n.tone === 'success'),
      );
      return [note, ...kept].slice(0, 5);
    });
    if (outcome.kind === 'done' || outcome.kind === 'conflict') {
      setGone((current) => new Set(current).add(idea.id));
      setSelected((current) => {
        const next = new Set(current);
        next.delete(idea.id);
        return next;
      });
    }
  };

  const withBusy = async <T,>(id: string, run: () => Promise<T>): Promise<T> => {
    setBusy((current) => new Set(current).add(id));
    try {
      return await run();
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  const accept = async (idea: TIdea) => {
    if (busy.has(idea.id)) return;
    const next = neighbourOf(idea.id);
    const outcome = await withBusy(idea.id, () => actions.accept(idea.id));
    settle(idea, outcome, 'accepted');
    if (outcome.kind !== 'failed') setFocusId(next);
  };

  const move = (from: string, step: number) => {
    const index = ideas.findIndex((idea) => idea.id === from);
    const target = ideas[Math.min(Math.max(index + step, 0), ideas.length - 1)];
    if (target) {
      setFocusId(target.id);
      itemRefs.current.get(target.id)?.focus();
    }
  };

  const handleKey = (idea: TIdea, event: KeyboardEvent<HTMLLIElement>) => {
    if (dialog || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
    const key = event.key;
    if (key === 'j' || key === 'ArrowDown') move(idea.id, 1);
    else if (key === 'k' || key === 'ArrowUp') move(idea.id, -1);
    else if (key === 'a') void accept(idea);
    else if (key === 'm') setDialog({ kind: 'merge', idea });
    else if (key === 'r') setDialog({ kind: 'reject', ideas: [idea] });
    else return;
    event.preventDefault();
  };

  const chosen = ideas.filter((idea) => selected.has(idea.id));

  const runBulk = async (
    run: (idea: TIdea) => Promise<TQueueOutcome>,
    done: 'accepted' | 'rejected',
  ) => {
    setIsBulkRunning(true);
    setSummary(null);
    const outcomes: TQueueOutcome[] = [];
    try {
      // One at a time: each is the single mutation, with its own CONFLICT check.
      for (const idea of chosen) {
        const outcome = await withBusy(idea.id, () => run(idea));
        outcomes.push(outcome);
        settle(idea, outcome, done);
      }
    } finally {
      setIsBulkRunning(false);
    }
    // The success note says how many, not the last idea's title (walkthrough 10b, F15).
    const doneCount = outcomes.filter((outcome) => outcome.kind === 'done').length;
    if (doneCount > 0) {
      const message = done === 'accepted' ? messages.bulkAccepted : messages.bulkRejected;
      setNotes((current) => [
        { id: 'bulk', text: intl.formatMessage(message, { count: doneCount }), tone: 'success' },
        ...current.filter((note) => note.tone !== 'success'),
      ]);
    }
    setSummary(summarise(outcomes));
  };

  if (!viewer) return null;
  // One board's part counts on the board (each action refreshes it), the whole queue on the
  // viewer (refetched after each action): either also counts the pages not loaded yet.
  const count = (filtered ? ideas[0]?.board.awaitingIdeaCount : viewer.awaitingIdeaCount) ?? 0;

  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage(messages.title)}</h1>
          <p className="page-header__intro">{intl.formatMessage(messages.intro)}</p>
          {filtered ? (
            <p className="queue__filter">
              {boardName ? (
                <span className="badge">
                  {intl.formatMessage(messages.boardFilter, { name: boardName })}
                </span>
              ) : null}
              <Link className="link" to="/admin/queue">
                {intl.formatMessage(messages.allBoards)}
              </Link>
            </p>
          ) : null}
        </div>
      </header>
      <div className="queue" aria-live="polite">
        {notes.length > 0 ? (
          <ul className="queue__notes">
            {notes.map((note) => (
              <li
                key={note.id}
                className={`alert alert--${note.tone === 'success' ? 'success' : note.tone === 'warning' ? 'warning' : 'danger'}`}
              >
                <span className="alert__text">{note.text}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {summary ? (
          <p className="alert alert--info queue__summary" role="status">
            <span className="alert__text">
              {intl.formatMessage(messages.bulkSummary, { ...summary })}
            </span>
          </p>
        ) : null}
      </div>
      {ideas.length === 0 && !hasNext ? (
        <section className="card" ref={emptyRef} tabIndex={-1}>
          <EmptyState
            icon="check"
            title={intl.formatMessage(messages.emptyTitle)}
            description={intl.formatMessage(messages.emptyText)}
          />
        </section>
      ) : (
        <>
          <div className="queue__toolbar">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={chosen.length === ideas.length}
                ref={(input) => {
                  if (input)
                    input.indeterminate = chosen.length > 0 && chosen.length < ideas.length;
                }}
                onChange={(event) =>
                  setSelected(
                    event.target.checked ? new Set(ideas.map((idea) => idea.id)) : new Set(),
                  )
                }
              />
              <span>{intl.formatMessage(messages.selectAll)}</span>
            </label>
            <span className="queue__count">
              {chosen.length > 0
                ? intl.formatMessage(messages.selected, { count: chosen.length })
                : intl.formatMessage(messages.count, {
                    count: Math.max(count, ideas.length),
                  })}
            </span>
            <PendingButton
              type="button"
              className="button button--secondary"
              isPending={isBulkRunning}
              pendingLabel={intl.formatMessage(messages.working)}
              isDisabled={chosen.length === 0}
              onClick={() => void runBulk((idea) => actions.accept(idea.id), 'accepted')}
            >
              {intl.formatMessage(messages.acceptSelected)}
            </PendingButton>
            <button
              type="button"
              className="button button--secondary"
              disabled={chosen.length === 0 || isBulkRunning}
              onClick={() => setDialog({ kind: 'reject', ideas: chosen })}
            >
              {intl.formatMessage(messages.rejectSelected)}
            </button>
          </div>
          <ShortcutsHint />
          <ul className="queue__list" aria-label={intl.formatMessage(messages.listLabel)}>
            {ideas.map((idea) => (
              <li
                key={idea.id}
                ref={(element) => {
                  if (element) itemRefs.current.set(idea.id, element);
                  else itemRefs.current.delete(idea.id);
                }}
                className={`idea-card queue__item${selected.has(idea.id) ? ' idea-card--selected' : ''}`}
                // One stop in the tab order: the focused idea (the first until one was moved to).
                tabIndex={idea.id === rovingId ? 0 : -1}
                aria-labelledby={`queue-${idea.id}-title`}
                aria-busy={busy.has(idea.id) || undefined}
                onFocus={(event) => {
                  if (event.target === event.currentTarget) setFocusId(idea.id);
                }}
                onKeyDown={(event) => handleKey(idea, event)}
              >
                <input
                  type="checkbox"
                  className="idea-card__select"
                  checked={selected.has(idea.id)}
                  aria-label={intl.formatMessage(messages.select, { title: idea.title })}
                  onChange={(event) =>
                    setSelected((current) => {
                      const next = new Set(current);
                      if (event.target.checked) next.add(idea.id);
                      else next.delete(idea.id);
                      return next;
                    })
                  }
                />
                <div className="queue__body">
                  <h2 className="queue__title" id={`queue-${idea.id}-title`}>
                    {idea.title}
                  </h2>
                  <p className="queue__excerpt">
                    {idea.description
                      ? excerpt(idea.description)
                      : intl.formatMessage(messages.noDescription)}
                  </p>
                  <p className="queue__meta">
                    <span>
                      {intl.formatMessage(messages.by, {
                        name: idea.author?.displayName ?? intl.formatMessage(messages.anonymous),
                      })}
                    </span>
                    <Link
                      className="link"
                      to={`/admin/queue?board=${encodeURIComponent(rowOf(idea.board.id))}`}
                    >
                      {idea.board.name}
                    </Link>
                    <time dateTime={String(idea.createdAt)}>
                      {intl.formatDate(idea.createdAt as string, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                    </time>
                  </p>
                  <div className="queue__actions">
                    <PendingButton
                      type="button"
                      className="button button--primary"
                      isPending={busy.has(idea.id)}
                      pendingLabel={intl.formatMessage(messages.working)}
                      isDisabled={isBulkRunning}
                      onClick={() => void accept(idea)}
                    >
                      {intl.formatMessage(messages.accept)}
                    </PendingButton>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy.has(idea.id) || isBulkRunning}
                      onClick={() => setDialog({ kind: 'merge', idea })}
                    >
                      {intl.formatMessage(messages.merge)}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy.has(idea.id) || isBulkRunning}
                      onClick={() => setDialog({ kind: 'reject', ideas: [idea] })}
                    >
                      {intl.formatMessage(messages.reject)}
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          {hasNext ? (
            <div className="queue__more">
              <LoadMoreButton
                label={intl.formatMessage(messages.showMore)}
                isLoading={isLoadingNext}
                onClick={() => loadNext(QUEUE_PAGE_SIZE)}
              />
            </div>
          ) : null}
        </>
      )}
      {dialog?.kind === 'merge' ? (
        <MergeModal
          ideaId={dialog.idea.id}
          ideaTitle={dialog.idea.title}
          boardId={dialog.idea.board.id}
          onClose={() => setDialog(null)}
          onMerge={async (intoId) => {
            const idea = dialog.idea;
            const next = neighbourOf(idea.id);
            const outcome = await withBusy(idea.id, () => actions.merge(idea.id, intoId));
            if (outcome.kind === 'invalid') return outcome.message;
            settle(idea, outcome, 'merged');
            setDialog(null);
            if (outcome.kind !== 'failed') setFocusId(next);
            return null;
          }}
        />
      ) : null}
      {dialog?.kind === 'reject' ? (
        <RejectModal
          title={
            dialog.ideas.length === 1 && dialog.ideas[0]
              ? intl.formatMessage(messages.rejectTitle, { title: dialog.ideas[0].title })
              : intl.formatMessage(messages.rejectManyTitle, { count: dialog.ideas.length })
          }
          onClose={() => setDialog(null)}
          onReject={async (reason) => {
            const [only] = dialog.ideas;
            if (dialog.ideas.length === 1 && only) {
              const next = neighbourOf(only.id);
              const outcome = await withBusy(only.id, () => actions.reject(only.id, reason));
              if (outcome.kind === 'invalid') return outcome.message;
              settle(only, outcome, 'rejected');
              setDialog(null);
              if (outcome.kind !== 'failed') setFocusId(next);
              return null;
            }
            setDialog(null);
            await runBulk((idea) => actions.reject(idea.id, reason), 'rejected');
            return null;
          }}
        />
      ) : null}
    </>
  );
}

/** The plain row id in a board's global id, for the address. */
function rowOf(globalId: string): string {
  try {
    return atob(globalId).split(':')[1] ?? globalId;
  } catch {
    return globalId;
  }
}

/** The shortcuts, always in view above the list. */
function ShortcutsHint() {
  const intl = useIntl();
  const kbd = (chunks: ReactNode[]) => <kbd>{chunks}</kbd>;
  return (
    <div className="queue__shortcuts">
      <h2 className="queue__shortcuts-title">{intl.formatMessage(messages.shortcutsTitle)}</h2>
      <ul className="queue__shortcuts-list">
        <li>{intl.formatMessage(messages.shortcutsMove, { kbd })}</li>
        <li>{intl.formatMessage(messages.shortcutsAccept, { kbd })}</li>
        <li>{intl.formatMessage(messages.shortcutsMerge, { kbd })}</li>
        <li>{intl.formatMessage(messages.shortcutsReject, { kbd })}</li>
      </ul>
    </div>
  );
}
