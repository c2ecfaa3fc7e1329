import { useIntl } from 'react-intl';
import { graphql, usePreloadedQuery } from 'react-relay';
import type { PreloadedQuery } from 'react-relay';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import type { AuditScreenQuery as TAuditScreenQuery } from '../../../../__generated__/AuditScreenQuery.graphql.ts';
import { rowIdOf } from '../../../relay/row-id.ts';
import { getAuthToken } from '../../../session/storage.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { usePageTitle } from '../../../ui/usePageTitle.ts';
import { AuditLogList } from './AuditLogList.tsx';
import { AUDIT_ACTIONS, filtersOf, isBadRange, variablesOf } from './filters.ts';
import type { TAuditFilters } from './filters.ts';
import { actionMessages, auditMessages } from './messages.ts';

export { filtersOf, variablesOf };

export const auditScreenQuery = graphql`
  query AuditScreenQuery($action: AuditAction, $actorId: ID, $from: DateTime, $to: DateTime) {
    viewer {
      user {
        role
      }
      company {
        id
        auditActors {
          id
          label
          userId
          apiKeyId
        }
        ...AuditLogList_company @arguments(action: $action, actorId: $actorId, from: $from, to: $to)
      }
    }
  }
`;

/**
 * /admin/audit: the company's audit log (its owner): who did what, when and from where,
 * filtered by who, what and dates (kept in the address), a page at a time, and as CSV.
 */
export function AuditScreen() {
  const intl = useIntl();
  const queryRef = useLoaderData() as PreloadedQuery<TAuditScreenQuery>;
  const { viewer } = usePreloadedQuery<TAuditScreenQuery>(auditScreenQuery, queryRef);
  usePageTitle(auditMessages.title);
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const isFiltered = Boolean(filters.action || filters.actor || filters.from || filters.to);
  const setFilter = (name: keyof TAuditFilters, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next, { replace: true });
  };

  const company = viewer?.company;
  const actors = company?.auditActors ?? [];
  const exporting = useAction(async () => {
    if (!company) return null;
    const variables = variablesOf(filters);
    const actor = actors.find((candidate) => candidate.id === filters.actor);
    const query = new URLSearchParams();
    if (variables.action) query.set('action', variables.action);
    if (actor?.userId !== undefined && actor.userId !== null)
      query.set('actorUserId', String(actor.userId));
    if (actor?.apiKeyId !== undefined && actor.apiKeyId !== null)
      query.set('actorApiKeyId', String(actor.apiKeyId));
    if (variables.from) query.set('from', variables.from);
    if (variables.to) query.set('to', variables.to);
    const token = getAuthToken();
    const response = await fetch(
      `/api/v1/companies/${encodeURIComponent(rowIdOf(company.id, 'Company'))}/audit.csv?${query}`,
      { headers: token ? { authorization: `Bearer ${token}` } : {} },
    );
    if (!response.ok) throw new Error(`audit export answered ${response.status}`);
    const disposition = response.headers.get('content-disposition') ?? '';
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'audit-log.csv';
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return null;
  });

  const header = (
    <header className="page-header">
      <div>
        <h1 className="page-header__title">{intl.formatMessage(auditMessages.title)}</h1>
        <p className="page-header__intro">{intl.formatMessage(auditMessages.intro)}</p>
      </div>
    </header>
  );
  if (!viewer || !company || viewer.user.role !== 'OWNER') {
    return (
      <>
        {header}
        <p className="alert alert--info" role="note">
          {intl.formatMessage(auditMessages.ownerOnly)}
        </p>
      </>
    );
  }
  return (
    <>
      {header}
      <form
        className="card audit-filters"
        aria-label={intl.formatMessage(auditMessages.filters)}
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="field">
          <label className="field__label" htmlFor="audit-actor">
            {intl.formatMessage(auditMessages.actor)}
          </label>
          <select
            id="audit-actor"
            className="field__input"
            value={filters.actor}
            onChange={(event) => setFilter('actor', event.target.value)}
          >
            <option value="">{intl.formatMessage(auditMessages.anyone)}</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-action">
            {intl.formatMessage(auditMessages.action)}
          </label>
          <select
            id="audit-action"
            className="field__input"
            value={filters.action}
            onChange={(event) => setFilter('action', event.target.value)}
          >
            <option value="">{intl.formatMessage(auditMessages.anything)}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {intl.formatMessage(actionMessages[action])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-from">
            {intl.formatMessage(auditMessages.from)}
          </label>
          <input
            id="audit-from"
            className="field__input"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => setFilter('from', event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-to">
            {intl.formatMessage(auditMessages.to)}
          </label>
          <input
            id="audit-to"
            className="field__input"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            aria-invalid={isBadRange(filters) || undefined}
            aria-describedby={isBadRange(filters) ? 'audit-bad-range' : undefined}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </div>
        <div className="audit-filters__actions">
          {isFiltered ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setSearch(new URLSearchParams(), { replace: true })}
            >
              {intl.formatMessage(auditMessages.clear)}
            </button>
          ) : null}
          <PendingButton
            className="button button--secondary"
            isPending={exporting.isPending}
            pendingLabel={intl.formatMessage(auditMessages.exporting)}
            onClick={() => void exporting.run()}
          >
            {intl.formatMessage(auditMessages.export)}
          </PendingButton>
        </div>
        {isBadRange(filters) ? (
          <p id="audit-bad-range" className="field__error audit-filters__error" role="alert">
            {intl.formatMessage(auditMessages.badRange)}
          </p>
        ) : null}
        <ActionError failure={exporting.failure} className="audit-filters__error" />
      </form>
      <AuditLogList company={company} isFiltered={isFiltered} />
    </>
  );
}
