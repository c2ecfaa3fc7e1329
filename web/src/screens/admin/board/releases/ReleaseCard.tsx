import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { ReleaseCard_board$key } from '../../../../../__generated__/ReleaseCard_board.graphql.ts';
import type { ReleaseCard_release$key } from '../../../../../__generated__/ReleaseCard_release.graphql.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { AssignIdeasModal } from './AssignIdeasModal.tsx';
import { GenericPartModal } from './GenericPartModal.tsx';
import { releaseMessages as messages } from './messages.ts';
import { ReleaseFormModal } from './ReleaseFormModal.tsx';
import { PublishReleaseModal } from './PublishReleaseModal.tsx';
import { useDeleteReleasePartMutation } from './useDeleteReleasePartMutation.ts';
import { usePublishReleaseMutation } from './usePublishReleaseMutation.ts';
import { formatCalendarDate } from '../../../../i18n/dates.ts';

type TDialog = 'assign' | 'part' | 'edit' | 'publish' | null;

/** One release: date, name, parts, and its actions. */
export function ReleaseCard({
  release,
  board,
}: {
  release: ReleaseCard_release$key;
  board: ReleaseCard_board$key;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment ReleaseCard_release on Release {
        id
        name
        releaseDate
        isPublished
        bodyExcerpt
        labels
        parts {
          id
          ideaId
          title
        }
      }
    `,
    release,
  );
  const boardData = useFragment(
    graphql`
      fragment ReleaseCard_board on Board {
        id
      }
    `,
    board,
  );
  const [dialog, setDialog] = useState<TDialog>(null);
  const [publish] = usePublishReleaseMutation();
  const [deletePart] = useDeleteReleasePartMutation();

  const linkedIdeaCount = data.parts.filter((part) => part.ideaId).length;
  const togglePublished = useAction(async (completeLinkedIdeas: boolean = false) => {
    const { publishRelease: result } = await publish({
      releaseId: data.id,
      published: !data.isPublished,
      completeLinkedIdeas,
    });
    // The toggle stays as the server has it; the reason shows beside the buttons (or in the
    // publish dialog, which stays open).
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    setDialog(null);
    return null;
  });
  // Publishing asks first: it says how many people will be mailed, and offers to move the
  // linked ideas to the completed status. Unpublishing mails nobody and goes at once.
  const handleTogglePublished = () => {
    if (!data.isPublished) setDialog('publish');
    else void togglePublished.run();
  };

  const handleDeletePart = async (partId: string) => {
    try {
      await deletePart({ releaseId: data.id, partId }, undefined, (store) => {
        const record = store.get(data.id);
        const parts = record?.getLinkedRecords('parts');
        if (record && parts) {
          record.setLinkedRecords(
            parts.filter((part) => part.getDataID() !== partId),
            'parts',
          );
        }
      });
    } catch (error) {
      console.error('deleteReleasePart failed', error);
    }
  };

  return (
    <article className="card release-card" aria-labelledby={`release-${data.id}`}>
      <header className="release-card__header">
        <div>
          <p className="release-card__date">
            <time dateTime={data.releaseDate}>{formatCalendarDate(intl, data.releaseDate)}</time>
            {!data.isPublished ? (
              <span className="badge badge--inactive">
                {intl.formatMessage(messages.unpublished)}
              </span>
            ) : null}
          </p>
          <h3 className="card__title" id={`release-${data.id}`} tabIndex={-1}>
            {data.name}
          </h3>
          <p className="release-card__count muted">
            {intl.formatMessage(messages.linkedIdeas, { count: linkedIdeaCount })}
          </p>
          {data.labels.length > 0 ? (
            <ul className="release-labels" aria-label={intl.formatMessage(messages.labelsOnCard)}>
              {data.labels.map((label) =>
                label === 'NEW' || label === 'IMPROVED' || label === 'FIXED' ? (
                  <li key={label} className={`badge release-label--${label.toLowerCase()}`}>
                    {intl.formatMessage(messages[`label${label}`])}
                  </li>
                ) : null,
              )}
            </ul>
          ) : null}
        </div>
      </header>
      {data.bodyExcerpt ? <p className="release-card__preview">{data.bodyExcerpt}</p> : null}
      {data.parts.length === 0 ? (
        <p className="muted">{intl.formatMessage(messages.noParts)}</p>
      ) : (
        <ul className="release-parts">
          {data.parts.map((part) => (
            <li key={part.id} className="release-parts__item">
              <span className={part.ideaId ? 'release-parts__idea' : undefined}>{part.title}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={intl.formatMessage(messages.deletePart, { title: part.title })}
                onClick={() => void handleDeletePart(part.id)}
              >
                <Icon name="trash" size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="release-card__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDialog('assign')}
        >
          {intl.formatMessage(messages.assign)}
        </button>
        <PendingButton
          className={`button ${data.isPublished ? 'button--secondary' : 'button--primary'}`}
          isPending={togglePublished.isPending && dialog !== 'publish'}
          onClick={handleTogglePublished}
        >
          {intl.formatMessage(data.isPublished ? messages.unpublish : messages.publish)}
        </PendingButton>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDialog('part')}
        >
          {intl.formatMessage(messages.addPart)}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setDialog('edit')}
        >
          {intl.formatMessage(messages.edit)}
        </button>
        <button type="button" className="button button--secondary" disabled>
          {intl.formatMessage(messages.remove)}
        </button>
      </div>
      {dialog === 'publish' ? null : <ActionError failure={togglePublished.failure} />}
      <PublishReleaseModal
        isOpen={dialog === 'publish'}
        onClose={() => {
          togglePublished.clearFailure();
          setDialog(null);
        }}
        releaseId={data.id}
        releaseName={data.name}
        linkedIdeaCount={linkedIdeaCount}
        isPending={togglePublished.isPending}
        failure={togglePublished.failure}
        onPublish={(completeLinkedIdeas) => void togglePublished.run(completeLinkedIdeas)}
      />
      <AssignIdeasModal
        isOpen={dialog === 'assign'}
        onClose={() => setDialog(null)}
        releaseId={data.id}
        releaseName={data.name}
        partIdeaIds={data.parts.map((part) => part.ideaId ?? null)}
        boardId={boardData.id}
      />
      <GenericPartModal
        isOpen={dialog === 'part'}
        onClose={() => setDialog(null)}
        releaseId={data.id}
      />
      <ReleaseFormModal
        isOpen={dialog === 'edit'}
        onClose={() => setDialog(null)}
        releaseId={data.id}
      />
    </article>
  );
}
