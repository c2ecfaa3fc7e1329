import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { TrackerSection_connection$key } from '../../../../__generated__/TrackerSection_connection.graphql.ts';
import type { TrackerSection_query$key } from '../../../../__generated__/TrackerSection_query.graphql.ts';
import type { TrackerSectionConnectMutation as TConnect } from '../../../../__generated__/TrackerSectionConnectMutation.graphql.ts';
import type { TrackerSectionDisconnectMutation as TDisconnect } from '../../../../__generated__/TrackerSectionDisconnectMutation.graphql.ts';
import type { TrackerSectionUpdateMutation as TUpdate } from '../../../../__generated__/TrackerSectionUpdateMutation.graphql.ts';
import { Field } from '../../../forms/Field.tsx';
import { TextField } from '../../../forms/TextField.tsx';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { usePromiseMutation } from '../../../relay/usePromiseMutation.ts';
import { showToast } from '../../../toast/toast-store.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import type { TActionFailure } from '../../../ui/useAction.ts';
import { CLOSED_STATUSES, closedStatusMessages, trackerMessages } from './tracker-messages.ts';
import type { TClosedStatus } from './tracker-messages.ts';

type TKind = 'GITHUB' | 'LINEAR';
type TValues = { token: string; place: string; webhookSecret: string; closedStatus: TClosedStatus };
type TProblems = Partial<
  Record<'token' | 'repository' | 'teamId' | 'webhookSecret' | 'closedStatus', string>
>;

const connectMutation = graphql`
  mutation TrackerSectionConnectMutation(
    $kind: IssueTrackerKind!
    $token: String!
    $repository: String
    $teamId: String
    $webhookSecret: String
    $closedStatus: TrackerClosedStatus
  ) {
    connectIssueTracker(
      kind: $kind
      token: $token
      repository: $repository
      teamId: $teamId
      webhookSecret: $webhookSecret
      closedStatus: $closedStatus
    ) {
      __typename
      ... on MutationConnectIssueTrackerSuccess {
        data {
          id
          ...TrackerSection_connection
        }
      }
      ... on AppError {
        code
        message
        fields {
          field
          message
        }
      }
    }
  }
`;

const updateMutation = graphql`
  mutation TrackerSectionUpdateMutation(
    $id: ID!
    $token: String
    $repository: String
    $teamId: String
    $webhookSecret: String
    $closedStatus: TrackerClosedStatus
  ) {
    updateIssueTracker(
      issueTrackerConnectionId: $id
      token: $token
      repository: $repository
      teamId: $teamId
      webhookSecret: $webhookSecret
      closedStatus: $closedStatus
    ) {
      __typename
      ... on MutationUpdateIssueTrackerSuccess {
        data {
          ...TrackerSection_connection
        }
      }
      ... on AppError {
        code
        message
        fields {
          field
          message
        }
      }
    }
  }
`;

const disconnectMutation = graphql`
  mutation TrackerSectionDisconnectMutation($id: ID!) {
    disconnectIssueTracker(issueTrackerConnectionId: $id) {
      __typename
      ... on MutationDisconnectIssueTrackerSuccess {
        data {
          disconnectedIssueTrackerConnectionId @deleteRecord
        }
      }
      ... on AppError {
        code
        message
        fields {
          field
          message
        }
      }
    }
  }
`;

const connectionFragment = graphql`
  fragment TrackerSection_connection on IssueTrackerIntegration {
    id
    kind
    credentialLastFour
    isWebhookSigned
    repository
    teamId
    webhookUrl
    closedStatus
  }
`;

type TError = {
  readonly __typename: string;
  readonly message?: string;
  readonly code?: string;
  readonly fields?: readonly { readonly field: string; readonly message: string }[];
};

/** An AppError as the form shows it: field problems, else its message. */
function failure(result: TError): { fields: TProblems } | TActionFailure {
  if (result.fields && result.fields.length > 0) {
    return { fields: Object.fromEntries(result.fields.map((f) => [f.field, f.message])) };
  }
  return result.message
    ? { text: result.message, code: result.code }
    : { descriptor: commonMessages.genericError };
}

/**
 * GitHub and Linear on the integrations screen (loaded lazily: the settings chunk is near its
 * budget): each tracker's connection, or a form to connect it.
 */
export function TrackerSection({ query }: { query: TrackerSection_query$key }) {
  const { issueTrackerConnections } = useFragment(
    graphql`
      fragment TrackerSection_query on Query {
        issueTrackerConnections {
          id
          kind
          ...TrackerSection_connection
        }
      }
    `,
    query,
  );
  const shown = issueTrackerConnections.filter((c) => c !== null && c !== undefined);
  return (
    <>
      {(['GITHUB', 'LINEAR'] as const).map((kind) => (
        <TrackerCard
          key={kind}
          kind={kind}
          connection={shown.find((c) => c.kind === kind) ?? null}
        />
      ))}
    </>
  );
}

function TrackerCard({
  kind,
  connection: connectionKey,
}: {
  kind: TKind;
  connection: Parameters<typeof useConnectionData>[0] | null;
}) {
  const intl = useIntl();
  const titleId = useId();
  const connection = useConnectionData(connectionKey);
  const [connect] = usePromiseMutation<TConnect>(connectMutation);
  const [update] = usePromiseMutation<TUpdate>(updateMutation);
  const [disconnect] = usePromiseMutation<TDisconnect>(disconnectMutation);
  const [isConfirming, setIsConfirming] = useState(false);
  const m = kind === 'GITHUB' ? trackerMessages.github : trackerMessages.linear;
  const remove = useAction(async () => {
    if (!connection) return null;
    if (!isConfirming) {
      setIsConfirming(true);
      return null;
    }
    const result = (await disconnect({ id: connection.id })).disconnectIssueTracker;
    setIsConfirming(false);
    if (result.__typename === 'MutationDisconnectIssueTrackerSuccess') {
      showToast({ type: 'success', title: trackerMessages.disconnected });
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });

  return (
    <section
      className="card"
      aria-labelledby={titleId}
      data-testid={`tracker-${kind.toLowerCase()}`}
    >
      <h2 id={titleId} className="card__title">
        {intl.formatMessage(m.title)}
      </h2>
      <p className="muted">{intl.formatMessage(m.intro)}</p>
      {connection ? (
        <>
          <dl className="tracker-summary">
            <dt>{intl.formatMessage(m.place)}</dt>
            <dd>{connection.repository ?? connection.teamId}</dd>
            <dt>{intl.formatMessage(m.token)}</dt>
            <dd>
              {intl.formatMessage(trackerMessages.tokenSet, {
                hint: connection.credentialLastFour,
              })}
            </dd>
            <dt>{intl.formatMessage(trackerMessages.webhookSecret)}</dt>
            <dd>
              {intl.formatMessage(
                connection.isWebhookSigned
                  ? trackerMessages.secretSet
                  : trackerMessages.secretMissing,
              )}
            </dd>
          </dl>
          <TextField
            label={intl.formatMessage(trackerMessages.webhookUrl)}
            name={`${kind.toLowerCase()}-webhook-url`}
            value={connection.webhookUrl}
            isReadOnly
            hint={intl.formatMessage(m.webhookHowTo)}
          />
          <TrackerForm
            kind={kind}
            isConnected
            initial={{
              token: '',
              place: connection.repository ?? connection.teamId ?? '',
              webhookSecret: '',
              closedStatus: connection.closedStatus as TClosedStatus,
            }}
            submitLabel={intl.formatMessage(trackerMessages.save)}
            onSubmit={async (values) => {
              const result = (
                await update({
                  id: connection.id,
                  token: values.token || null,
                  repository:
                    kind === 'GITHUB' && values.place !== connection.repository
                      ? values.place
                      : null,
                  teamId:
                    kind === 'LINEAR' && values.place !== connection.teamId ? values.place : null,
                  webhookSecret: values.webhookSecret || null,
                  closedStatus: values.closedStatus,
                })
              ).updateIssueTracker;
              if (result.__typename === 'MutationUpdateIssueTrackerSuccess') {
                showToast({ type: 'success', title: trackerMessages.saved });
                return null;
              }
              return failure(result);
            }}
          />
          <ActionError failure={remove.failure} />
          <div className="form__actions">
            <PendingButton
              type="button"
              className="button button--danger"
              isPending={remove.isPending}
              pendingLabel={intl.formatMessage(trackerMessages.disconnecting)}
              onClick={() => void remove.run()}
            >
              {intl.formatMessage(
                isConfirming ? trackerMessages.confirmDisconnect : trackerMessages.disconnect,
              )}
            </PendingButton>
          </div>
        </>
      ) : (
        <TrackerForm
          kind={kind}
          isConnected={false}
          initial={{ token: '', place: '', webhookSecret: '', closedStatus: 'COMPLETE' }}
          submitLabel={intl.formatMessage(m.connect)}
          onSubmit={async (values) => {
            const result = (
              await connect(
                {
                  kind,
                  token: values.token,
                  repository: kind === 'GITHUB' ? values.place : null,
                  teamId: kind === 'LINEAR' ? values.place : null,
                  webhookSecret: values.webhookSecret || null,
                  closedStatus: values.closedStatus,
                },
                (store, data) => {
                  if (data?.connectIssueTracker.__typename !== 'MutationConnectIssueTrackerSuccess')
                    return;
                  const created = store
                    .getRootField('connectIssueTracker')
                    ?.getLinkedRecord('data');
                  const root = store.getRoot();
                  const list = root.getLinkedRecords('issueTrackerConnections') ?? [];
                  if (created) root.setLinkedRecords([...list, created], 'issueTrackerConnections');
                },
              )
            ).connectIssueTracker;
            if (result.__typename === 'MutationConnectIssueTrackerSuccess') {
              showToast({ type: 'success', title: trackerMessages.saved });
              return null;
            }
            return failure(result);
          }}
        />
      )}
    </section>
  );
}

function useConnectionData(key: TrackerSection_connection$key | null) {
  return useFragment(connectionFragment, key);
}

function TrackerForm({
  kind,
  isConnected,
  initial,
  submitLabel,
  onSubmit,
}: {
  kind: TKind;
  isConnected: boolean;
  initial: TValues;
  submitLabel: string;
  onSubmit: (values: TValues) => Promise<{ fields: TProblems } | TActionFailure | null>;
}) {
  const intl = useIntl();
  const m = kind === 'GITHUB' ? trackerMessages.github : trackerMessages.linear;
  const [values, setValues] = useState<TValues>(initial);
  const [problems, setProblems] = useState<TProblems>({});
  const set = <K extends keyof TValues>(key: K, value: TValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const placeField = kind === 'GITHUB' ? 'repository' : 'teamId';
  const prefix = kind.toLowerCase();
  const submit = useAction(async () => {
    setProblems({});
    const result = await onSubmit(values);
    if (result && 'fields' in result) {
      setProblems(result.fields);
      return null;
    }
    if (!result) setValues((current) => ({ ...current, token: '', webhookSecret: '' }));
    return result;
  });
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit.run();
      }}
    >
      <TextField
        label={intl.formatMessage(m.token)}
        name={`${prefix}-token`}
        type="password"
        autoComplete="off"
        value={values.token}
        isRequired={!isConnected}
        hint={intl.formatMessage(isConnected ? trackerMessages.keepSecret : m.tokenHint)}
        error={problems.token ? { text: problems.token } : null}
        onChange={(event) => set('token', event.target.value)}
      />
      <TextField
        label={intl.formatMessage(m.place)}
        name={`${prefix}-${placeField}`}
        autoComplete="off"
        value={values.place}
        isRequired
        hint={intl.formatMessage(m.placeHint)}
        error={problems[placeField] ? { text: problems[placeField] } : null}
        onChange={(event) => set('place', event.target.value)}
      />
      <TextField
        label={intl.formatMessage(trackerMessages.webhookSecret)}
        name={`${prefix}-webhook-secret`}
        type="password"
        autoComplete="off"
        value={values.webhookSecret}
        hint={intl.formatMessage(isConnected ? trackerMessages.keepSecret : m.secretHint)}
        error={problems.webhookSecret ? { text: problems.webhookSecret } : null}
        onChange={(event) => set('webhookSecret', event.target.value)}
      />
      <Field
        label={intl.formatMessage(trackerMessages.closedStatus)}
        hint={intl.formatMessage(trackerMessages.closedStatusHint)}
        error={problems.closedStatus ? { text: problems.closedStatus } : null}
      >
        {(control) => (
          <select
            {...control}
            name={`${prefix}-closed-status`}
            className="field__input field__select"
            value={values.closedStatus}
            onChange={(event) => set('closedStatus', event.target.value as TClosedStatus)}
          >
            {CLOSED_STATUSES.map((status) => (
              <option key={status} value={status}>
                {intl.formatMessage(closedStatusMessages[status])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ActionError failure={submit.failure} />
      <div className="form__actions">
        <PendingButton
          type="submit"
          isPending={submit.isPending}
          pendingLabel={intl.formatMessage(trackerMessages.saving)}
        >
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}
