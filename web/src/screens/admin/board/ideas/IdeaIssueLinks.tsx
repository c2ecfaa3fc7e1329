import { useId, useState } from 'react';
import { ToolSection } from '../../../../ui/ToolSection.tsx';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { IdeaIssueLinksCreateMutation as TCreate } from '../../../../../__generated__/IdeaIssueLinksCreateMutation.graphql.ts';
import type { IdeaIssueLinksLinkMutation as TLink } from '../../../../../__generated__/IdeaIssueLinksLinkMutation.graphql.ts';
import type { IdeaIssueLinksUnlinkMutation as TUnlink } from '../../../../../__generated__/IdeaIssueLinksUnlinkMutation.graphql.ts';
import type { IdeaIssueLinks_idea$key } from '../../../../../__generated__/IdeaIssueLinks_idea.graphql.ts';
import type { IdeaIssueLinks_link$key } from '../../../../../__generated__/IdeaIssueLinks_link.graphql.ts';
import type { IdeaIssueLinks_query$key } from '../../../../../__generated__/IdeaIssueLinks_query.graphql.ts';
import { TextField } from '../../../../forms/TextField.tsx';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { usePromiseMutation } from '../../../../relay/usePromiseMutation.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import type { TActionFailure } from '../../../../ui/useAction.ts';

const messages = defineMessages({
  title: { id: 'ideaDetail.issues.title', defaultMessage: 'Linked issues' },
  none: { id: 'ideaDetail.issues.none', defaultMessage: 'No issue is linked yet.' },
  createGithub: { id: 'ideaDetail.issues.createGithub', defaultMessage: 'Create on GitHub' },
  createLinear: { id: 'ideaDetail.issues.createLinear', defaultMessage: 'Create on Linear' },
  creating: { id: 'ideaDetail.issues.creating', defaultMessage: 'Creating…' },
  url: { id: 'ideaDetail.issues.url', defaultMessage: 'Link an existing issue by its address' },
  urlHint: {
    id: 'ideaDetail.issues.urlHint',
    defaultMessage: 'A GitHub or Linear issue of the connected repository or team.',
  },
  link: { id: 'ideaDetail.issues.link', defaultMessage: 'Link' },
  linking: { id: 'ideaDetail.issues.linking', defaultMessage: 'Linking…' },
  unlink: { id: 'ideaDetail.issues.unlink', defaultMessage: 'Unlink {identifier}' },
  state: { id: 'ideaDetail.issues.state', defaultMessage: '{provider} · {state}' },
  linkText: { id: 'ideaDetail.issues.linkText', defaultMessage: '{identifier} {title}' },
});

const PROVIDER = { GITHUB: 'GitHub', LINEAR: 'Linear' } as const;
/** The space between a link, its state and its button (no stylesheet rule: budgets are full). */
const GAP = { marginInlineStart: '0.5em' } as const;

const createMutation = graphql`
  mutation IdeaIssueLinksCreateMutation($ideaId: ID!, $kind: IssueTrackerKind!) {
    createTrackerIssue(ideaId: $ideaId, kind: $kind) {
      __typename
      ... on MutationCreateTrackerIssueSuccess {
        data {
          id
          ...IdeaIssueLinks_link
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

const linkMutation = graphql`
  mutation IdeaIssueLinksLinkMutation($ideaId: ID!, $url: String!) {
    linkTrackerIssue(ideaId: $ideaId, url: $url) {
      __typename
      ... on MutationLinkTrackerIssueSuccess {
        data {
          id
          ...IdeaIssueLinks_link
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

const unlinkMutation = graphql`
  mutation IdeaIssueLinksUnlinkMutation($id: ID!) {
    unlinkTrackerIssue(issueLinkId: $id) {
      __typename
      ... on MutationUnlinkTrackerIssueSuccess {
        data {
          idea {
            id
            issueLinks {
              id
              ...IdeaIssueLinks_link
            }
          }
        }
      }
      ... on AppError {
        code
        message
      }
    }
  }
`;

type TAnswer = {
  readonly __typename: string;
  readonly message?: string;
  readonly code?: string;
  readonly fields?: readonly { readonly message: string }[];
};

const failureOf = (answer: TAnswer): TActionFailure =>
  answer.fields?.[0]?.message
    ? { text: answer.fields[0].message }
    : answer.message
      ? { text: answer.message, code: answer.code }
      : { descriptor: commonMessages.genericError };

/** Appends the mutation's new link to the idea's list in the store. */
function appendLink(ideaId: string, field: string) {
  return (store: RecordSourceSelectorProxy) => {
    const created = store.getRootField(field)?.getLinkedRecord('data');
    const idea = store.get(ideaId);
    if (!created || !idea) return;
    const list = idea.getLinkedRecords('issueLinks') ?? [];
    if (list.some((record) => record?.getDataID() === created.getDataID())) return;
    idea.setLinkedRecords([...list, created], 'issueLinks');
  };
}

/**
 * The GitHub and Linear issues of an idea (its team only: the server answers null to others,
 * and then nothing shows): create one in a connected tracker, link one by its address, unlink.
 */
export function IdeaIssueLinks({
  idea,
  query,
}: {
  idea: IdeaIssueLinks_idea$key;
  query: IdeaIssueLinks_query$key;
}) {
  const intl = useIntl();
  const titleId = useId();
  const data = useFragment(
    graphql`
      fragment IdeaIssueLinks_idea on Idea {
        id
        canUpdateStatus
        issueLinks {
          id
          ...IdeaIssueLinks_link
        }
      }
    `,
    idea,
  );
  const { issueTrackers } = useFragment(
    graphql`
      fragment IdeaIssueLinks_query on Query {
        issueTrackers
      }
    `,
    query,
  );
  const [create] = usePromiseMutation<TCreate>(createMutation);
  const [link] = usePromiseMutation<TLink>(linkMutation);
  const [unlink] = usePromiseMutation<TUnlink>(unlinkMutation);
  const [url, setUrl] = useState('');
  const [urlProblem, setUrlProblem] = useState<string | null>(null);
  const creating = useAction(async (kind: 'GITHUB' | 'LINEAR') => {
    const answer = (
      await create({ ideaId: data.id, kind }, appendLink(data.id, 'createTrackerIssue'))
    ).createTrackerIssue;
    return answer.__typename === 'MutationCreateTrackerIssueSuccess' ? null : failureOf(answer);
  });
  const linking = useAction(async () => {
    setUrlProblem(null);
    const answer = (await link({ ideaId: data.id, url }, appendLink(data.id, 'linkTrackerIssue')))
      .linkTrackerIssue;
    if (answer.__typename === 'MutationLinkTrackerIssueSuccess') {
      setUrl('');
      return null;
    }
    if (answer.__typename === 'AppError' && answer.fields?.[0]) {
      setUrlProblem(answer.fields[0].message);
      return null;
    }
    return failureOf(answer);
  });
  const unlinking = useAction(async (id: string) => {
    const answer = (await unlink({ id })).unlinkTrackerIssue;
    return answer.__typename === 'MutationUnlinkTrackerIssueSuccess' ? null : failureOf(answer);
  });
  if (!data.issueLinks || !data.canUpdateStatus) return null;
  return (
    <ToolSection
      titleId={titleId}
      title={intl.formatMessage(messages.title)}
      testId="idea-issue-links"
    >
      {data.issueLinks.length === 0 ? (
        <p className="muted">{intl.formatMessage(messages.none)}</p>
      ) : (
        <ul className="issue-links">
          {data.issueLinks.map((item) => (
            <IssueLinkItem
              key={item.id}
              link={item}
              onUnlink={(id) => void unlinking.run(id)}
              isPending={unlinking.isPending}
            />
          ))}
        </ul>
      )}
      <ActionError failure={unlinking.failure} />
      {issueTrackers.length > 0 ? (
        <div className="form__actions">
          {issueTrackers
            .filter((kind): kind is 'GITHUB' | 'LINEAR' => kind === 'GITHUB' || kind === 'LINEAR')
            .map((kind) => (
              <PendingButton
                key={kind}
                className="button button--secondary"
                isPending={creating.isPending}
                pendingLabel={intl.formatMessage(messages.creating)}
                onClick={() => void creating.run(kind)}
              >
                {intl.formatMessage(
                  kind === 'GITHUB' ? messages.createGithub : messages.createLinear,
                )}
              </PendingButton>
            ))}
        </div>
      ) : null}
      <ActionError failure={creating.failure} />
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void linking.run();
        }}
      >
        <TextField
          label={intl.formatMessage(messages.url)}
          name="issue-url"
          type="url"
          autoComplete="off"
          value={url}
          hint={intl.formatMessage(messages.urlHint)}
          error={urlProblem ? { text: urlProblem } : null}
          onChange={(event) => setUrl(event.target.value)}
        />
        <ActionError failure={linking.failure} />
        <div className="form__actions">
          <PendingButton
            type="submit"
            className="button button--secondary"
            isPending={linking.isPending}
            pendingLabel={intl.formatMessage(messages.linking)}
          >
            {intl.formatMessage(messages.link)}
          </PendingButton>
        </div>
      </form>
    </ToolSection>
  );
}

function IssueLinkItem({
  link,
  onUnlink,
  isPending,
}: {
  link: IdeaIssueLinks_link$key;
  onUnlink: (id: string) => void;
  isPending: boolean;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment IdeaIssueLinks_link on IdeaIssueLink {
        id
        provider
        identifier
        url
        title
        state
      }
    `,
    link,
  );
  return (
    <li className="issue-links__item">
      <a href={data.url} target="_blank" rel="noopener noreferrer">
        {intl.formatMessage(messages.linkText, { identifier: data.identifier, title: data.title })}
      </a>
      <span className="muted" style={GAP}>
        {intl.formatMessage(messages.state, {
          provider: PROVIDER[data.provider as 'GITHUB'] ?? data.provider,
          state: data.state,
        })}
      </span>
      <PendingButton
        style={GAP}
        className="button button--secondary"
        isPending={isPending}
        pendingLabel={intl.formatMessage(messages.unlink, { identifier: data.identifier })}
        onClick={() => onUnlink(data.id)}
      >
        {intl.formatMessage(messages.unlink, { identifier: data.identifier })}
      </PendingButton>
    </li>
  );
}
