import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { PublishReleaseModalMailCountQuery } from '../../../../../__generated__/PublishReleaseModalMailCountQuery.graphql.ts';
import { CheckboxField } from '../../../../forms/CheckboxField.tsx';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import type { TActionFailure } from '../../../../ui/useAction.ts';
import { releaseMessages as messages } from './messages.ts';

const mailCountQuery = graphql`
  query PublishReleaseModalMailCountQuery($id: ID!) {
    release(id: $id) {
      publishMailCount
    }
  }
`;

/**
 * Publishing a release: says how many people it will mail (counted by the server when the
 * dialog opens, by the rules that queue the mails) and, when it has linked ideas, offers,
 * ticked, to move them to the board's completed status (their voters hear of it as of any
 * status change), so shipped ideas do not stay "In progress" on the roadmap.
 */
export function PublishReleaseModal({
  isOpen,
  onClose,
  releaseId,
  releaseName,
  linkedIdeaCount,
  isPending,
  failure,
  onPublish,
}: {
  isOpen: boolean;
  onClose: () => void;
  releaseId: string;
  releaseName: string;
  linkedIdeaCount: number;
  isPending: boolean;
  failure: TActionFailure | null;
  onPublish: (completeLinkedIdeas: boolean) => void;
}) {
  const intl = useIntl();
  const [isCompleting, setIsCompleting] = useState(true);
  const mailCount = usePublishMailCount(releaseId, isOpen);
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      isLocked={isPending}
      title={intl.formatMessage(messages.publishTitle, { name: releaseName })}
      description={intl.formatMessage(messages.publishText)}
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          onPublish(linkedIdeaCount > 0 && isCompleting);
        }}
      >
        <p className={mailCount === 'failed' ? 'field__error' : 'muted'} aria-live="polite">
          {mailCount === 'loading'
            ? intl.formatMessage(messages.publishCounting)
            : mailCount === 'failed'
              ? intl.formatMessage(messages.publishCountFailed)
              : intl.formatMessage(messages.publishMailCount, { count: mailCount })}
        </p>
        {linkedIdeaCount > 0 ? (
          <CheckboxField
            name="completeLinkedIdeas"
            label={intl.formatMessage(messages.publishComplete, { count: linkedIdeaCount })}
            hint={intl.formatMessage(messages.publishCompleteHint)}
            isChecked={isCompleting}
            onChange={setIsCompleting}
            isDisabled={isPending}
          />
        ) : null}
        <ActionError failure={failure} />
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={isPending}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <PendingButton type="submit" isPending={isPending} autoFocus>
            {intl.formatMessage(messages.publish)}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}

/** How many people publishing would mail, asked each time the dialog opens. */
function usePublishMailCount(releaseId: string, isOpen: boolean): number | 'loading' | 'failed' {
  const environment = useRelayEnvironment();
  const [count, setCount] = useState<number | 'loading' | 'failed'>('loading');
  useEffect(() => {
    if (!isOpen) return undefined;
    let isCurrent = true;
    setCount('loading');
    const subscription = fetchQuery<PublishReleaseModalMailCountQuery>(
      environment,
      mailCountQuery,
      { id: releaseId },
      { fetchPolicy: 'network-only' },
    ).subscribe({
      next: (data) => {
        const value = data.release?.publishMailCount;
        if (isCurrent) setCount(typeof value === 'number' ? value : 'failed');
      },
      error: () => {
        if (isCurrent) setCount('failed');
      },
    });
    return () => {
      isCurrent = false;
      subscription.unsubscribe();
    };
  }, [environment, releaseId, isOpen]);
  return count;
}
