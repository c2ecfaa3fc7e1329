import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { boardPath } from '../../../../relay/row-id.ts';
import type { TEmbedState } from './embed-state.ts';

export const embedMessages = defineMessages({
  title: { id: 'widget.access.title', defaultMessage: 'Who sees the embedded board' },
  PUBLIC: { id: 'widget.access.public', defaultMessage: 'Public' },
  PRIVATE_SSO: { id: 'widget.access.privateSso', defaultMessage: 'Private: SSO users' },
  PRIVATE: { id: 'widget.access.private', defaultMessage: 'Private' },
  publicText: {
    id: 'widget.access.publicText',
    defaultMessage: 'Anyone can read this board, on your site and on its public page.',
  },
  privateSsoText: {
    id: 'widget.access.privateSsoText',
    defaultMessage:
      'Only your team and the people your SSO signs in see this board. On a page that gives the widget no SSO token, a visitor reads that it is private and that they should sign in on your site to see it.',
  },
  privateText: {
    id: 'widget.access.privateText',
    defaultMessage:
      'Only your team sees this board: it lets in nobody your SSO signs in. Embedded, a visitor reads only that it is private, with no way in: no button, no sign-in.',
  },
  privateEmailText: {
    id: 'widget.access.privateEmailText',
    defaultMessage:
      'Only your team and the addresses below see this board: it lets in nobody your SSO signs in. Embedded, a visitor reads that it is private, with a Sign in button for those addresses.',
  },
  domains: {
    id: 'widget.access.domains',
    defaultMessage:
      'People with a confirmed address at {domains} see it too, once they sign in in the widget (it offers them a Sign in button).',
  },
  customers: {
    id: 'widget.access.customers',
    defaultMessage:
      'People your SSO token places at {count, plural, one {# granted customer company} other {# granted customer companies}} see it too.',
  },
  signupANYONE: {
    id: 'widget.access.signup.anyone',
    defaultMessage:
      'Visitors sign up in the widget with their email to vote, add ideas and comment.',
  },
  signupEMAIL_DOMAINS: {
    id: 'widget.access.signup.domains',
    defaultMessage:
      'Visitors with an address at {domains} sign up in the widget, and vote once they confirm it; others read.',
  },
  signupSSO_ONLY: {
    id: 'widget.access.signup.ssoOnly',
    defaultMessage:
      'Nobody signs up by email: only people your SSO signs in vote, add ideas and comment; other visitors read.',
  },
  settingsLink: {
    id: 'widget.access.settingsLink',
    defaultMessage: 'Change who can see this board',
  },
  signupLink: { id: 'widget.access.signupLink', defaultMessage: 'Who may sign up' },
});

/**
 * The widget tab's first answer: whether this board is public, private to SSO users or private,
 * what a visitor of the embedding page sees, who may sign up (the company's policy), and the
 * way to the board's visibility settings.
 */
export function EmbedAccessCard(props: {
  boardId: string;
  state: TEmbedState;
  allowedEmailDomains: readonly string[];
  customerCompanyCount: number;
  signupPolicy: 'ANYONE' | 'EMAIL_DOMAINS' | 'SSO_ONLY';
  signupEmailDomains: readonly string[];
}) {
  const intl = useIntl();
  const { state } = props;
  // The widget offers a private board's visitor a Sign in button only for the addresses the
  // board lets in, where the company lets people sign in by email (widget/src/PrivateBoard.tsx).
  const hasEmailSignIn = props.allowedEmailDomains.length > 0 && props.signupPolicy !== 'SSO_ONLY';
  const list = (domains: readonly string[]) =>
    intl.formatList([...domains], { type: 'conjunction' });
  return (
    <section
      className="card embed-access"
      aria-labelledby="embed-access-title"
      data-testid="embed-access"
      data-state={state}
    >
      <h3 id="embed-access-title" className="card__title">
        {intl.formatMessage(embedMessages.title)}
        <span className={`badge${state === 'PUBLIC' ? ' badge--public' : ''}`}>
          {intl.formatMessage(embedMessages[state])}
        </span>
      </h3>
      <p className="card__intro">
        {intl.formatMessage(
          state === 'PUBLIC'
            ? embedMessages.publicText
            : state === 'PRIVATE_SSO'
              ? embedMessages.privateSsoText
              : hasEmailSignIn
                ? embedMessages.privateEmailText
                : embedMessages.privateText,
        )}
      </p>
      {state !== 'PUBLIC' && hasEmailSignIn ? (
        <p className="card__intro">
          {intl.formatMessage(embedMessages.domains, { domains: list(props.allowedEmailDomains) })}
        </p>
      ) : null}
      {state !== 'PUBLIC' && props.customerCompanyCount > 0 ? (
        <p className="card__intro">
          {intl.formatMessage(embedMessages.customers, { count: props.customerCompanyCount })}
        </p>
      ) : null}
      {state === 'PUBLIC' ? (
        <p className="card__intro">
          {props.signupPolicy === 'EMAIL_DOMAINS'
            ? intl.formatMessage(embedMessages.signupEMAIL_DOMAINS, {
                domains: list(props.signupEmailDomains),
              })
            : intl.formatMessage(
                props.signupPolicy === 'SSO_ONLY'
                  ? embedMessages.signupSSO_ONLY
                  : embedMessages.signupANYONE,
              )}
        </p>
      ) : null}
      <p className="embed-access__links">
        <Link to={`${boardPath(props.boardId)}/settings`} className="link">
          {intl.formatMessage(embedMessages.settingsLink)}
        </Link>
        <a href="#sign-in-settings-title" className="link">
          {intl.formatMessage(embedMessages.signupLink)}
        </a>
      </p>
    </section>
  );
}
