/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import type { TFilter, TIdea, TIdeaPage, TSort, TTag } from './api.ts';
import { SubmitIdea } from './SubmitIdea.tsx';
import { VoteButton } from './VoteButton.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { TagSelect } from './TagSelect.tsx';
import { MenuButton } from './MenuButton.tsx';
import { CommentIcon, SearchIcon } from './icons.tsx';
import { withLive } from './widget-context.ts';
import type { TWidget } from './widget-context.ts';

const SORTS: TSort[] = ['VOTES', 'STATUS', 'DATE_DESC', 'DATE_ASC'];
const FILTERS: TFilter[] = [
  'ALL',
  'OPEN',
  'REVIEW',
  'PLANNED',
  'IN_PROGRESS',
  'COMPLETE',
  'DECLINED',
];

/** The ideas with sort and filter, a page at a time, and the add-idea form. */
export function IdeaList(props: {
  widget: TWidget;
  firstPage: TIdeaPage;
  /** The caller's own ideas the plan's cap keeps off the list: said to be received, not listed. */
  hiddenOwnIdeas: { id: number; title: string }[];
  sort: TSort;
  filter: TFilter;
  search: string;
  /** The company's public tags, and the one the list is narrowed to (null: any). */
  tags: TTag[];
  tag: number | null;
  onTag: (tag: number | null) => void;
  onSearch: (search: string) => void;
  onSort: (sort: TSort) => void;
  onFilter: (filter: TFilter) => void;
  /** Back to every idea: no search, status filter or tag. */
  onShowAll: () => void;
  onOpen: (id: number) => void;
  /** An idea this visitor just submitted that awaits the team's acceptance (PendingIdeas lists it). */
  onPending: (idea: { id: number; title: string }) => void;
}) {
  const { widget, firstPage } = props;
  const { t } = widget;
  const [ideas, setIdeas] = useState<TIdea[]>(firstPage.ideas);
  const [nextOffset, setNextOffset] = useState(firstPage.nextOffset);
  const [isAdding, setIsAdding] = useState(false);
  const [thanks, setThanks] = useState(false);
  // Ideas this visitor added here that the plan's cap keeps off the list (an admin past the cap).
  const [receivedHere, setReceivedHere] = useState<{ id: number; title: string }[]>([]);
  const received = [
    ...receivedHere,
    ...props.hiddenOwnIdeas.filter((idea) => !receivedHere.some((here) => here.id === idea.id)),
  ];
  // The caller's own ideas awaiting acceptance are in the pending box above the list (App), once.
  const listed = ideas.filter((idea) => idea.status !== 'NOT_PUBLIC');
  const [searchText, setSearchText] = useState(props.search);
  const { onSearch } = props;

  // Search as the visitor types, once they pause.
  useEffect(() => {
    const timer = window.setTimeout(() => onSearch(searchText), 300);
    return () => window.clearTimeout(timer);
  }, [searchText, onSearch]);

  useEffect(() => {
    setIdeas(firstPage.ideas);
    setNextOffset(firstPage.nextOffset);
    // A new read of the board (signing in or out, another filter): the last thank-you is old.
    setThanks(false);
  }, [firstPage]);

  const loadMore = async () => {
    if (nextOffset === null) return;
    const page = await widget.api.ideas(widget.board.id, {
      sort: props.sort,
      filter: props.filter,
      search: props.search.trim() || undefined,
      tag: props.tag ?? undefined,
      offset: nextOffset,
    });
    setIdeas((current) => [...current, ...page.ideas]);
    setNextOffset(page.nextOffset);
  };

  return (
    <section>
      <div class="bar">
        <MenuButton
          id="fb-sort"
          label={t('list.sort')}
          value={props.sort}
          options={SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
          onChange={props.onSort}
        />
        <MenuButton
          id="fb-filter"
          label={t('list.filter')}
          value={props.filter}
          options={FILTERS.map((filter) => ({
            value: filter,
            label: t(filter === 'ALL' ? 'filter.ALL' : `status.${filter}`),
          }))}
          onChange={props.onFilter}
        />
        <TagSelect t={t} tags={props.tags} tag={props.tag} onTag={props.onTag} />
        <label class="grow">
          <span class="sr-only">{t('list.search')}</span>
          <SearchIcon />
          <input
            placeholder={t('list.search')}
            type="search"
            value={searchText}
            maxLength={100}
            onInput={(event) => setSearchText(event.currentTarget.value)}
          />
        </label>
        {widget.canParticipate && !isAdding ? (
          <button type="button" class="primary" onClick={() => setIsAdding(true)}>
            {t('list.add')}
          </button>
        ) : null}
      </div>
      {thanks ? (
        <p class="notice ok" role="status">
          {t('submit.thanks')}
        </p>
      ) : null}
      {received.map((idea) => (
        <p class="notice ok" role="status" key={idea.id} data-testid="idea-received">
          {t('submit.received', { title: idea.title })}
        </p>
      ))}
      {isAdding ? (
        <SubmitIdea
          widget={widget}
          onCancel={() => setIsAdding(false)}
          onOpen={(id) => {
            setIsAdding(false);
            props.onOpen(id);
          }}
          onCreated={(idea) => {
            setIsAdding(false);
            setThanks(idea.status === 'NOT_PUBLIC');
            if (idea.status === 'NOT_PUBLIC') {
              // Awaiting acceptance: listed once, in the author's pending box, not here too.
              props.onPending({ id: idea.id, title: idea.title });
            } else if (idea.isHiddenByPlan) {
              // Readers of the board will not see it: say it was received rather than list it.
              setReceivedHere((current) => [{ id: idea.id, title: idea.title }, ...current]);
            } else {
              setIdeas((current) => [idea, ...current]);
            }
          }}
        />
      ) : null}
      {listed.length === 0 ? (
        <EmptyList
          t={t}
          canParticipate={widget.canParticipate}
          search={props.search.trim()}
          filter={props.filter}
          tag={props.tag}
          onShowAll={() => {
            setSearchText('');
            props.onShowAll();
          }}
        />
      ) : (
        <ul aria-label={t('nav.ideas')}>
          {listed.map((raw) => {
            const idea = withLive(widget, raw);
            return (
              <li class="card" key={idea.id} data-testid="idea">
                <VoteButton widget={widget} idea={idea} />
                <div class="body">
                  <button
                    type="button"
                    class="link title"
                    data-idea-id={idea.id}
                    onClick={() => props.onOpen(idea.id)}
                  >
                    {idea.title}
                  </button>
                  {idea.description ? <p class="excerpt">{idea.description}</p> : null}
                  <div class="muted meta">
                    <StatusBadge idea={idea} t={t} />
                    <span class="stat" data-testid="comment-count">
                      <CommentIcon />
                      {t('idea.comments', { count: idea.commentCount })}
                    </span>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {nextOffset !== null ? (
        <button type="button" onClick={() => void loadMore()}>
          {t('list.more')}
        </button>
      ) : null}
    </section>
  );
}

/**
 * What an empty list means and what to do: an empty board invites the first idea; a search, a
 * status or a tag that matches nothing says so, with a way back to every idea.
 */
function EmptyList(props: {
  t: TWidget['t'];
  canParticipate: boolean;
  search: string;
  filter: TFilter;
  tag: number | null;
  onShowAll: () => void;
}) {
  const { t, search, filter } = props;
  const isNarrowed = search !== '' || filter !== 'ALL' || props.tag !== null;
  if (!isNarrowed) {
    return (
      <p class="muted" data-testid="empty-list">
        {t(props.canParticipate ? 'list.empty' : 'list.emptyReadOnly')}
      </p>
    );
  }
  const text = search
    ? t('list.emptySearch', { search })
    : filter !== 'ALL'
      ? t('list.emptyStatus', { status: t(`status.${filter}`) })
      : t('list.emptyTag');
  return (
    <p class="muted" role="status" data-testid="empty-list">
      {text}{' '}
      <button type="button" class="link" onClick={props.onShowAll}>
        {t('list.showAll')}
      </button>
    </p>
  );
}
