import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { ThemeCard_board$key } from '../../../../../__generated__/ThemeCard_board.graphql.ts';
import { boardSettingsMessages as messages, isHexColour, toPickerColour } from './messages.ts';
import { SaveBar } from './SaveBar.tsx';
import { toastSaved } from '../../../../toast/save-toasts.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { useAction } from '../../../../ui/useAction.ts';
import { useUpdateBoardThemeMutation } from './useUpdateBoardThemeMutation.ts';

/** The primary colour: a picker and a hex field that follow each other. */
export function ThemeCard({ board }: { board: ThemeCard_board$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment ThemeCard_board on Board {
        id
        theme {
          primary
        }
      }
    `,
    board,
  );
  const saved = data.theme.primary.replace(/^#/, '');
  const [hex, setHex] = useState(saved);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [save] = useUpdateBoardThemeMutation();
  const pickerId = useId();
  const hexId = useId();
  const isValid = isHexColour(hex);
  const showError = isSubmitted && !isValid;
  const normalised = hex.trim().replace(/^#/, '').toLowerCase();

  const saveTheme = useAction(async (primary: string) => {
    const { updateBoardTheme: result } = await save({ boardId: data.id, primary });
    if (result.__typename !== 'MutationUpdateBoardThemeSuccess') {
      return result.__typename === 'AppError'
        ? { text: result.message, code: result.code }
        : { descriptor: commonMessages.genericError };
    }
    setHex(primary);
    setIsSubmitted(false);
    toastSaved();
    return null;
  });
  const handleSave = (event: React.FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!isValid) return;
    void saveTheme.run(normalised);
  };

  return (
    <section className="card settings-card" aria-labelledby="board-theme-title">
      <h3 id="board-theme-title" className="card__title">
        {intl.formatMessage(messages.themeTitle)}
      </h3>
      <p className="card__intro">{intl.formatMessage(messages.themeIntro)}</p>
      <form className="form" onSubmit={handleSave} noValidate>
        <div className="colour-row">
          <div className="field">
            <label className="field__label" htmlFor={pickerId}>
              {intl.formatMessage(messages.colour)}
            </label>
            <input
              id={pickerId}
              type="color"
              className="colour-picker"
              value={toPickerColour(hex) ?? toPickerColour(saved) ?? '#53d23d'}
              onChange={(event) => setHex(event.target.value.replace(/^#/, ''))}
            />
          </div>
          <div className={`field${showError ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={hexId}>
              {intl.formatMessage(messages.hex)}
            </label>
            <input
              id={hexId}
              name="hex"
              className="field__input"
              value={hex}
              maxLength={9}
              spellCheck={false}
              aria-invalid={showError ? true : undefined}
              aria-describedby={`${hexId}-hint${showError ? ` ${hexId}-error` : ''}`}
              onChange={(event) => setHex(event.target.value)}
            />
            <p className="field__hint" id={`${hexId}-hint`}>
              {intl.formatMessage(messages.hexHint)}
            </p>
            {showError ? (
              <p className="field__error" id={`${hexId}-error`}>
                {intl.formatMessage(messages.hexError)}
              </p>
            ) : null}
          </div>
        </div>
        <SaveBar
          isChanged={normalised !== saved.toLowerCase()}
          isSaving={saveTheme.isPending}
          failure={saveTheme.failure}
          onCancel={() => {
            setHex(saved);
            setIsSubmitted(false);
            saveTheme.clearFailure();
          }}
        />
      </form>
    </section>
  );
}
