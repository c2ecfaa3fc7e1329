import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import type { useCustomerMutationsPreviewMutation$data as TPreviewData } from '../../../../__generated__/useCustomerMutationsPreviewMutation.graphql.ts';
import { commonMessages } from '../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../ui/PendingButton.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { customerServerMessage } from './customer-form.ts';
import { customerMessages } from './messages.ts';
import {
  usePreviewCustomerImportMutation,
  useImportCustomersMutation,
} from './useCustomerMutations.ts';

type TPreview = Extract<
  TPreviewData['previewCustomerCompanyImport'],
  { __typename: 'MutationPreviewCustomerCompanyImportSuccess' }
>['data'];

const COLUMN_NAMES = { NAME: 'name', EXTERNAL_ID: 'external id', MONTHLY_SPEND: 'monthly spend' };

/**
 * Import from CSV: choose a file, preview what it creates and updates (and each row's problem,
 * naming its row and column), then import it in one go. A new file needs a new preview.
 */
export function CustomerImport({
  onImported,
  currency,
}: {
  onImported: () => void;
  /** The ISO 4217 code of the monthly spend. */
  currency: string;
}) {
  const intl = useIntl();
  const titleId = useId();
  const fileId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<TPreview | null>(null);
  const [done, setDone] = useState<{ create: number; update: number } | null>(null);
  const [previewImport] = usePreviewCustomerImportMutation();
  const [commitImport] = useImportCustomersMutation();

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(null);
    setDone(null);
    setCsv(file ? await file.text() : null);
  };
  const previewing = useAction(async () => {
    if (csv === null) return null;
    setDone(null);
    const result = (await previewImport({ csv })).previewCustomerCompanyImport;
    if (result.__typename === 'MutationPreviewCustomerCompanyImportSuccess') {
      setPreview(result.data);
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });
  const committing = useAction(async () => {
    if (csv === null) return null;
    const result = (await commitImport({ csv })).importCustomerCompanies;
    if (result.__typename === 'MutationImportCustomerCompaniesSuccess') {
      setDone({ create: result.data.createCount, update: result.data.updateCount });
      setPreview(null);
      onImported();
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });
  const problemText = (problem: TPreview['problems'][number]) => {
    const shown = customerServerMessage(problem.message);
    const message =
      'descriptor' in shown ? intl.formatMessage(shown.descriptor, shown.values) : shown.text;
    return problem.column
      ? intl.formatMessage(customerMessages.problemCell, {
          row: problem.row,
          column: COLUMN_NAMES[problem.column as keyof typeof COLUMN_NAMES] ?? problem.column,
          message,
        })
      : intl.formatMessage(customerMessages.problemRow, { row: problem.row, message });
  };

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        {intl.formatMessage(customerMessages.importTitle)}
      </h2>
      <p className="muted">{intl.formatMessage(customerMessages.importIntro)}</p>
      <div className="form">
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            {intl.formatMessage(customerMessages.importFile)}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className="field__input"
            onChange={(event) => void handleFile(event)}
          />
        </div>
        <div className="form__actions">
          <PendingButton
            className="button button--secondary"
            isPending={previewing.isPending}
            pendingLabel={intl.formatMessage(customerMessages.previewing)}
            isDisabled={csv === null}
            onClick={() => void previewing.run()}
          >
            {intl.formatMessage(customerMessages.preview)}
          </PendingButton>
        </div>
        <ActionError failure={previewing.failure} />
      </div>
      {done ? (
        <p className="alert alert--success" role="status">
          {intl.formatMessage(customerMessages.imported, done)}
        </p>
      ) : null}
      {preview ? (
        <div className="customer-import__preview" data-testid="customer-import-preview">
          <p role="status">
            {intl.formatMessage(customerMessages.previewSummary, {
              create: preview.createCount,
              update: preview.updateCount,
            })}
          </p>
          {preview.problems.length > 0 ? (
            <div className="alert alert--danger" role="alert">
              <div className="alert__text">
                <p>
                  {intl.formatMessage(customerMessages.problemsTitle, {
                    count: preview.problems.length,
                  })}
                </p>
                <ul data-testid="customer-import-problems">
                  {preview.problems.map((problem) => (
                    <li key={`${problem.row}-${problem.column ?? ''}`}>{problemText(problem)}</li>
                  ))}
                </ul>
              </div>
            </div>
          ) : null}
          {preview.rows.length > 0 ? (
            <div className="table-scroll">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{intl.formatMessage(customerMessages.row)}</th>
                    <th scope="col">{intl.formatMessage(customerMessages.name)}</th>
                    <th scope="col">{intl.formatMessage(customerMessages.externalId)}</th>
                    <th scope="col">{intl.formatMessage(customerMessages.monthlySpend)}</th>
                    <th scope="col">{intl.formatMessage(customerMessages.action)}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row) => (
                    <tr key={row.row}>
                      <td className="table__number">{row.row}</td>
                      <td>{row.name}</td>
                      <td>
                        <code>{row.externalId}</code>
                      </td>
                      <td className="table__number">
                        {intl.formatNumber(row.monthlySpend, { style: 'currency', currency })}
                      </td>
                      <td>
                        {intl.formatMessage(
                          row.action === 'UPDATE'
                            ? customerMessages.actionUpdate
                            : customerMessages.actionCreate,
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <div className="form__actions">
            <PendingButton
              isPending={committing.isPending}
              pendingLabel={intl.formatMessage(customerMessages.committing)}
              isDisabled={preview.problems.length > 0 || preview.rows.length === 0}
              onClick={() => void committing.run()}
            >
              {intl.formatMessage(customerMessages.commit, { count: preview.rows.length })}
            </PendingButton>
          </div>
          <ActionError failure={committing.failure} />
        </div>
      ) : null}
    </section>
  );
}
