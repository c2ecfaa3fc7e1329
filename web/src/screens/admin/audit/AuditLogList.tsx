import { useIntl } from 'react-intl';
import { graphql, usePaginationFragment } from 'react-relay';
import type { AuditLogList_company$key } from '../../../../__generated__/AuditLogList_company.graphql.ts';
import { PendingButton } from '../../../ui/PendingButton.tsx';
import { detailLines } from './detail-lines.ts';
import { detailMessages, actionMessages, auditMessages } from './messages.ts';

const DATE_TIME = { dateStyle: 'medium', timeStyle: 'medium' } as const;

/** The log's entries, newest first, a page of 50 at a time. */
export function AuditLogList({
  company,
  isFiltered,
}: {
  company: AuditLogList_company$key;
  isFiltered: boolean;
}) {
  const intl = useIntl();
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment(
    graphql`
      fragment AuditLogList_company on Company
      @refetchable(queryName: "AuditLogListPaginationQuery")
      @argumentDefinitions(
        count: { type: "Int", defaultValue: 50 }
        cursor: { type: "String" }
        action: { type: "AuditAction" }
        actorId: { type: "ID" }
        from: { type: "DateTime" }
        to: { type: "DateTime" }
      ) {
        auditLog(
          first: $count
          after: $cursor
          action: $action
          actorId: $actorId
          from: $from
          to: $to
        ) @connection(key: "AuditLogList_auditLog") {
          totalCount
          edges {
            node {
              id
              createdAt
              action
              actorLabel
              address
              details {
                name
                value
              }
            }
          }
        }
      }
    `,
    company,
  );
  const log = data.auditLog;
  if (!log) return null;
  const entries = log.edges.map((edge) => edge.node);
  const actionLabel = (action: string) =>
    action in actionMessages
      ? intl.formatMessage(actionMessages[action as keyof typeof actionMessages])
      : action;

  return (
    <section className="card audit-log" aria-labelledby="audit-log-count">
      <p id="audit-log-count" className="audit-log__count" role="status">
        {intl.formatMessage(auditMessages.count, { count: log.totalCount })}
      </p>
      {entries.length === 0 ? (
        <p className="muted">
          {intl.formatMessage(isFiltered ? auditMessages.emptyFiltered : auditMessages.empty)}
        </p>
      ) : (
        <table className="audit-table" data-testid="audit-entries" role="table">
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                {intl.formatMessage(auditMessages.when)}
              </th>
              <th scope="col" role="columnheader">
                {intl.formatMessage(auditMessages.who)}
              </th>
              <th scope="col" role="columnheader">
                {intl.formatMessage(auditMessages.what)}
              </th>
              <th scope="col" role="columnheader">
                {intl.formatMessage(auditMessages.details)}
              </th>
              <th scope="col" role="columnheader">
                {intl.formatMessage(auditMessages.address)}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {entries.map((entry) => (
              <tr key={entry.id} data-action={entry.action} role="row">
                <td role="cell" data-label={intl.formatMessage(auditMessages.when)}>
                  <time dateTime={String(entry.createdAt)}>
                    {intl.formatDate(String(entry.createdAt), DATE_TIME)}
                  </time>
                </td>
                <td
                  role="cell"
                  data-label={intl.formatMessage(auditMessages.who)}
                  className="audit-table__who"
                >
                  {entry.actorLabel}
                </td>
                <td role="cell" data-label={intl.formatMessage(auditMessages.what)}>
                  {actionLabel(entry.action)}
                </td>
                <td
                  role="cell"
                  data-label={intl.formatMessage(auditMessages.details)}
                  data-empty={entry.details.length === 0 || undefined}
                >
                  {entry.details.length > 0 ? (
                    <dl className="audit-table__details">
                      {detailLines(
                        entry.action,
                        entry.details.map(({ name, value }) => ({ name, value })),
                      ).map((line, index) => (
                        <div key={index}>
                          <dt>
                            {typeof line.label === 'string'
                              ? line.label
                              : intl.formatMessage(line.label)}
                          </dt>
                          <dd>
                            {line.previous === undefined ? (
                              line.value
                            ) : (
                              <>
                                <span aria-hidden="true">
                                  {line.previous}
                                  <span className="audit-table__arrow">
                                    {intl.formatMessage(detailMessages.arrow)}
                                  </span>
                                  {line.value}
                                </span>
                                <span className="visually-hidden">
                                  {intl.formatMessage(detailMessages.changeSpoken, {
                                    from: line.previous,
                                    to: line.value,
                                  })}
                                </span>
                              </>
                            )}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                </td>
                <td role="cell" data-label={intl.formatMessage(auditMessages.address)}>
                  {entry.address ?? (
                    <span className="muted">{intl.formatMessage(auditMessages.noAddress)}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {hasNext ? (
        <div className="audit-log__more">
          <PendingButton
            className="button button--secondary"
            isPending={isLoadingNext}
            pendingLabel={intl.formatMessage(auditMessages.loadingMore)}
            onClick={() => loadNext(50)}
          >
            {intl.formatMessage(auditMessages.more)}
          </PendingButton>
        </div>
      ) : null}
    </section>
  );
}
