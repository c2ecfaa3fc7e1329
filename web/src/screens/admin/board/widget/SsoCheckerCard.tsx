import { useState } from 'react';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type {
  SsoCheckerCardQuery as TQuery,
  SsoCheckerCardQuery$data as TData,
} from '../../../../../__generated__/SsoCheckerCardQuery.graphql.ts';
import { TextArea } from '../../../../forms/TextArea.tsx';
import { Icon } from '../../../../ui/Icon.tsx';
import type { TIconName } from '../../../../ui/Icon.tsx';
import { checkNameMessages, checkerMessages as messages, findingMessages } from './sso-messages.ts';
import type { TFindingKey } from './sso-messages.ts';

const checkSsoTokenQuery = graphql`
  query SsoCheckerCardQuery($boardId: ID!, $token: String!) {
    checkSsoToken(boardId: $boardId, token: $token) {
      __typename
      ... on QueryCheckSsoTokenSuccess {
        data {
          isAccepted
          checks {
            check
            status
            reason
            value
            at
            lifetimeMinutes
            maxLifetimeMinutes
          }
        }
      }
    }
  }
`;

type TResult = Extract<TData['checkSsoToken'], { __typename: 'QueryCheckSsoTokenSuccess' }>;
type TReport = TResult['data'];
type TCheck = TReport['checks'][number];

const STATUS_ICONS: Record<string, TIconName> = {
  PASSED: 'check',
  WARNING: 'alert',
  FAILED: 'error',
  SKIPPED: 'more',
};

/** What a check found, in the console's language. */
function finding(intl: IntlShape, check: TCheck): string {
  const key = `${check.check}.${check.reason}`;
  const descriptor =
    check.status === 'SKIPPED'
      ? findingMessages.NOT_CHECKED
      : (findingMessages[key as TFindingKey] ?? findingMessages.NOT_CHECKED);
  return intl.formatMessage(descriptor, {
    value: check.value ?? '',
    at: check.at ? intl.formatDate(check.at, { dateStyle: 'medium', timeStyle: 'medium' }) : '',
    minutes: check.lifetimeMinutes ?? 0,
    max: check.maxLifetimeMinutes ?? 0,
  });
}

/**
 * The SSO token checker: the admin pastes a token, the server runs the widget's own checks with
 * the company secret and rules (checkSsoToken), and each check shows how it went and why.
 */
export function SsoCheckerCard({ boardId }: { boardId: string }) {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const [token, setToken] = useState('');
  const [report, setReport] = useState<TReport | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  const handleCheck = async (event: FormEvent) => {
    event.preventDefault();
    setIsChecking(true);
    setHasFailed(false);
    try {
      const answer = await fetchQuery<TQuery>(
        environment,
        checkSsoTokenQuery,
        { boardId, token: token.trim() },
        { fetchPolicy: 'network-only' },
      ).toPromise();
      const result = answer?.checkSsoToken;
      if (result?.__typename === 'QueryCheckSsoTokenSuccess') {
        setReport(result.data);
      } else {
        setReport(null);
        setHasFailed(true);
      }
    } catch (error) {
      console.error('checkSsoToken failed', error);
      setReport(null);
      setHasFailed(true);
    }
    setIsChecking(false);
  };

  // The first failed check is the reason of a refusal (the server's order).
  const failure =
    report && !report.isAccepted ? report.checks.find((c) => c.status === 'FAILED') : undefined;
  const hasWarnings = report?.checks.some((c) => c.status === 'WARNING') ?? false;

  return (
    <section className="card step" aria-labelledby="sso-checker-title">
      <h3 id="sso-checker-title" className="card__title">
        {intl.formatMessage(messages.title)}
      </h3>
      <p className="card__intro">{intl.formatMessage(messages.intro)}</p>
      <form className="form" onSubmit={(event) => void handleCheck(event)} noValidate>
        <TextArea
          name="ssoToken"
          label={intl.formatMessage(messages.token)}
          hint={intl.formatMessage(messages.tokenHint)}
          value={token}
          rows={3}
          onChange={(event) => setToken(event.target.value)}
        />
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={isChecking || !token.trim()}
          >
            {intl.formatMessage(isChecking ? messages.checking : messages.submit)}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {hasFailed ? (
          <div className="alert alert--danger" role="alert">
            <Icon name="error" />
            <p>{intl.formatMessage(messages.failed)}</p>
          </div>
        ) : null}
        {report ? (
          <div className="sso-report" data-testid="sso-report">
            <div
              className={`alert ${failure ? 'alert--danger' : hasWarnings ? 'alert--warning' : 'alert--success'}`}
              role="status"
            >
              <Icon name={failure ? 'error' : hasWarnings ? 'alert' : 'check'} />
              <p>
                {failure
                  ? intl.formatMessage(messages.refused, {
                      reason: `${intl.formatMessage(checkNameMessages[failure.check as keyof typeof checkNameMessages])}: ${finding(intl, failure)}`,
                    })
                  : intl.formatMessage(
                      hasWarnings ? messages.acceptedWithWarnings : messages.accepted,
                    )}
              </p>
            </div>
            <h4 className="sso-report__title">{intl.formatMessage(messages.results)}</h4>
            <ul className="sso-checks">
              {report.checks.map((check) => (
                <li
                  key={check.check}
                  className={`sso-check sso-check--${check.status.toLowerCase()}`}
                  data-testid={`sso-check-${check.check}`}
                  data-status={check.status}
                >
                  <span className="sso-check__status">
                    <Icon name={STATUS_ICONS[check.status] ?? 'info'} size={18} />
                    {intl.formatMessage(
                      messages[check.status as 'PASSED' | 'WARNING' | 'FAILED' | 'SKIPPED'],
                    )}
                  </span>
                  <span className="sso-check__name">
                    {intl.formatMessage(
                      checkNameMessages[check.check as keyof typeof checkNameMessages],
                    )}
                  </span>
                  <span className="sso-check__finding">{finding(intl, check)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
