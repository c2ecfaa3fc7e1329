import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router-dom';
import type { Checklist_checklist$key } from '../../../../__generated__/Checklist_checklist.graphql.ts';
import { defineMessages } from '../../../i18n/define-messages.ts';
import { ActionError } from '../../../ui/PendingButton.tsx';
import { PendingButton } from '../../../ui/PendingButton.tsx';
import { Icon } from '../../../ui/Icon.tsx';
import { useAction } from '../../../ui/useAction.ts';
import { MakeBoardPublic } from './MakeBoardPublic.tsx';
import { useDismissChecklistMutation } from './useDashboardMutations.ts';

const messages = defineMessages({
  title: { id: 'dashboard.checklist.title', defaultMessage: 'Your first week' },
  progress: {
    id: 'dashboard.checklist.progress',
    defaultMessage: '{done} of {total} done',
  },
  done: { id: 'dashboard.checklist.done', defaultMessage: '(done)' },
  notDone: { id: 'dashboard.checklist.notDone', defaultMessage: '(not done yet)' },
  dismiss: { id: 'dashboard.checklist.dismiss', defaultMessage: 'Hide checklist' },
  dismissing: { id: 'dashboard.checklist.dismissing', defaultMessage: 'Hiding…' },
  boardCreated: { id: 'dashboard.checklist.boardCreated', defaultMessage: 'Create a board' },
  boardOpened: {
    id: 'dashboard.checklist.boardOpened',
    defaultMessage: 'Make a board public or let your SSO users in',
  },
  widgetEmbedded: {
    id: 'dashboard.checklist.widgetEmbedded',
    defaultMessage: 'Embed the widget on your site',
  },
  widgetEmbeddedHint: {
    id: 'dashboard.checklist.widgetEmbeddedHint',
    defaultMessage: 'Done once one of your users votes through the widget or the portal.',
  },
  teammateInvited: {
    id: 'dashboard.checklist.teammateInvited',
    defaultMessage: 'Invite a teammate',
  },
  releasePublished: {
    id: 'dashboard.checklist.releasePublished',
    defaultMessage: 'Publish a release',
  },
});

const STEPS = [
  'boardCreated',
  'boardOpened',
  'widgetEmbedded',
  'teammateInvited',
  'releasePublished',
] as const;

/** Where each step is done; the board's own pages once there is a board. */
function stepLink(step: (typeof STEPS)[number], boardId: number | null): string {
  const board = boardId === null ? null : `/admin/boards/${boardId}`;
  switch (step) {
    case 'boardCreated':
      return '/admin/boards?create=true';
    case 'boardOpened':
      return board ? `${board}/settings` : '/admin/boards?create=true';
    case 'widgetEmbedded':
      return board ? `${board}/widget` : '/admin/boards?create=true';
    case 'teammateInvited':
      return '/admin/users';
    case 'releasePublished':
      return board ? `${board}/releases` : '/admin/boards?create=true';
  }
}

/**
 * The first-week checklist: each step done or not as the server read it from the company's
 * data, each linking to where it is done; an admin makes the first board public right from it
 * (after a confirmation). Gone once every step is done or an admin hid it.
 */
export function Checklist({
  checklist,
  canDismiss,
  onChanged,
}: {
  checklist: Checklist_checklist$key;
  /** An admin: hides the checklist, and makes the first board public from it. */
  canDismiss: boolean;
  onChanged: () => Promise<void>;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment Checklist_checklist on DashboardChecklist {
        firstBoardRowId
        firstBoardName
        boardCreated
        boardOpened
        widgetEmbedded
        teammateInvited
        releasePublished
        dismissed
      }
    `,
    checklist,
  );
  const [dismiss] = useDismissChecklistMutation();
  const action = useAction(async () => {
    const { dismissDashboardChecklist: result } = await dismiss({});
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    await onChanged();
  });
  const isDoneByStep: Record<(typeof STEPS)[number], boolean> = {
    boardCreated: data.boardCreated,
    boardOpened: data.boardOpened,
    widgetEmbedded: data.widgetEmbedded,
    teammateInvited: data.teammateInvited,
    releasePublished: data.releasePublished,
  };
  const doneCount = STEPS.filter((step) => isDoneByStep[step]).length;
  if (data.dismissed || doneCount === STEPS.length) return null;
  return (
    <section className="card checklist" aria-labelledby="checklist-title">
      <div className="checklist__header">
        <div>
          <h2 id="checklist-title" className="card__title">
            {intl.formatMessage(messages.title)}
          </h2>
          <p className="muted">
            {intl.formatMessage(messages.progress, { done: doneCount, total: STEPS.length })}
          </p>
        </div>
        {canDismiss && (
          <PendingButton
            className="button button--secondary"
            isPending={action.isPending}
            pendingLabel={intl.formatMessage(messages.dismissing)}
            onClick={() => void action.run()}
          >
            {intl.formatMessage(messages.dismiss)}
          </PendingButton>
        )}
      </div>
      <ActionError failure={action.failure} />
      <ol className="checklist__steps">
        {STEPS.map((step) => {
          const isDone = isDoneByStep[step];
          return (
            <li key={step} className={`checklist__step${isDone ? ' checklist__step--done' : ''}`}>
              <span className="checklist__mark" aria-hidden="true">
                {isDone ? <Icon name="check" size={16} /> : null}
              </span>
              <span className="checklist__text">
                <Link className="link" to={stepLink(step, data.firstBoardRowId ?? null)}>
                  {intl.formatMessage(messages[step])}
                  <span className="visually-hidden checklist__state">
                    {intl.formatMessage(isDone ? messages.done : messages.notDone)}
                  </span>
                </Link>
                {step === 'boardOpened' &&
                  !isDone &&
                  canDismiss &&
                  typeof data.firstBoardRowId === 'number' &&
                  typeof data.firstBoardName === 'string' && (
                    <MakeBoardPublic
                      boardRowId={data.firstBoardRowId}
                      boardName={data.firstBoardName}
                      onDone={onChanged}
                    />
                  )}
                {step === 'widgetEmbedded' && !isDone && (
                  <span className="checklist__hint">
                    {intl.formatMessage(messages.widgetEmbeddedHint)}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
