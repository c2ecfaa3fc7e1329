import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { StatusControl_board$key } from '../../../../../__generated__/StatusControl_board.graphql.ts';
import type { StatusControl_idea$key } from '../../../../../__generated__/StatusControl_idea.graphql.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { MenuButton, MenuItem, MenuSeparator } from '../../../../ui/MenuButton.tsx';
import { Modal } from '../../../../ui/Modal.tsx';
import { ActionError } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { useViewOnlyProps } from '../board-access.tsx';
import { DeclineModal } from './DeclineModal.tsx';
import { ideaMessages, statusMessages } from './messages.ts';
import { StatusBadge, StatusDot, toStatus } from './StatusBadge.tsx';
import type { TIdeaStatus } from './StatusBadge.tsx';
import { refreshIdeasLists } from './live-lists.ts';
import { useSetIdeaStatusMutation } from './useSetIdeaStatusMutation.ts';
import {
  CustomStatusBadge,
  customStatusStyle,
  useStatusName,
} from '../statuses/CustomStatusBadge.tsx';

const messages = defineMessages({
  confirmTitle: { id: 'idea.acceptPastCap.title', defaultMessage: 'Accept “{title}”?' },
  confirmText: {
    id: 'idea.acceptPastCap.text',
    defaultMessage:
      'Your plan shows {cap, plural, one {# idea} other {# ideas}} and that many are shown already. Accepting this one puts the newest idea past the cap: it will be hidden from your users (you still see it, locked) until you upgrade your plan.',
  },
  confirm: { id: 'idea.acceptPastCap.confirm', defaultMessage: 'Accept anyway' },
});

const MENU_STATUSES = [
  'NOT_PUBLIC',
  'OPEN',
  'REVIEW',
  'PLANNED',
  'IN_PROGRESS',
  'COMPLETE',
] as const;

/**
 * Which statuses the menu offers: every other one but DECLINED. A declined idea is reopened by
 * picking one (its decline reason goes; votes merged away stay with the kept idea).
 */
export function statusOptions(status: TIdeaStatus): TIdeaStatus[] {
  return MENU_STATUSES.filter((option) => option !== status);
}

/** A pick of the status menu: a kind, and one of the board's custom statuses of it or none. */
type TStatusChoice = { status: TIdeaStatus; customStatusId: string | null };

type TCustomStatusOption = {
  id: string;
  kind: string;
  nameEn: string;
  namePl: string;
  color: string;
};

type TStatusMenuItem = { kind: TIdeaStatus; customStatus: TCustomStatusOption | null };

/**
 * The menu's one list, as the ideas list's filter names the statuses (F7 of walk 9): in
 * pipeline order, a kind the board has statuses of by those statuses alone (they replace the
 * standard name, as the settings say), any other kind by its standard name; the idea's current
 * pick is left out. No kind is both a heading and an item.
 */
export function statusChoices(
  status: TIdeaStatus,
  customStatusId: string | null,
  statuses: readonly TCustomStatusOption[],
): TStatusMenuItem[] {
  return MENU_STATUSES.flatMap((kind): TStatusMenuItem[] => {
    const customs = statuses.filter((custom) => custom.kind === kind);
    if (customs.length === 0) {
      return kind === status && customStatusId === null ? [] : [{ kind, customStatus: null }];
    }
    return customs
      .filter((custom) => custom.id !== customStatusId)
      .map((custom) => ({ kind, customStatus: custom }));
  });
}

/**
 * Whether moving an idea from `from` to `to` adds one to the ideas the plan counts while its cap
 * is reached (accepting an idea awaiting acceptance): the newest counted idea is then hidden
 * from the board's readers, which the admin confirms first.
 */
export function putsIdeaPastCap(from: TIdeaStatus, to: TIdeaStatus, isCapReached: boolean) {
  return isCapReached && from === 'NOT_PUBLIC' && to !== 'NOT_PUBLIC';
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
        customStatus {
          id
          nameEn
          namePl
          ...CustomStatusBadge_status
        }
      }
    `,
    idea,
  );
  const boardData = useFragment(
    graphql`
      fragment StatusControl_board on Board {
        limits {
          ideaCap
          isIdeaCapReached
        }
        statuses {
          id
          kind
          nameEn
          namePl
          color
        }
        ...DeclineModal_board
      }
    `,
    board,
  );
  const [setStatus, isSaving] = useSetIdeaStatusMutation();
  const [isDeclining, setIsDeclining] = useState(false);
  const [confirming, setConfirming] = useState<TStatusChoice | null>(null);
  // The dialogs this control opens come from its menu, whose item is gone once they close:
  // focus returns to the trigger instead of the page.
  const triggerRef = useRef<HTMLButtonElement>(null);
  const focusTrigger = () => triggerRef.current;
  const viewOnly = useViewOnlyProps();
  const status = toStatus(data.status);
  const options = statusOptions(status);

  const { ideaCap, isIdeaCapReached } = boardData.limits;

  // A failed change is said beside the trigger (the badge still shows the old status); a second
  // pick while one is saving is ignored.
  const change = useAction(async ({ status: next, customStatusId }: TStatusChoice) => {
    const { setIdeaStatus: result } = await setStatus({
      ideaId: data.id,
      status: next,
      customStatusId,
    });
    if (result.__typename !== 'MutationSetIdeaStatusSuccess') {
      return { descriptor: commonMessages.genericError };
    }
    // Counting one more or one fewer idea moves the plan's cutoff: other ideas on screen
    // may be hidden or shown again.
    if (ideaCap !== null && (status === 'NOT_PUBLIC') !== (next === 'NOT_PUBLIC')) {
      refreshIdeasLists();
    }
  });
  const applyStatus = (next: TStatusChoice) => change.run(next);
  const nameOf = useStatusName();
  const currentName = data.customStatus
    ? nameOf(data.customStatus.nameEn, data.customStatus.namePl)
    : intl.formatMessage(statusMessages[status]);
  const choices = statusChoices(status, data.customStatus?.id ?? null, boardData.statuses);
  const isBusy = isSaving || change.isPending;

  const badge = data.customStatus ? (
    <CustomStatusBadge status={data.customStatus} />
  ) : (
    <StatusBadge status={status} />
  );
  if (!data.canUpdateStatus || options.length === 0) return badge;

  const handleSelect = (next: TStatusChoice) => {
    if (putsIdeaPastCap(status, next.status, isIdeaCapReached)) setConfirming(next);
    else void applyStatus(next);
  };

  return (
    <>
      <MenuButton
        buttonRef={triggerRef}
        className="status-trigger"
        {...viewOnly}
        // Not disabled while saving: disabling the focused trigger would drop focus to the
        // page. A second pick meanwhile is ignored instead.
        aria-busy={isBusy || undefined}
        aria-disabled={isBusy || undefined}
        aria-label={intl.formatMessage(ideaMessages.changeStatus, {
          status: currentName,
        })}
        label={
          <>
            {badge}
            <Icon name="chevronDown" size={16} />
          </>
        }
      >
        {choices.map(({ kind, customStatus }) => (
          <MenuItem
            key={customStatus?.id ?? kind}
            onSelect={() => {
              if (!isBusy) handleSelect({ status: kind, customStatusId: customStatus?.id ?? null });
            }}
          >
            {customStatus ? (
              <span
                className="status-swatch"
                style={customStatusStyle(customStatus.color)}
                aria-hidden="true"
              />
            ) : (
              <StatusDot status={kind} />
            )}
            {customStatus
              ? nameOf(customStatus.nameEn, customStatus.namePl)
              : intl.formatMessage(statusMessages[kind])}
          </MenuItem>
        ))}
        {canDecline(status) ? (
          <>
            <MenuSeparator />
            <MenuItem isDanger onSelect={() => setIsDeclining(true)}>
              <Icon name="close" size={18} />
              {intl.formatMessage(ideaMessages.decline)}
            </MenuItem>
          </>
        ) : null}
      </MenuButton>
      <ActionError failure={change.failure} />
      <Modal
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        focusOnClose={focusTrigger}
        title={intl.formatMessage(messages.confirmTitle, { title: data.title })}
      >
        <p>{intl.formatMessage(messages.confirmText, { cap: ideaCap ?? 0 })}</p>
        <div className="form__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setConfirming(null)}
          >
            {intl.formatMessage(commonMessages.cancel)}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              const next = confirming;
              setConfirming(null);
              if (next) void applyStatus(next);
            }}
          >
            {intl.formatMessage(messages.confirm)}
          </button>
        </div>
      </Modal>
      <DeclineModal
        isOpen={isDeclining}
        onClose={() => setIsDeclining(false)}
        focusOnClose={focusTrigger}
        ideaId={data.id}
        ideaTitle={data.title}
        board={boardData}
      />
    </>
  );
}
