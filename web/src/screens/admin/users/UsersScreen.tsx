import { useId, useState, useTransition } from 'react';
import { useIntl } from 'react-intl';
import { graphql, usePaginationFragment, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { UsersScreenQuery as TUsersScreenQuery } from '../../../../__generated__/UsersScreenQuery.graphql.ts';
import type { UsersScreenPaginationQuery } from '../../../../__generated__/UsersScreenPaginationQuery.graphql.ts';
import type { UsersScreen_query$key } from '../../../../__generated__/UsersScreen_query.graphql.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { UserRow } from './UserRow.tsx';
import { LoadMoreButton } from '../../../ui/LoadMoreButton.tsx';
import { TeamPanel } from './TeamPanel.tsx';
import { roleMessages, teamMessages } from './team-messages.ts';

/** How many users the table shows at first, and adds for each "Show more users". */
export const USERS_PAGE_SIZE = 100;

const messages = defineMessages({
  title: { id: 'users.title', defaultMessage: 'Users' },
  intro: {
    id: 'users.intro',
    defaultMessage: 'Everyone in your company: your team, and users signed in through the widget.',
  },
  total: { id: 'users.total', defaultMessage: 'All users' },
  sso: { id: 'users.sso', defaultMessage: 'SSO users' },
  regular: { id: 'users.regular', defaultMessage: 'Regular users' },
  summary: { id: 'users.summary', defaultMessage: 'Users by kind' },
  tableCaption: { id: 'users.table.caption', defaultMessage: 'Company users, by name' },
  name: { id: 'users.table.name', defaultMessage: 'Name' },
  email: { id: 'users.table.email', defaultMessage: 'Email' },
  kind: { id: 'users.table.kind', defaultMessage: 'Kind' },
  actions: { id: 'users.table.actions', defaultMessage: 'Data (GDPR)' },
  more: {
    id: 'users.more',
    defaultMessage: 'Showing the first {shown, number} of {total, number} users.',
  },
  showMore: { id: 'users.showMore', defaultMessage: 'Show more users' },
  emptyTitle: { id: 'users.empty.title', defaultMessage: 'No users yet' },
  emptyText: {
    id: 'users.empty.text',
    defaultMessage: 'People who sign up or use your widget will show up here.',
  },
});

export const usersScreenQuery = graphql`
  query UsersScreenQuery($first: Int!) {
    ...UsersScreen_query @arguments(first: $first)
    ...TeamPanel_query
  }
`;

/** /admin/users: counts by kind and the users sorted by display name, a page at a time. */
export function UsersScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TUsersScreenQuery>;
  const query = usePreloadedQuery<TUsersScreenQuery>(usersScreenQuery, queryRef);
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<
    UsersScreenPaginationQuery,
    UsersScreen_query$key
  >(
    graphql`
      fragment UsersScreen_query on Query
      @refetchable(queryName: "UsersScreenPaginationQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 100 }
        after: { type: "String" }
        roles: { type: "[Role!]" }
      ) {
        companyUsers(first: $first, after: $after, roles: $roles)
          @connection(key: "UsersScreen_companyUsers") {
          totalCount
          ssoCount
          regularCount
          edges {
            node {
              id
              ...UserRow_user
            }
          }
        }
      }
    `,
    query,
  );
  const { companyUsers } = data;
  const [erasedNotice, setErasedNotice] = useState<string | null>(null);
  const filterId = useId();
  const [roleFilter, setRoleFilter] = useState('ALL');
  const [isFiltering, startFiltering] = useTransition();
  const handleFilter = (value: string) => {
    setRoleFilter(value);
    const roles =
      value === 'ALL' ? null : value === 'TEAM' ? ['OWNER', 'ADMIN', 'MEMBER'] : [value];
    startFiltering(() => {
      refetch({ roles: roles as never, first: USERS_PAGE_SIZE }, { fetchPolicy: 'network-only' });
    });
  };
  usePageTitle(messages.title);
  const stats = [
    { id: 'total', label: messages.total, value: companyUsers.totalCount },
    { id: 'regular', label: messages.regular, value: companyUsers.regularCount },
    { id: 'sso', label: messages.sso, value: companyUsers.ssoCount },
  ];

  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage(messages.title)}</h1>
          <p className="page-header__intro">{intl.formatMessage(messages.intro)}</p>
        </div>
      </header>
      <section aria-label={intl.formatMessage(messages.summary)}>
        <dl className="stats">
          {stats.map((stat) => (
            <div key={stat.id} className="card stat">
              <dt className="stat__label">{intl.formatMessage(stat.label)}</dt>
              <dd className="stat__value">{intl.formatNumber(stat.value)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <TeamPanel query={query} />
      <div className="users-filter">
        <label className="field__label" htmlFor={filterId}>
          {intl.formatMessage(teamMessages.roleFilter)}
        </label>
        <select
          id={filterId}
          className="field__input field__select"
          value={roleFilter}
          aria-busy={isFiltering}
          onChange={(event) => handleFilter(event.target.value)}
        >
          <option value="ALL">{intl.formatMessage(teamMessages.allRoles)}</option>
          <option value="TEAM">{intl.formatMessage(teamMessages.teamOnly)}</option>
          {(['OWNER', 'ADMIN', 'MEMBER', 'END_USER'] as const).map((role) => (
            <option key={role} value={role}>
              {intl.formatMessage(roleMessages[role])}
            </option>
          ))}
        </select>
      </div>
      <div role="status">
        {erasedNotice ? <p className="alert alert--success">{erasedNotice}</p> : null}
      </div>
      {companyUsers.edges.length === 0 ? (
        <div className="card">
          <EmptyState
            icon="users"
            title={intl.formatMessage(messages.emptyTitle)}
            description={intl.formatMessage(messages.emptyText)}
          />
        </div>
      ) : (
        <div className="card table-card">
          <div className="table-scroll">
            <table className="table table--responsive">
              <caption className="visually-hidden">
                {intl.formatMessage(messages.tableCaption)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(messages.name)}</th>
                  <th scope="col">{intl.formatMessage(messages.email)}</th>
                  <th scope="col">{intl.formatMessage(messages.kind)}</th>
                  <th scope="col">{intl.formatMessage(teamMessages.role)}</th>
                  <th scope="col">{intl.formatMessage(messages.actions)}</th>
                </tr>
              </thead>
              <tbody>
                {companyUsers.edges.map(({ node }) => (
                  <UserRow key={node.id} user={node} onNotice={setErasedNotice} />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {companyUsers.totalCount > companyUsers.edges.length ? (
        <div className="table-note">
          <p className="muted">
            {intl.formatMessage(messages.more, {
              shown: companyUsers.edges.length,
              total: companyUsers.totalCount,
            })}
          </p>
          {hasNext ? (
            <LoadMoreButton
              label={intl.formatMessage(messages.showMore)}
              isLoading={isLoadingNext}
              onClick={() => loadNext(USERS_PAGE_SIZE)}
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}
