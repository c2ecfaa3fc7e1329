import { createContext, useContext, useId } from 'react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { Icon } from '../../../ui/Icon.tsx';

export const boardAccessMessages = defineMessages({
  notice: {
    id: 'board.viewOnly.notice',
    defaultMessage:
      'This board is view-only because your plan allows fewer active boards. You can read its ideas, comments and roadmap, export them and manage releases, but nobody can add ideas, vote, comment, change statuses or change its settings. <link>Upgrade your plan to make it active again.</link>',
  },
  note: {
    id: 'board.viewOnly.note',
    defaultMessage:
      'This board is view-only under your plan: votes, comments and status changes are turned off.',
  },
  control: {
    id: 'board.viewOnly.control',
    defaultMessage: 'View only: upgrade your plan to make this board active.',
  },
});

type TBoardAccess = {
  /** False on a board the plan makes inactive: the server refuses its idea and settings writes. */
  isWritable: boolean;
  /** The element that explains why (what disabled controls point aria-describedby at). */
  noticeId: string | undefined;
};

const BoardAccessContext = createContext<TBoardAccess>({ isWritable: true, noticeId: undefined });

/**
 * Whether the open board takes writes. BoardLayout reads `Board.active` once and provides it, so
 * cards and forms need not each fetch the board; outside a board area everything is writable.
 */
export function useIsBoardWritable(): boolean {
  return useContext(BoardAccessContext).isWritable;
}

/**
 * What a control for a write the server refuses on an inactive board (findBoardForMember,
 * findIdeaForMember, findBoardForAdmin with `active`) spreads: disabled, with the notice as its
 * description and a tooltip. Writes the server still allows (releases, exports, the widget
 * secret) do not use it.
 */
export function useViewOnlyProps(): {
  disabled: boolean;
  'aria-describedby'?: string;
  title?: string;
} {
  const intl = useIntl();
  const { isWritable, noticeId } = useContext(BoardAccessContext);
  if (isWritable) return { disabled: false };
  return {
    disabled: true,
    'aria-describedby': noticeId,
    title: intl.formatMessage(boardAccessMessages.control),
  };
}

/**
 * The board area's access, with the notice on top of every section of an inactive board
 * (the spec's upgrade prompt for inactive boards, linking to the subscription page).
 */
export function BoardAccessProvider({
  isActive,
  children,
}: {
  isActive: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  const noticeId = useId();
  return (
    <BoardAccessContext.Provider value={{ isWritable: isActive, noticeId }}>
      {isActive ? null : (
        <div className="alert alert--warning" role="note" data-testid="view-only-notice">
          <Icon name="lock" />
          <p id={noticeId}>
            {intl.formatMessage(boardAccessMessages.notice, {
              link: (chunks) => (
                <Link to="/admin/subscription" className="link">
                  {chunks}
                </Link>
              ),
            })}
          </p>
        </div>
      )}
      {children}
    </BoardAccessContext.Provider>
  );
}

/**
 * A short reminder inside a dialog of an inactive board; the dialog's disabled controls point at
 * it rather than at the notice the dialog covers.
 */
export function ViewOnlyNote({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const access = useContext(BoardAccessContext);
  const noteId = useId();
  return (
    <BoardAccessContext.Provider
      value={access.isWritable ? access : { isWritable: false, noticeId: noteId }}
    >
      {access.isWritable ? null : (
        <p className="alert alert--warning" id={noteId}>
          <Icon name="lock" />
          {intl.formatMessage(boardAccessMessages.note)}
        </p>
      )}
      {children}
    </BoardAccessContext.Provider>
  );
}
