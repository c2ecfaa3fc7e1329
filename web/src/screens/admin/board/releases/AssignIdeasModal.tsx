import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { AssignIdeasModal_board$key } from '../../../../../__generated__/AssignIdeasModal_board.graphql.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { showToast } from '../../../../toast/toast-store.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { StatusBadge } from '../ideas/StatusBadge.tsx';
import { assignableIdeas, releaseMessages as messages } from './messages.ts';
import { useAddReleaseIdeasMutation } from './useAddReleaseIdeasMutation.ts';

/** Picks ideas of the board as parts of a release. */
export function AssignIdeasModal({
  isOpen,
  onClose,
  releaseId,
  releaseName,
  partIdeaIds,
  board,
}: {
  isOpen: boolean;
  onClose: () => void;
  releaseId: string;
  releaseName: string;
  partIdeaIds: readonly (string | null)[];
  board: AssignIdeasModal_board$key;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment AssignIdeasModal_board on Board {
        assignable: ideas(first: 100, sort: STATUS) {
          edges {
            node {
              id
              title
              status
            }
          }
        }
      }
    `,
    board,
  );
  const [picked, setPicked] = useState<string[]>([]);
  const [addIdeas, isSaving] = useAddReleaseIdeasMutation();
  const ideas = assignableIdeas(
    data.assignable.edges.map((edge) => edge.node),
    partIdeaIds,
  );

  const handleClose = () => {
    setPicked([]);
    onClose();
  };
  const toggle = (id: string) =>
    setPicked((current) =>
      current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
    );

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (picked.length === 0) return;
    try {
      const { addReleaseIdeas: result } = await addIdeas({ releaseId, ideaIds: picked });
      if (result.__typename === 'MutationAddReleaseIdeasSuccess') {
        handleClose();
        return;
      }
    } catch (error) {
      console.error('addReleaseIdeas failed', error);
    }
    showToast({
      type: 'error',
      title: commonMessages.errorTitle,
      description: commonMessages.genericError,
    });
  };

  return (
    <Modal
      isOpen={isOpen}
      onClose={handleClose}
      isLocked={isSaving}
      title={intl.formatMessage(messages.assignTitle, { name: releaseName })}
      description={intl.formatMessage(messages.assignIntro)}
    >
      <form className="form" onSubmit={(event) => void handleSubmit(event)}>
        {ideas.length === 0 ? (
          <p className="muted">{intl.formatMessage(messages.assignEmpty)}</p>
        ) : (
          <ul className="assign-list">
            {ideas.map((idea) => (
              <li key={idea.id}>
                <label className="checkbox assign-list__item">
                  <input
                    type="checkbox"
                    checked={picked.includes(idea.id)}
                    onChange={() => toggle(idea.id)}
                  />
                  <span className="assign-list__text">
                    {idea.title}
                    <StatusBadge status={idea.status} />
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={handleClose}
            disabled={isSaving}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={isSaving || picked.length === 0}
          >
            {intl.formatMessage(messages.assignSubmit, { count: picked.length })}
          </button>
        </div>
      </form>
    </Modal>
  );
}
