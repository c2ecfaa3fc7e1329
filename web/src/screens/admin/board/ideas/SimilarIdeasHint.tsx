import { Suspense, useDeferredValue, useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { SimilarIdeasHintQuery as TSimilarIdeasHintQuery } from '../../../../../__generated__/SimilarIdeasHintQuery.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { VoteBox } from './VoteBox.tsx';

const messages = defineMessages({
  title: {
    id: 'ideas.similar.title',
    defaultMessage:
      'Similar ideas already on the board: vote for one instead of adding a duplicate',
  },
  open: { id: 'ideas.similar.open', defaultMessage: 'Open “{title}”' },
});

/** Typing pauses this long before the board is searched. */
const DEBOUNCE_MS = 300;
/** Shorter titles say too little to compare. */
const MIN_LENGTH = 3;

/**
 * Up to five ideas of the board that read like the title being typed (Board.similarIdeas),
 * each with its vote button and a link that opens it. Earlier hints stay on screen while the
 * next ones load.
 */
export function SimilarIdeasHint({
  boardId,
  text,
  onOpen,
}: {
  boardId: string;
  text: string;
  onOpen: (ideaId: string) => void;
}) {
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const deferred = useDeferredValue(settled);
  if (deferred.length < MIN_LENGTH) return null;
  return (
    <Suspense fallback={null}>
      <SimilarIdeasList boardId={boardId} text={deferred} onOpen={onOpen} />
    </Suspense>
  );
}

function SimilarIdeasList({
  boardId,
  text,
  onOpen,
}: {
  boardId: string;
  text: string;
  onOpen: (ideaId: string) => void;
}) {
  const intl = useIntl();
  const headingId = useId();
  const data = useLazyLoadQuery<TSimilarIdeasHintQuery>(
    graphql`
      query SimilarIdeasHintQuery($id: ID!, $text: String!) {
        board(id: $id) {
          similarIdeas(text: $text) {
            id
            title
            ...VoteBox_idea
          }
        }
      }
    `,
    { id: boardId, text },
    { fetchPolicy: 'store-or-network' },
  );
  const ideas = data.board?.similarIdeas ?? [];
  if (ideas.length === 0) return null;
  return (
    <section className="similar-ideas" aria-labelledby={headingId} data-testid="similar-ideas">
      <h3 id={headingId} className="similar-ideas__title">
        {intl.formatMessage(messages.title)}
      </h3>
      <ul className="similar-ideas__list">
        {ideas.map((idea) => (
          <li key={idea.id} className="similar-ideas__item">
            <VoteBox idea={idea} />
            <button
              type="button"
              className="link similar-ideas__open"
              aria-label={intl.formatMessage(messages.open, { title: idea.title })}
              onClick={() => onOpen(idea.id)}
            >
              {idea.title}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
