import { useIntl } from 'react-intl';
import { graphql, usePaginationFragment } from 'react-relay';
import type { IdeaVoters_idea$key } from '../../../../../__generated__/IdeaVoters_idea.graphql.ts';
import type { IdeaVotersPaginationQuery } from '../../../../../__generated__/IdeaVotersPaginationQuery.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Avatar } from '../../../../ui/Avatar.tsx';
import { LoadMoreButton } from '../../../../ui/LoadMoreButton.tsx';
import { ToolSection } from '../../../../ui/ToolSection.tsx';

const messages = defineMessages({
  voters: { id: 'ideaDetail.voters', defaultMessage: 'Voters' },
  noVoters: { id: 'ideaDetail.noVoters', defaultMessage: 'Nobody has voted yet.' },
  moreVoters: { id: 'ideaDetail.moreVoters', defaultMessage: 'Show more voters' },
});

/** Voters loaded a page at a time. */
const VOTERS_PAGE_SIZE = 50;

/**
 * Who voted, earliest first, a page at a time ("Show more voters"), for an editor who is not on
 * the team (the team sees TeamVotes). The server answers null to anyone else: nothing shows.
 */
export function IdeaVoters({ idea }: { idea: IdeaVoters_idea$key }) {
  const intl = useIntl();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    IdeaVotersPaginationQuery,
    IdeaVoters_idea$key
  >(
    graphql`
      fragment IdeaVoters_idea on Idea
      @refetchable(queryName: "IdeaVotersPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
        voters(first: $first, after: $after) @connection(key: "IdeaVoters_voters") {
          edges {
            node {
              userId
              name
            }
          }
        }
      }
    `,
    idea,
  );
  if (!data.voters) return null;
  const voters = data.voters.edges.map((edge) => edge.node);
  return (
    <ToolSection titleId="idea-voters-title" title={intl.formatMessage(messages.voters)}>
      {voters.length === 0 ? (
        <p className="muted">{intl.formatMessage(messages.noVoters)}</p>
      ) : (
        <ul className="voter-list">
          {voters.map((voter) => (
            <li key={voter.userId} className="voter-list__item">
              <Avatar name={voter.name} photoUrl={null} />
              {voter.name}
            </li>
          ))}
        </ul>
      )}
      {hasNext ? (
        <LoadMoreButton
          label={intl.formatMessage(messages.moreVoters)}
          isLoading={isLoadingNext}
          onClick={() => loadNext(VOTERS_PAGE_SIZE)}
        />
      ) : null}
    </ToolSection>
  );
}
