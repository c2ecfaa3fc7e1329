import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { ModerationCard_board$key } from '../../../../../__generated__/ModerationCard_board.graphql.ts';
import { CheckboxField } from '../../../../forms/CheckboxField.tsx';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { toastSaved } from '../../../../toast/save-toasts.ts';
import { useAction } from '../../../../ui/useAction.ts';
import { SaveBar } from './SaveBar.tsx';
import { useUpdateBoardModerationMutation } from './useUpdateBoardModerationMutation.ts';

const messages = defineMessages({
  title: { id: 'boardSettings.moderation.title', defaultMessage: 'New ideas' },
  intro: {
    id: 'boardSettings.moderation.intro',
    defaultMessage:
      'Ideas posted by owners and admins are published at once. Ideas from everyone else can wait in the queue until an owner or admin accepts them.',
  },
  moderate: {
    id: 'boardSettings.moderation.moderate',
    defaultMessage: 'New ideas wait for acceptance',
  },
  moderateHint: {
    id: 'boardSettings.moderation.moderateHint',
    defaultMessage:
      'Turn this off to publish new ideas as soon as they are sent: everyone who sees the board sees them and can vote. Ideas already waiting stay in the queue.',
  },
});

/** Whether end users' new ideas wait in the queue (Board.moderateNewIdeas, on by default). */
export function ModerationCard({ board }: { board: ModerationCard_board$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment ModerationCard_board on Board {
        id
        moderateNewIdeas
      }
    `,
    board,
  );
  const [isModerated, setIsModerated] = useState(data.moderateNewIdeas);
  const [save] = useUpdateBoardModerationMutation();
  const saving = useAction(async (moderateNewIdeas: boolean) => {
    const { updateBoardModeration: result } = await save({ boardId: data.id, moderateNewIdeas });
    if (result.__typename !== 'MutationUpdateBoardModerationSuccess') {
      return result.__typename === 'AppError'
        ? { text: result.message, code: result.code }
        : { descriptor: commonMessages.genericError };
    }
    toastSaved();
    return null;
  });
  return (
    <section className="card settings-card" aria-labelledby="board-moderation-title">
      <h3 id="board-moderation-title" className="card__title">
        {intl.formatMessage(messages.title)}
      </h3>
      <p className="card__intro">{intl.formatMessage(messages.intro)}</p>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void saving.run(isModerated);
        }}
      >
        <CheckboxField
          name="moderateNewIdeas"
          label={intl.formatMessage(messages.moderate)}
          hint={intl.formatMessage(messages.moderateHint)}
          isChecked={isModerated}
          onChange={setIsModerated}
        />
        <SaveBar
          isChanged={isModerated !== data.moderateNewIdeas}
          isSaving={saving.isPending}
          failure={saving.failure}
          onCancel={() => {
            setIsModerated(data.moderateNewIdeas);
            saving.clearFailure();
          }}
        />
      </form>
    </section>
  );
}
