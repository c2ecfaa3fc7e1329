import { useContext, useId, useState, useTransition } from 'react';
import { useIntl } from 'react-intl';
import {
  graphql,
  usePaginationFragment,
  usePreloadedQuery,
  useRelayEnvironment,
  fetchQuery,
} from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router-dom';
import type { CustomersScreenQuery as TQuery } from '../../../../__generated__/CustomersScreenQuery.graphql.ts';
import type { CustomersScreenPaginationQuery } from '../../../../__generated__/CustomersScreenPaginationQuery.graphql.ts';
import type { CustomersScreen_query$key } from '../../../../__generated__/CustomersScreen_query.graphql.ts';
import { LoadMoreButton } from '../../../ui/LoadMoreButton.tsx';
import { RoleContext, hasRole } from '../../../layout/nav-items.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { CustomerCurrency } from './CustomerCurrency.tsx';
import { CustomerEditModal } from './CustomerEditModal.tsx';
import { CustomerFields } from './CustomerFields.tsx';
import { CustomerImport } from './CustomerImport.tsx';
import { CustomerRow } from './CustomerRow.tsx';
import { customerMessages } from './messages.ts';
import { useCustomerForm } from './useCustomerForm.ts';
import { useCreateCustomerMutation } from './useCustomerMutations.ts';

export const customersScreenQuery = graphql`
  query CustomersScreenQuery {
    viewer {
      company {
        currency
        ...CustomerCurrency_company
      }
    }
    ...CustomersScreen_query
  }
`;

/** Customer companies loaded a page at a time. */
const CUSTOMERS_PAGE_SIZE = 50;

/**
 * /admin/customers: the company's customer companies (the team reads them); admins add and
 * edit them, attach end users and import them from CSV.
 */
export function CustomersScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TQuery>;
  const screen = usePreloadedQuery<TQuery>(customersScreenQuery, queryRef);
  const { viewer } = screen;
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<
    CustomersScreenPaginationQuery,
    CustomersScreen_query$key
  >(
    graphql`
      fragment CustomersScreen_query on Query
      @refetchable(queryName: "CustomersScreenPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
        customerCompaniesConnection(first: $first, after: $after)
          @connection(key: "CustomersScreen_customerCompaniesConnection") {
          edges {
            node {
              id
              name
              ...CustomerRow_customerCompany
            }
          }
        }
      }
    `,
    screen,
  );
  const currency = viewer?.company?.currency ?? 'USD';
  usePageTitle(customerMessages.title);
  const role = useContext(RoleContext);
  const isAdmin = hasRole(role, 'ADMIN');
  const environment = useRelayEnvironment();
  const [, startTransition] = useTransition();
  const listTitleId = useId();
  const formTitleId = useId();
  const [editingId, setEditingId] = useState<string | null>(null);
  const { form, submit, failureOf } = useCustomerForm();
  const [create] = useCreateCustomerMutation();
  const companies = data.customerCompaniesConnection?.edges.map((edge) => edge.node) ?? [];

  // After an import or an edit the list is read again (its order is by spend).
  const reload = () =>
    startTransition(() => {
      fetchQuery(environment, customersScreenQuery, {}, { fetchPolicy: 'network-only' }).subscribe(
        {},
      );
    });
  const adding = useAction(async (values: Parameters<Parameters<typeof submit>[0]>[0]) => {
    const result = (await create(values)).createCustomerCompany;
    if (result.__typename === 'MutationCreateCustomerCompanySuccess') {
      form.reset();
      reload();
      return null;
    }
    return failureOf(result);
  });
  const editing = companies.find((company) => company.id === editingId);

  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{intl.formatMessage(customerMessages.title)}</h1>
          <p className="page-header__intro">{intl.formatMessage(customerMessages.intro)}</p>
        </div>
      </header>
      <div className="settings-stack">
        <section className="card" aria-labelledby={listTitleId}>
          <h2 id={listTitleId} className="card__title">
            {intl.formatMessage(customerMessages.listTitle)}
          </h2>
          {viewer?.company ? <CustomerCurrency company={viewer.company} isAdmin={isAdmin} /> : null}
          {companies.length === 0 ? (
            <p className="muted">{intl.formatMessage(customerMessages.empty)}</p>
          ) : (
            // On a phone the table scrolls sideways in a region of its own (named, reachable by
            // keyboard), not the whole page.
            <div
              className="table-scroll"
              role="region"
              aria-label={intl.formatMessage(customerMessages.tableRegion)}
              tabIndex={0}
            >
              <table className="table" aria-labelledby={listTitleId}>
                <thead>
                  <tr>
                    <th scope="col">{intl.formatMessage(customerMessages.name)}</th>
                    <th scope="col">{intl.formatMessage(customerMessages.externalId)}</th>
                    <th scope="col" className="table__number">
                      {intl.formatMessage(customerMessages.monthlySpend)}
                    </th>
                    <th scope="col">{intl.formatMessage(customerMessages.plan)}</th>
                    <th scope="col" className="table__number">
                      {intl.formatMessage(customerMessages.members)}
                    </th>
                    {isAdmin ? (
                      <th scope="col">{intl.formatMessage(customerMessages.actions)}</th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {companies.map((company) => (
                    <CustomerRow
                      key={company.id}
                      customerCompany={company}
                      currency={currency}
                      onEdit={isAdmin ? setEditingId : null}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {hasNext ? (
            <LoadMoreButton
              label={intl.formatMessage(customerMessages.more)}
              isLoading={isLoadingNext}
              onClick={() => loadNext(CUSTOMERS_PAGE_SIZE)}
            />
          ) : null}
        </section>
        {isAdmin ? (
          <>
            <section className="card" aria-labelledby={formTitleId}>
              <h2 id={formTitleId} className="card__title">
                {intl.formatMessage(customerMessages.addTitle)}
              </h2>
              <form
                className="form"
                onSubmit={submit((values) => void adding.run(values))}
                noValidate
              >
                <CustomerFields bind={form.bind} />
                <ActionError failure={adding.failure} />
                <div className="form__actions">
                  <PendingButton
                    type="submit"
                    isPending={adding.isPending}
                    pendingLabel={intl.formatMessage(customerMessages.adding)}
                  >
                    {intl.formatMessage(customerMessages.add)}
                  </PendingButton>
                </div>
              </form>
            </section>
            <CustomerImport onImported={reload} currency={currency} />
          </>
        ) : null}
      </div>
      <CustomerEditModal
        id={editingId}
        name={editing?.name ?? ''}
        onClose={() => {
          setEditingId(null);
          reload();
        }}
      />
    </>
  );
}
