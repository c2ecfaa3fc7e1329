import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { VisibilityCard_board$key } from '../../../../../__generated__/VisibilityCard_board.graphql.ts';
import type { VisibilityCard_company$key } from '../../../../../__generated__/VisibilityCard_company.graphql.ts';
import { boardSettingsMessages as messages } from './messages.ts';
import { SaveBar } from './SaveBar.tsx';
import { toastSaved } from '../../../../toast/save-toasts.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { useAction } from '../../../../ui/useAction.ts';
import { useSetBoardVisibilityMutation } from './useSetBoardVisibilityMutation.ts';

/** Private or public; a public board shows its address. */
export function VisibilityCard({
  board,
  company,
}: {
  board: VisibilityCard_board$key;
  company: VisibilityCard_company$key | null;
}) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment VisibilityCard_board on Board {
        id
        slug
        isPublic
      }
    `,
    board,
  );
  const companyData = useFragment(
    graphql`
      fragment VisibilityCard_company on Company {
        slug
      }
    `,
    company,
  );
  const [isPublic, setIsPublic] = useState(data.isPublic);
  const [save] = useSetBoardVisibilityMutation();
  const address = companyData
    ? `${window.location.origin}/public/${companyData.slug}/${data.slug}`
    : null;

  const saveVisibility = useAction(async () => {
    const { setBoardVisibility: result } = await save({ boardId: data.id, isPublic });
    if (result.__typename !== 'MutationSetBoardVisibilitySuccess') {
      return result.__typename === 'AppError'
        ? { text: result.message }
        : { descriptor: commonMessages.genericError };
    }
    toastSaved();
    return null;
  });
  const handleSave = (event: React.FormEvent) => {
    event.preventDefault();
    void saveVisibility.run();
  };

  const option = (value: boolean, label: string, hint: string) => (
    <label className="radio">
      <input
        type="radio"
        name="visibility"
        checked={isPublic === value}
        onChange={() => setIsPublic(value)}
      />
      <span>
        <span className="radio__label">{label}</span>
        <span className="field__hint">{hint}</span>
      </span>
    </label>
  );

  return (
    <section className="card settings-card" aria-labelledby="board-visibility-title">
      <h3 id="board-visibility-title" className="card__title">
        {intl.formatMessage(messages.visibilityTitle)}
      </h3>
      <p className="card__intro">{intl.formatMessage(messages.visibilityIntro)}</p>
      <form className="form" onSubmit={handleSave}>
        <fieldset className="radio-group">
          <legend className="visually-hidden">
            {intl.formatMessage(messages.visibilityTitle)}
          </legend>
          {option(
            false,
            intl.formatMessage(messages.private),
            intl.formatMessage(messages.privateHint),
          )}
          {option(
            true,
            intl.formatMessage(messages.public),
            intl.formatMessage(messages.publicHint),
          )}
        </fieldset>
        {isPublic && address ? (
          <p className="public-address">
            <span className="field__label">{intl.formatMessage(messages.publicAddress)}</span>
            <a className="link" href={address} target="_blank" rel="noreferrer">
              {address}
            </a>
          </p>
        ) : null}
        <SaveBar
          isChanged={isPublic !== data.isPublic}
          isSaving={saveVisibility.isPending}
          failure={saveVisibility.failure}
          onCancel={() => {
            setIsPublic(data.isPublic);
            saveVisibility.clearFailure();
          }}
        />
      </form>
    </section>
  );
}
