import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { ImportProgress_job$key } from '../../../../../__generated__/ImportProgress_job.graphql.ts';
import { importMessages } from './messages.ts';

const POLL_MS = 1_000;

const importProgressQuery = graphql`
  query ImportProgressQuery($id: ID!) {
    importJob(id: $id) {
      ...ImportProgress_job
    }
  }
`;

/**
 * A started import: a progress bar of rows written, polled every second until the job ends,
 * then what it created (or why it failed, nothing written).
 */
export function ImportProgress({ job: jobKey }: { job: ImportProgress_job$key }) {
  const intl = useIntl();
  const environment = useRelayEnvironment();
  const job = useFragment(
    graphql`
      fragment ImportProgress_job on ImportJob {
        id
        status
        total
        processed
        error
        result {
          ideas
          users
          votes
          comments
        }
      }
    `,
    jobKey,
  );
  const isRunning = job.status === 'QUEUED' || job.status === 'RUNNING';
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => {
      fetchQuery(environment, importProgressQuery, { id: job.id }).subscribe({});
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [environment, isRunning, job.id]);

  if (job.status === 'PREVIEWED') return null;
  return (
    <div className="import-progress" data-testid="import-progress">
      {isRunning ? (
        <>
          <progress
            className="import-progress__bar"
            max={Math.max(job.total, 1)}
            value={job.processed}
            aria-label={intl.formatMessage(importMessages.progressLabel)}
          />
          <p role="status">
            {job.status === 'QUEUED'
              ? intl.formatMessage(importMessages.queued)
              : intl.formatMessage(importMessages.progress, {
                  processed: intl.formatNumber(job.processed),
                  total: intl.formatNumber(job.total),
                })}
          </p>
        </>
      ) : null}
      {job.status === 'SUCCEEDED' && job.result ? (
        <div className="alert alert--success" role="status">
          <p className="alert__text">
            {intl.formatMessage(importMessages.succeeded, {
              ideas: job.result.ideas,
              votes: job.result.votes,
              comments: job.result.comments,
              users: job.result.users,
            })}
          </p>
          <Link to="../list">{intl.formatMessage(importMessages.seeIdeas)}</Link>
        </div>
      ) : null}
      {job.status === 'FAILED' ? (
        <p className="alert alert--danger" role="alert">
          {intl.formatMessage(importMessages.failed, { error: job.error ?? '' })}
        </p>
      ) : null}
    </div>
  );
}
