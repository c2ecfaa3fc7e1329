import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { Icon } from '../../ui/Icon.tsx';
import type { TIconName } from '../../ui/Icon.tsx';
import type { TActionFailure } from '../../ui/useAction.ts';
import { resetMessages } from './messages.ts';

/**
 * Whether this reset is a board end user's: the link mailed through a widget or portal carries
 * `?for=board` (mailResetLink). Such a person has no use for the console's login, which is for
 * the company's team, so these pages end by sending them back to the board instead.
 */
export function useIsBoardReset(): boolean {
  return new URLSearchParams(useLocation().search).get('for') === 'board';
}

/**
 * The board's page in the company's portal, as the mailed link names it (`?board=/acme/ideas`,
 * public boards only): a path on this site, nothing else, so the hint cannot send anyone away.
 */
export function useBoardPath(): string | null {
  const path = new URLSearchParams(useLocation().search).get('board');
  return path && /^\/[a-z0-9-]+(?:\/[a-z0-9-]+)+$/.test(path) ? path : null;
}

/** A catalogue message (with its values) or a text as the server said it. */
type TText = TActionFailure;

/**
 * How a board end user's reset ends on these pages (the password changed, or the link did not
 * work): a card that says what to do on the board, with no link to the console's login; once
 * the password is changed, a link back to the board's portal page when the mail named one.
 */
export function BoardResetCard(props: {
  icon: TIconName;
  title: TText;
  text: TText;
  hint: TText;
  /** Whether to link back to the board (when the link names its page). */
  linksBoard?: boolean;
}) {
  const intl = useIntl();
  const boardPath = useBoardPath();
  const heading = useRef<HTMLHeadingElement>(null);
  // The card replaces what the person was looking at (a form, a spinner): focus says so.
  useEffect(() => heading.current?.focus(), []);
  const say = (message: TText) =>
    'text' in message ? message.text : intl.formatMessage(message.descriptor, message.values);
  return (
    <section
      className="card auth-card auth-card--centered"
      aria-labelledby="board-reset-heading"
      data-testid="board-reset-card"
    >
      <span className="auth-card__icon" aria-hidden="true">
        <Icon name={props.icon} size={32} />
      </span>
      <h1 id="board-reset-heading" className="auth-card__title" ref={heading} tabIndex={-1}>
        {say(props.title)}
      </h1>
      <p>{say(props.text)}</p>
      {props.linksBoard && boardPath ? (
        <p>
          {/* A portal page, served by the server: a full load, not a console route. */}
          <a className="button button--primary button--block" href={boardPath}>
            {intl.formatMessage(resetMessages.boardLink)}
          </a>
        </p>
      ) : null}
      <p className="muted">{say(props.hint)}</p>
    </section>
  );
}
