import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ComponentProps, KeyboardEvent, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { MentionTextAreaQuery as TQuery } from '../../../../../__generated__/MentionTextAreaQuery.graphql.ts';
import { Field } from '../../../../forms/Field.tsx';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { displayOf, insertMention, markupOf, mentionQueryAt } from './mention-text.ts';
import type { TMention } from './mention-text.ts';

const messages = defineMessages({
  list: { id: 'mentions.list', defaultMessage: 'People to mention' },
  team: { id: 'mentions.team', defaultMessage: 'Team' },
  hint: {
    id: 'mentions.hint',
    defaultMessage: 'Type @ to mention someone: arrow keys choose, Enter inserts, Escape closes.',
  },
});

const candidatesQuery = graphql`
  query MentionTextAreaQuery($ideaId: ID!, $search: String, $isInternal: Boolean) {
    mentionCandidates(ideaId: $ideaId, search: $search, isInternal: $isInternal) {
      __typename
      ... on QueryMentionCandidatesSuccess {
        data {
          id
          displayName
          isTeam
          markup
        }
      }
    }
  }
`;

type TCandidate = { id: string; displayName: string; isTeam: boolean; markup: string };

/**
 * The comment box with an `@` autocomplete (the ARIA combobox pattern): typing `@` and the start
 * of a name lists who may be mentioned (the team; in a public comment also the idea's
 * participants); ArrowUp/ArrowDown choose, Enter or a click inserts the mention, Escape closes
 * the list without closing the dialog. The box shows a mention as `@Name` (issue 52); `value`
 * and what it hands on keep the server's markup, `@[Name](user:N)`.
 */
export function MentionTextArea({
  ideaId,
  isInternal,
  label,
  name,
  value,
  onValueChange,
  error,
  hint,
  rows = 3,
  isRequired = false,
  isDisabled = false,
  autoFocus = false,
}: {
  ideaId: string;
  isInternal: boolean;
  label: ReactNode;
  name: string;
  /** The text as markup (mentions as `@[Name](user:N)`). */
  value: string;
  /** Sets the text, as markup (typed, or a mention inserted). */
  onValueChange: (text: string) => void;
  error?: ComponentProps<typeof Field>['error'];
  hint?: ReactNode;
  rows?: number;
  isRequired?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
}) {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const listId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [typed, setTyped] = useState<{ start: number; query: string } | null>(null);
  const [candidates, setCandidates] = useState<TCandidate[]>([]);
  const [active, setActive] = useState(0);
  const isOpen = typed !== null && candidates.length > 0;
  // What the box shows: each mention as `@Name`. The mentions chosen here (and those the text
  // held) turn `@Name` back into markup as the text changes.
  const shown = useMemo(() => displayOf(value), [value]);
  const known = useRef<TMention[]>([]);
  known.current = [
    ...known.current.filter((mention) => !shown.mentions.some((m) => m.name === mention.name)),
    ...shown.mentions,
  ];
  const toMarkup = (text: string) => markupOf(text, known.current);

  const search = typed?.query;
  useEffect(() => {
    if (search === undefined) return setCandidates([]);
    let isCurrent = true;
    const subscription = fetchQuery<TQuery>(
      environment,
      candidatesQuery,
      { ideaId, search, isInternal },
      { fetchPolicy: 'network-only' },
    ).subscribe({
      next: (data) => {
        if (!isCurrent) return;
        const result = data.mentionCandidates;
        setCandidates(
          result.__typename === 'QueryMentionCandidatesSuccess' ? [...result.data] : [],
        );
        setActive(0);
      },
      error: () => isCurrent && setCandidates([]),
    });
    return () => {
      isCurrent = false;
      subscription.unsubscribe();
    };
  }, [environment, ideaId, isInternal, search]);

  // Escape closes the list, not the dialog around it: this listener on the window's capture
  // phase goes before the dialog's (and cancelling the key keeps the browser from closing it).
  useEffect(() => {
    if (!isOpen) return;
    const handleEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== textarea.current) return;
      event.preventDefault();
      event.stopPropagation();
      setTyped(null);
    };
    window.addEventListener('keydown', handleEscape, true);
    return () => window.removeEventListener('keydown', handleEscape, true);
  }, [isOpen]);

  const readCaret = (element: HTMLTextAreaElement) =>
    setTyped(mentionQueryAt(element.value, element.selectionStart));

  // The caret after a chosen mention, placed as soon as the new text is in the textarea (a
  // layout effect: before the next key is handled; a later frame let fast typing land before
  // the mention and then jump behind it).
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = textarea.current;
    const caret = pendingCaret.current;
    if (caret === null || !element || element.value !== shown.text) return;
    pendingCaret.current = null;
    element.focus();
    element.setSelectionRange(caret, caret);
  }, [shown.text]);

  const choose = (candidate: TCandidate) => {
    const element = textarea.current;
    if (!element || !typed) return;
    const name = `@${candidate.displayName}`;
    known.current = [
      ...known.current.filter((mention) => mention.name !== candidate.displayName),
      { name: candidate.displayName, markup: candidate.markup },
    ];
    const next = insertMention(shown.text, typed.start, element.selectionStart, name);
    pendingCaret.current = next.caret;
    onValueChange(toMarkup(next.text));
    setTyped(null);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isOpen) return;
    const count = candidates.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const candidate = candidates[active];
      if (!candidate) return;
      event.preventDefault();
      choose(candidate);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="mention-field">
      <Field
        label={label}
        hint={
          <>
            {hint} {intl.formatMessage(messages.hint)}
          </>
        }
        error={error}
        isRequired={isRequired}
      >
        {(control) => (
          <>
            <textarea
              {...control}
              ref={textarea}
              className="field__input field__textarea"
              name={name}
              value={shown.text}
              rows={rows}
              disabled={isDisabled}
              required={isRequired}
              autoFocus={autoFocus}
              onChange={(event) => {
                onValueChange(toMarkup(event.target.value));
                readCaret(event.target);
              }}
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={isOpen}
              aria-controls={listId}
              aria-activedescendant={isOpen ? optionId(active) : undefined}
              onKeyDown={handleKeyDown}
              onClick={(event) => readCaret(event.currentTarget)}
              onBlur={() => setTyped(null)}
            />
            <ul
              id={listId}
              role="listbox"
              className="mention-list"
              aria-label={intl.formatMessage(messages.list)}
              hidden={!isOpen}
            >
              {isOpen
                ? candidates.map((candidate, index) => (
                    <li
                      key={candidate.id}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      className={
                        index === active ? 'mention-list__option is-active' : 'mention-list__option'
                      }
                      // Keeps the focus in the textarea while the option is chosen.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(candidate)}
                    >
                      {candidate.displayName}
                      {candidate.isTeam ? (
                        <span className="muted mention-list__team">
                          {intl.formatMessage(messages.team)}
                        </span>
                      ) : null}
                    </li>
                  ))
                : null}
            </ul>
          </>
        )}
      </Field>
    </div>
  );
}
