import { useId, useState } from 'react';
import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import type { useImportMutationsPreviewMutation$data as TPreviewData } from '../../../../../__generated__/useImportMutationsPreviewMutation.graphql.ts';
import type { ImportSource } from '../../../../../__generated__/useImportMutationsPreviewMutation.graphql.ts';
import type { ImportProgress_job$key } from '../../../../../__generated__/ImportProgress_job.graphql.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { statusMessages } from '../ideas/messages.ts';
import { ImportProgress } from './ImportProgress.tsx';
import { importMessages } from './messages.ts';
import { problemText } from './problem-messages.ts';
import { usePreviewImportMutation, useStartImportMutation } from './useImportMutations.ts';

type TJob = Extract<
  TPreviewData['previewImport'],
  { __typename: 'MutationPreviewImportSuccess' }
>['data'];

const SOURCES = [
  { value: 'CSV', label: importMessages.sourceCsv, accept: '.csv,text/csv' },
  {
    value: 'CANNY',
    label: importMessages.sourceCanny,
    accept: '.json,.csv,application/json,text/csv',
  },
  { value: 'USERVOICE', label: importMessages.sourceUserVoice, accept: '.csv,text/csv' },
  { value: 'FIDER', label: importMessages.sourceFider, accept: '.zip,.json,application/zip' },
] as const;

/**
 * /admin/boards/{id}/import (owners and admins): choose the source and its export files,
 * preview what the import creates (counts, statuses mapped to ours, bad rows by file, row and
 * column), then import in the background with a progress bar.
 */
export function ImportScreen() {
  const intl = useIntl();
  const { boardId = '' } = useParams();
  const sourceId = useId();
  const filesId = useId();
  const [source, setSource] = useState<ImportSource>('CSV');
  const [files, setFiles] = useState<File[]>([]);
  const [job, setJob] = useState<TJob | null>(null);
  const [started, setStarted] = useState<ImportProgress_job$key | null>(null);
  const [previewImport] = usePreviewImportMutation();
  const [startImport] = useStartImportMutation();

  const reset = () => {
    setJob(null);
    setStarted(null);
  };
  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    reset();
    setFiles(Array.from(event.target.files ?? []));
  };
  const previewing = useAction(async () => {
    reset();
    const uploads = Object.fromEntries(files.map((file, at) => [`uploads.${at}`, file]));
    const result = (
      await previewImport(
        { boardId, source, uploads: files.map(() => null) },
        undefined,
        undefined,
        uploads,
      )
    ).previewImport;
    if (result.__typename === 'MutationPreviewImportSuccess') {
      setJob(result.data);
      return null;
    }
    if (result.__typename === 'AppError') {
      return { text: result.fields?.[0]?.message ?? result.message };
    }
    return { descriptor: commonMessages.genericError };
  });
  const starting = useAction(async () => {
    if (!job) return null;
    const result = (await startImport({ importJobId: job.id })).startImport;
    if (result.__typename === 'MutationStartImportSuccess') {
      setStarted(result.data);
      return null;
    }
    return result.__typename === 'AppError'
      ? { text: result.message, code: result.code }
      : { descriptor: commonMessages.genericError };
  });
  const accept = SOURCES.find((s) => s.value === source)?.accept;
  const counts = job
    ? ([
        ['ideas', importMessages.ideas, job.preview.ideas],
        ['users', importMessages.users, job.preview.users],
        ['votes', importMessages.votes, job.preview.votes],
        ['comments', importMessages.comments, job.preview.comments],
      ] as const)
    : [];

  return (
    <section aria-labelledby="import-title">
      <header className="section-header">
        <h2 id="import-title" className="section-header__title">
          {intl.formatMessage(importMessages.title)}
        </h2>
      </header>
      <div className="card">
        <p className="muted">{intl.formatMessage(importMessages.intro)}</p>
        <div className="form">
          <div className="field">
            <label className="field__label" htmlFor={sourceId}>
              {intl.formatMessage(importMessages.source)}
            </label>
            <select
              id={sourceId}
              className="field__input"
              value={source}
              onChange={(event) => {
                reset();
                setSource(event.target.value as ImportSource);
              }}
            >
              {SOURCES.map((option) => (
                <option key={option.value} value={option.value}>
                  {intl.formatMessage(option.label)}
                </option>
              ))}
            </select>
            {source === 'CSV' ? (
              <p className="field__hint">{intl.formatMessage(importMessages.csvHint)}</p>
            ) : null}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={filesId}>
              {intl.formatMessage(importMessages.files)}
            </label>
            <input
              id={filesId}
              type="file"
              multiple
              accept={accept}
              className="field__input"
              onChange={handleFiles}
            />
          </div>
          <div className="form__actions">
            <PendingButton
              className="button button--secondary"
              isPending={previewing.isPending}
              pendingLabel={intl.formatMessage(importMessages.previewing)}
              isDisabled={files.length === 0}
              onClick={() => void previewing.run()}
            >
              {intl.formatMessage(importMessages.preview)}
            </PendingButton>
          </div>
          <ActionError failure={previewing.failure} />
        </div>
      </div>
      {job ? (
        <div className="card" data-testid="import-preview">
          <h3 className="card__title">{intl.formatMessage(importMessages.previewTitle)}</h3>
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(importMessages.kind)}</th>
                  <th scope="col">{intl.formatMessage(importMessages.inFile)}</th>
                  <th scope="col">{intl.formatMessage(importMessages.toCreate)}</th>
                </tr>
              </thead>
              <tbody>
                {counts.map(([key, label, count]) => (
                  <tr key={key}>
                    <th scope="row">{intl.formatMessage(label)}</th>
                    <td className="table__number">{intl.formatNumber(count.inFile)}</td>
                    <td className="table__number">{intl.formatNumber(count.toCreate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {job.preview.statusMapping.length > 0 ? (
            <>
              <h4>{intl.formatMessage(importMessages.statusesTitle)}</h4>
              <div className="table-scroll">
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">{intl.formatMessage(importMessages.sourceStatus)}</th>
                      <th scope="col">{intl.formatMessage(importMessages.ourStatus)}</th>
                      <th scope="col">{intl.formatMessage(importMessages.ideaCount)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {job.preview.statusMapping.map((line) => (
                      <tr key={`${line.status}:${line.sourceStatus}`}>
                        <td>{line.sourceStatus}</td>
                        <td>
                          {line.customStatusName ??
                            intl.formatMessage(
                              statusMessages[line.status as keyof typeof statusMessages] ??
                                statusMessages.OPEN,
                            )}
                        </td>
                        <td className="table__number">{intl.formatNumber(line.ideaCount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
          {job.preview.skipped > 0 ? (
            <p className="muted">
              {intl.formatMessage(importMessages.skipped, { count: job.preview.skipped })}
            </p>
          ) : null}
          {job.preview.problemCount > 0 ? (
            <div className="alert alert--warning" data-testid="import-problems">
              <p className="alert__text">
                {intl.formatMessage(importMessages.problemsTitle, {
                  count: job.preview.problemCount,
                })}
              </p>
              <div className="table-scroll">
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">{intl.formatMessage(importMessages.problemFile)}</th>
                      <th scope="col">{intl.formatMessage(importMessages.problemRow)}</th>
                      <th scope="col">{intl.formatMessage(importMessages.problemColumn)}</th>
                      <th scope="col">{intl.formatMessage(importMessages.problemMessage)}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {job.preview.problems.map((problem, index) => (
                      <tr key={index}>
                        <td>{problem.file}</td>
                        <td className="table__number">{problem.row}</td>
                        <td>{problem.column}</td>
                        <td>{problemText(intl, problem.message)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ) : null}
          {started ? (
            <ImportProgress job={started} />
          ) : (
            <div className="form__actions">
              <PendingButton
                isPending={starting.isPending}
                pendingLabel={intl.formatMessage(importMessages.starting)}
                isDisabled={job.preview.ideas.inFile === 0}
                onClick={() => void starting.run()}
              >
                {intl.formatMessage(importMessages.start)}
              </PendingButton>
            </div>
          )}
          <ActionError failure={starting.failure} />
        </div>
      ) : null}
    </section>
  );
}
