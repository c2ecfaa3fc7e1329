import { useState } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router-dom';
import type { WidgetScreenQuery as TQuery } from '../../../../../__generated__/WidgetScreenQuery.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { boardPath } from '../../../../relay/row-id.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { TabList } from '../../../../ui/TabList.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { EmbedAccessCard } from './EmbedAccessCard.tsx';
import { RotateSecretCard } from './RotateSecretCard.tsx';
import { SsoCheckerCard } from './SsoCheckerCard.tsx';
import { SignInSettingsCard } from './SignInSettingsCard.tsx';
import { SsoRulesCard } from './SsoRulesCard.tsx';
import { WidgetPreview } from './WidgetPreview.tsx';
import { claimMessages } from './sso-messages.ts';
import {
  SSO_LANGUAGES,
  SSO_LANGUAGE_NAMES,
  SSO_TOKEN_ANSWER,
  SSO_TOKEN_ENDPOINT,
  containerSnippet,
  scriptSnippet,
  ssoSample,
} from './code-samples.ts';
import type { TSnippetKind, TSsoLanguage } from './code-samples.ts';
import { defaultSnippetOf, embedStateOf } from './embed-state.ts';

const messages = defineMessages({
  title: { id: 'widget.title', defaultMessage: 'Embed the widget' },
  intro: {
    id: 'widget.intro',
    defaultMessage:
      'Put this board on your own site: a script tag and a container, and with SSO your users signed in by your system.',
  },
  snippets: { id: 'widget.snippets.title', defaultMessage: 'The snippet' },
  snippetsLabel: { id: 'widget.snippets.label', defaultMessage: 'Snippet' },
  tabPublic: { id: 'widget.snippets.public', defaultMessage: 'Without SSO' },
  tabSso: { id: 'widget.snippets.sso', defaultMessage: 'With SSO' },
  notEmbeddable: {
    id: 'widget.snippets.notEmbeddable',
    defaultMessage:
      'This board is private and lets in nobody your SSO signs in, so no snippet shows it to your visitors: they read only that it is private, with no way in. First <link>make it public, or let in people signed in with your SSO</link>, then use the snippet below.',
  },
  notEmbeddableEmail: {
    id: 'widget.snippets.notEmbeddableEmail',
    defaultMessage:
      'This board is private and lets in nobody your SSO signs in, so your visitors read that it is private; only those with an address it lets in get further, by signing in in the widget. To show it to everyone, <link>make it public, or let in people signed in with your SSO</link>.',
  },
  publicOnPrivate: {
    id: 'widget.snippets.publicOnPrivate',
    defaultMessage:
      'This board is private: with this snippet your visitors read that they should sign in on your site to see it, not the board. Use “With SSO”, or <link>make the board public</link>.',
  },
  step1: { id: 'widget.step1.title', defaultMessage: '1. Include the script' },
  step1Text: {
    id: 'widget.step1.text',
    defaultMessage: 'Add this tag to every page that shows the board, for example in the head.',
  },
  step2: { id: 'widget.step2.title', defaultMessage: '2. Place the container' },
  step2PublicText: {
    id: 'widget.step2.publicText',
    defaultMessage:
      'Put this element where the board should appear. It works as pasted: there is nothing to fill in.',
  },
  step2SsoText: {
    id: 'widget.step2.ssoText',
    defaultMessage:
      'Put this element where the board should appear. The widget asks your server for the signed-in user’s token at {endpoint} (step 3); until that answers, it shows the board as to a visitor who is not signed in.',
  },
  step2Warning: {
    id: 'widget.step2.secretWarning',
    defaultMessage:
      'Never put your company secret in the page: only your server signs tokens with it.',
  },
  step2Mode: {
    id: 'widget.step2.mode',
    defaultMessage:
      'To show “What’s new” instead of the board, add data-mode="changelog" to the container: a button with the number of releases the visitor has not opened yet, which opens your latest published releases.',
  },
  step2Language: {
    id: 'widget.step2.language',
    defaultMessage:
      'The widget speaks your visitor’s language: add data-language="en" or "pl" to the container to choose it, or it follows your page’s lang attribute, then the visitor’s browser, then the board’s language.',
  },
  step3: { id: 'widget.step3.serveTitle', defaultMessage: '3. Answer {endpoint} on your server' },
  step3Text: {
    id: 'widget.step3.serveText',
    defaultMessage:
      'For a signed-in user, answer {json} with a token the sample below makes; for a visitor who is not signed in, answer 401, and the widget shows the board signed out.',
  },
  languages: { id: 'widget.languages', defaultMessage: 'Code sample language' },
  scriptLabel: { id: 'widget.scriptLabel', defaultMessage: 'the script tag' },
  containerLabel: { id: 'widget.containerLabel', defaultMessage: 'the container element' },
  sampleLabel: { id: 'widget.sampleLabel', defaultMessage: 'the {language} sample' },
  noSecret: {
    id: 'widget.noSecret',
    defaultMessage: 'Only your company’s admins can see the embed settings.',
  },
});

export const widgetScreenQuery = graphql`
  query WidgetScreenQuery($id: ID!) {
    board(id: $id) {
      id
      isPublic
      ssoAccess
      allowedEmailDomains
      allowedCustomerCompanies {
        id
      }
      widgetSetup {
        boardHash
      }
    }
    viewer {
      company {
        secret
        signupPolicy
        signupEmailDomains
        ...SsoRulesCard_company
        ...SignInSettingsCard_company
      }
    }
  }
`;

const SNIPPETS: readonly TSnippetKind[] = ['public', 'sso'];

/**
 * /admin/boards/{id}/widget: who sees the embedded board, the snippet that works for it (a
 * public board with no SSO, or with SSO and the token made on the customer's server), a live
 * preview, and the company's SSO and sign-up settings.
 */
export function WidgetScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TQuery>;
  const { board, viewer } = usePreloadedQuery<TQuery>(widgetScreenQuery, queryRef);
  const state = embedStateOf({ isPublic: board?.isPublic ?? false, ssoAccess: board?.ssoAccess });
  const [snippet, setSnippet] = useState<TSnippetKind>(defaultSnippetOf(state));
  const [language, setLanguage] = useState<TSsoLanguage>('javascript');
  const baseUrl = window.location.origin;
  const boardHash = board?.widgetSetup?.boardHash;
  const secret = viewer?.company.secret;
  const company = viewer?.company;
  const signupPolicy = company?.signupPolicy ?? 'ANYONE';
  const settingsLink = (chunks: ReactNode[]) => (
    <Link to={`${boardPath(board?.id ?? '')}/settings`} className="link">
      {chunks}
    </Link>
  );

  return (
    <section aria-labelledby="widget-title">
      <header className="section-header">
        <div>
          <h2 id="widget-title" className="section-header__title">
            {intl.formatMessage(messages.title)}
          </h2>
          <p className="page-header__intro">{intl.formatMessage(messages.intro)}</p>
        </div>
      </header>
      {!board || !boardHash || !secret || !company ? (
        <div className="alert alert--warning" role="note">
          <Icon name="lock" />
          <p>{intl.formatMessage(messages.noSecret)}</p>
        </div>
      ) : (
        <>
          <EmbedAccessCard
            boardId={board.id}
            state={state}
            allowedEmailDomains={board.allowedEmailDomains ?? []}
            customerCompanyCount={board.allowedCustomerCompanies?.length ?? 0}
            signupPolicy={
              signupPolicy === 'EMAIL_DOMAINS' || signupPolicy === 'SSO_ONLY'
                ? signupPolicy
                : 'ANYONE'
            }
            signupEmailDomains={company.signupEmailDomains ?? []}
          />
          <section className="card snippets" aria-labelledby="snippets-title">
            <h3 id="snippets-title" className="card__title">
              {intl.formatMessage(messages.snippets)}
            </h3>
            <TabList
              options={SNIPPETS}
              selected={snippet}
              onSelect={setSnippet}
              label={intl.formatMessage(messages.snippetsLabel)}
              idPrefix="snippet-tab"
              panelId="snippet-panel"
            >
              {(option) =>
                intl.formatMessage(option === 'public' ? messages.tabPublic : messages.tabSso)
              }
            </TabList>
            <div
              id="snippet-panel"
              role="tabpanel"
              aria-labelledby={`snippet-tab-${snippet}`}
              className="snippets__panel"
            >
              {state === 'PRIVATE' ? (
                <div className="alert alert--warning" role="note" data-testid="not-embeddable">
                  <Icon name="alert" />
                  <p>
                    {intl.formatMessage(
                      (board.allowedEmailDomains ?? []).length > 0 && signupPolicy !== 'SSO_ONLY'
                        ? messages.notEmbeddableEmail
                        : messages.notEmbeddable,
                      { link: settingsLink },
                    )}
                  </p>
                </div>
              ) : state === 'PRIVATE_SSO' && snippet === 'public' ? (
                <div className="alert alert--warning" role="note">
                  <Icon name="alert" />
                  <p>{intl.formatMessage(messages.publicOnPrivate, { link: settingsLink })}</p>
                </div>
              ) : null}
              <ol className="steps">
                <li className="step">
                  <h4 className="card__title">{intl.formatMessage(messages.step1)}</h4>
                  <p className="card__intro">{intl.formatMessage(messages.step1Text)}</p>
                  <CodeBlock
                    code={scriptSnippet(baseUrl)}
                    label={intl.formatMessage(messages.scriptLabel)}
                  />
                </li>
                <li className="step">
                  <h4 className="card__title">{intl.formatMessage(messages.step2)}</h4>
                  <p className="card__intro">
                    {snippet === 'sso'
                      ? intl.formatMessage(messages.step2SsoText, {
                          endpoint: <code key="endpoint">{SSO_TOKEN_ENDPOINT}</code>,
                        })
                      : intl.formatMessage(messages.step2PublicText)}
                  </p>
                  <CodeBlock
                    code={containerSnippet(baseUrl, boardHash, snippet)}
                    label={intl.formatMessage(messages.containerLabel)}
                  />
                  {snippet === 'sso' ? (
                    <div className="alert alert--warning" role="note">
                      <Icon name="alert" />
                      <p>{intl.formatMessage(messages.step2Warning)}</p>
                    </div>
                  ) : null}
                  <p className="card__intro">{intl.formatMessage(messages.step2Mode)}</p>
                  <p className="card__intro">{intl.formatMessage(messages.step2Language)}</p>
                </li>
                {snippet === 'sso' ? (
                  <li className="step">
                    <h4 className="card__title">
                      {intl.formatMessage(messages.step3, {
                        endpoint: <code key="endpoint">{SSO_TOKEN_ENDPOINT}</code>,
                      })}
                    </h4>
                    <p className="card__intro">
                      {intl.formatMessage(messages.step3Text, {
                        json: <code key="json">{SSO_TOKEN_ANSWER}</code>,
                      })}
                    </p>
                    <p className="card__intro">{intl.formatMessage(claimMessages.intro)}</p>
                    <dl className="sso-claims">
                      {(
                        [
                          'id',
                          'name',
                          'email',
                          'email_verified',
                          'exp',
                          'attributes',
                          'companies',
                        ] as const
                      ).map((claim) => (
                        <div key={claim} className="sso-claims__item">
                          <dt>
                            <code>{claim}</code>
                          </dt>
                          <dd>{intl.formatMessage(claimMessages[claim])}</dd>
                        </div>
                      ))}
                    </dl>
                    <TabList
                      options={SSO_LANGUAGES}
                      selected={language}
                      onSelect={setLanguage}
                      label={intl.formatMessage(messages.languages)}
                      idPrefix="sso-tab"
                      panelId="sso-panel"
                    >
                      {(option) => SSO_LANGUAGE_NAMES[option]}
                    </TabList>
                    <div id="sso-panel" role="tabpanel" aria-labelledby={`sso-tab-${language}`}>
                      <CodeBlock
                        code={ssoSample(language, secret)}
                        label={intl.formatMessage(messages.sampleLabel, {
                          language: SSO_LANGUAGE_NAMES[language],
                        })}
                      />
                    </div>
                  </li>
                ) : null}
              </ol>
            </div>
          </section>
          <WidgetPreview
            boardHash={boardHash}
            version={`${signupPolicy}`}
            isPublic={state === 'PUBLIC'}
          />
          <SsoRulesCard company={company} />
          <SignInSettingsCard company={company} />
          <SsoCheckerCard boardId={board.id} />
          <RotateSecretCard />
        </>
      )}
    </section>
  );
}
