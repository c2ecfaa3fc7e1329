import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { ThemeCard_board$key } from '../../../../../__generated__/ThemeCard_board.graphql.ts';
import { boardSettingsMessages as messages, isHexColour, toPickerColour } from './messages.ts';
import { SaveBar } from './SaveBar.tsx';
import { toastSaved, toastSaveFailed } from '../../../../toast/save-toasts.ts';
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
  const [save, isSaving] = useUpdateBoardThemeMutation();
  const pickerId = useId();
  const hexId = useId();
  const isValid = isHexColour(hex);
  const showError = isSubmitted && !isValid;
  const normalised = hex.trim().replace(/^#/, '').toLowerCase();

  const handleSave = async (event: React.FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!isValid) return;
    try {
      const { updateBoardTheme: result } = await save({ boardId: data.id, primary: normalised });
      if (result.__typename === 'MutationUpdateBoardThemeSuccess') {
        setHex(normalised);
        setIsSubmitted(false);
        toastSaved();
        return;
      }
    } catch (error) {
      console.error('updateBoardTheme failed', error);
    }
    toastSaveFailed();
  };

  return (
    <section className="card settings-card" aria-labelledby="board-theme-title">
      <h3 id="board-theme-title" className="card__title">
        {intl.formatMessage(messages.themeTitle)}
      </h3>
      <p className="card__intro">{intl.formatMessage(messages.themeIntro)}</p>
      <form className="form" onSubmit={(event) => void handleSave(event)} noValidate>
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
          isSaving={isSaving}
          onCancel={() => {
            setHex(saved);
            setIsSubmitted(false);
          }}
        />
      </form>
    </section>
  );
}
