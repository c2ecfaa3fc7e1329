import { useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { WidgetScreenQuery as TQuery } from '../../../../../__generated__/WidgetScreenQuery.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { RotateSecretCard } from './RotateSecretCard.tsx';
import { SsoCheckerCard } from './SsoCheckerCard.tsx';
import { SignInSettingsCard } from './SignInSettingsCard.tsx';
import { SsoRulesCard } from './SsoRulesCard.tsx';
import { claimMessages } from './sso-messages.ts';
import {
  SSO_LANGUAGES,
  SSO_LANGUAGE_NAMES,
  containerSnippet,
  scriptSnippet,
  ssoSample,
} from './code-samples.ts';
import type { TSsoLanguage } from './code-samples.ts';

const messages = defineMessages({
  title: { id: 'widget.title', defaultMessage: 'Embed the widget' },
  intro: {
    id: 'widget.intro',
    defaultMessage:
      'Three steps put this board on your own site, with your users signed in by your system.',
  },
  step1: { id: 'widget.step1.title', defaultMessage: '1. Include the script' },
  step1Text: {
    id: 'widget.step1.text',
    defaultMessage: 'Add this tag to every page that shows the board, for example in the head.',
  },
  step2: { id: 'widget.step2.title', defaultMessage: '2. Place the container' },
  step2Text: {
    id: 'widget.step2.text',
    defaultMessage: 'Put this element where the board should appear.',
  },
  step2Warning: {
    id: 'widget.step2.warning',
    defaultMessage:
      'Replace the data-sso-token value with the token your server makes for the signed-in user (step 3). Never put your company secret in the page.',
  },
  step2Mode: {
    id: 'widget.step2.mode',
    defaultMessage:
      'To show “What’s new” instead of the board, add data-mode="changelog" to the container: a button with the number of releases the visitor has not opened yet, which opens your latest published releases.',
  },
  step3: { id: 'widget.step3.title', defaultMessage: '3. Make the SSO token on your server' },
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
      widgetSetup {
        boardHash
      }
    }
    viewer {
      company {
        secret
        ...SsoRulesCard_company
        ...SignInSettingsCard_company
      }
    }
  }
`;

/** /admin/boards/{id}/widget: the embed code, in three steps. */
export function WidgetScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TQuery>;
  const { board, viewer } = usePreloadedQuery<TQuery>(widgetScreenQuery, queryRef);
  const [language, setLanguage] = useState<TSsoLanguage>('javascript');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseUrl = window.location.origin;
  const boardHash = board?.widgetSetup?.boardHash;
  const secret = viewer?.company.secret;
  const company = viewer?.company;

  const handleTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + SSO_LANGUAGES.length) % SSO_LANGUAGES.length;
    setLanguage(SSO_LANGUAGES[next] ?? 'javascript');
    tabs.current[next]?.focus();
  };

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
          <ol className="steps">
            <li className="card step">
              <h3 className="card__title">{intl.formatMessage(messages.step1)}</h3>
              <p className="card__intro">{intl.formatMessage(messages.step1Text)}</p>
              <CodeBlock
                code={scriptSnippet(baseUrl)}
                label={intl.formatMessage(messages.scriptLabel)}
              />
            </li>
            <li className="card step">
              <h3 className="card__title">{intl.formatMessage(messages.step2)}</h3>
              <p className="card__intro">{intl.formatMessage(messages.step2Text)}</p>
              <CodeBlock
                code={containerSnippet(baseUrl, boardHash)}
                label={intl.formatMessage(messages.containerLabel)}
              />
              <div className="alert alert--warning" role="note">
                <Icon name="alert" />
                <p>{intl.formatMessage(messages.step2Warning)}</p>
              </div>
              <p className="card__intro">{intl.formatMessage(messages.step2Mode)}</p>
            </li>
            <li className="card step">
              <h3 className="card__title">{intl.formatMessage(messages.step3)}</h3>
              <p className="card__intro">{intl.formatMessage(claimMessages.intro)}</p>
              <dl className="sso-claims">
                {(['id', 'name', 'email', 'exp', 'attributes', 'companies'] as const).map(
                  (claim) => (
                    <div key={claim} className="sso-claims__item">
                      <dt>
                        <code>{claim}</code>
                      </dt>
                      <dd>{intl.formatMessage(claimMessages[claim])}</dd>
                    </div>
                  ),
                )}
              </dl>
              <div
                className="tabs"
                role="tablist"
                aria-label={intl.formatMessage(messages.languages)}
              >
                {SSO_LANGUAGES.map((option, index) => (
                  <button
                    key={option}
                    ref={(element) => {
                      tabs.current[index] = element;
                    }}
                    type="button"
                    role="tab"
                    id={`sso-tab-${option}`}
                    aria-selected={language === option}
                    aria-controls="sso-panel"
                    tabIndex={language === option ? 0 : -1}
                    className="tabs__tab"
                    onClick={() => setLanguage(option)}
                    onKeyDown={(event) => handleTabKey(event, index)}
                  >
                    {SSO_LANGUAGE_NAMES[option]}
                  </button>
                ))}
              </div>
              <div id="sso-panel" role="tabpanel" aria-labelledby={`sso-tab-${language}`}>
                <CodeBlock
                  code={ssoSample(language, secret)}
                  label={intl.formatMessage(messages.sampleLabel, {
                    language: SSO_LANGUAGE_NAMES[language],
                  })}
                />
              </div>
            </li>
          </ol>
          <SsoRulesCard company={company} />
          <SignInSettingsCard company={company} />
          <SsoCheckerCard boardId={board.id} />
          <RotateSecretCard />
        </>
      )}
    </section>
  );
}
