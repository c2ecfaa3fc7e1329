import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { StatusControl_board$key } from '../../../../../__generated__/StatusControl_board.graphql.ts';
import type { StatusControl_idea$key } from '../../../../../__generated__/StatusControl_idea.graphql.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { showToast } from '../../../../toast/toast-store.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { useViewOnlyProps } from '../board-access.tsx';
import { DeclineModal } from './DeclineModal.tsx';
import { ideaMessages, statusMessages, statusOptionMessages } from './messages.ts';
import { StatusBadge, toStatus } from './StatusBadge.tsx';
import type { TIdeaStatus } from './StatusBadge.tsx';
import { useSetIdeaStatusMutation } from './useSetIdeaStatusMutation.ts';

const MENU_STATUSES = [
  'NOT_PUBLIC',
  'OPEN',
  'REVIEW',
  'PLANNED',
  'IN_PROGRESS',
  'COMPLETE',
] as const;

/** Which statuses the menu offers: every other one but DECLINED; none once declined. */
export function statusOptions(status: TIdeaStatus): TIdeaStatus[] {
  if (status === 'DECLINED') return [];
  return MENU_STATUSES.filter((option) => option !== status);
}

/** Decline is offered while the idea is neither declined nor complete. */
export function canDecline(status: TIdeaStatus): boolean {
  return status !== 'DECLINED' && status !== 'COMPLETE';
}

/**
 * The status: a menu for those who may change it (DECLINED only through the decline modal), a
 * read-only badge for everyone else and for declined ideas. On an inactive board the menu is
 * disabled: the server refuses status changes and declines there.
 */
export function StatusControl({
  idea,
  board,
}: {
  idea: StatusControl_idea$key;
  board: StatusControl_board$key;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment StatusControl_idea on Idea {
        id
        title
        status
        canUpdateStatus
      }
    `,
    idea,
  );
  const boardData = useFragment(
    graphql`
      fragment StatusControl_board on Board {
        ...DeclineModal_board
      }
    `,
    board,
  );
  const [setStatus, isSaving] = useSetIdeaStatusMutation();
  const [isDeclining, setIsDeclining] = useState(false);
  const viewOnly = useViewOnlyProps();
  const status = toStatus(data.status);
  const options = statusOptions(status);

  if (!data.canUpdateStatus || options.length === 0) return <StatusBadge status={status} />;

  const handleSelect = async (next: TIdeaStatus) => {
    try {
      const { setIdeaStatus: result } = await setStatus({ ideaId: data.id, status: next });
      if (result.__typename === 'MutationSetIdeaStatusSuccess') return;
    } catch (error) {
      console.error('setIdeaStatus failed', error);
    }
    showToast({
      type: 'error',
      title: commonMessages.errorTitle,
      description: commonMessages.genericError,
    });
  };

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          className="status-trigger"
          {...viewOnly}
          disabled={isSaving || viewOnly.disabled}
          aria-label={intl.formatMessage(ideaMessages.changeStatus, {
            status: intl.formatMessage(statusMessages[status]),
          })}
        >
          <StatusBadge status={status} />
          <Icon name="chevronDown" size={16} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="dropdown" align="start" sideOffset={6}>
            {options.map((option) => (
              <DropdownMenu.Item
                key={option}
                className="dropdown__item"
                onSelect={() => void handleSelect(option)}
              >
                <span
                  className={`status-dot status-dot--${option.toLowerCase()}`}
                  aria-hidden="true"
                />
                {intl.formatMessage(
                  statusOptionMessages[option as keyof typeof statusOptionMessages],
                )}
              </DropdownMenu.Item>
            ))}
            {canDecline(status) ? (
              <>
                <DropdownMenu.Separator className="dropdown__separator" />
                <DropdownMenu.Item
                  className="dropdown__item dropdown__item--danger"
                  onSelect={() => setIsDeclining(true)}
                >
                  <Icon name="close" size={18} />
                  {intl.formatMessage(ideaMessages.decline)}
                </DropdownMenu.Item>
              </>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <DeclineModal
        isOpen={isDeclining}
        onClose={() => setIsDeclining(false)}
        ideaId={data.id}
        ideaTitle={data.title}
        board={boardData}
      />
    </>
  );
}
