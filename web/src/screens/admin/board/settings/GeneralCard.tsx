import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { GeneralCard_board$key } from '../../../../../__generated__/GeneralCard_board.graphql.ts';
import { TextArea } from '../../../../forms/TextArea.tsx';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { toLocale } from '../../../../i18n/locale.tsx';
import { LanguageSelect } from '../../../../ui/LanguageSelect.tsx';
import { boardSettingsMessages as messages } from './messages.ts';
import { SaveBar } from './SaveBar.tsx';
import { toastSaved } from '../../../../toast/save-toasts.ts';
import { useAction } from '../../../../ui/useAction.ts';
import { useUpdateBoardDescriptionMutation } from './useUpdateBoardDescriptionMutation.ts';
import { useUpdateBoardLanguageMutation } from './useUpdateBoardLanguageMutation.ts';
import { useUpdateBoardNameMutation } from './useUpdateBoardNameMutation.ts';

/** The server's rule for a board's description (the spec's rule for an idea's). */
const DESCRIPTION_MIN = 6;
const DESCRIPTION_MAX = 500;

/** The board's name (6 to 100), description (optional, 6 to 500) and language. */
export function GeneralCard({ board }: { board: GeneralCard_board$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment GeneralCard_board on Board {
        id
        name
        description
        language
      }
    `,
    board,
  );
  const saved = {
    name: data.name,
    description: data.description ?? '',
    language: toLocale(data.language) ?? 'en-US',
  };
  const form = useForm(
    {
      name: { required: true, min: 6, max: 100 },
      description: { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX },
      language: {},
    },
    saved,
  );
  const [saveName] = useUpdateBoardNameMutation();
  const [saveDescription] = useUpdateBoardDescriptionMutation();
  const [saveLanguage] = useUpdateBoardLanguageMutation();
  const isChanged =
    form.values.name.trim() !== saved.name ||
    form.values.description.trim() !== saved.description ||
    form.values.language !== saved.language;

  const save = useAction(
    async ({ name, description, language }: Record<keyof typeof saved, string>) => {
      if (name !== data.name) {
        const { updateBoardName: result } = await saveName({ boardId: data.id, name });
        if (result.__typename === 'AppError') {
          return form.setServerErrors(result.fields)
            ? null
            : { text: result.message, code: result.code };
        }
      }
      if (description !== (data.description ?? '')) {
        const { updateBoardDescription: result } = await saveDescription({
          boardId: data.id,
          description: description || null,
        });
        if (result.__typename === 'AppError') {
          return form.setServerErrors(result.fields)
            ? null
            : { text: result.message, code: result.code };
        }
      }
      if (language !== data.language) {
        const { updateBoardLanguage: result } = await saveLanguage({ boardId: data.id, language });
        if (result.__typename === 'AppError') return { text: result.message, code: result.code };
      }
      toastSaved();
      return null;
    },
  );
  const handleCancel = () => {
    form.setValues(saved);
    save.clearFailure();
  };
  const handleSave = form.handleSubmit((values) => void save.run(values));

  return (
    <section className="card settings-card" aria-labelledby="board-general-title">
      <h3 id="board-general-title" className="card__title">
        {intl.formatMessage(messages.generalTitle)}
      </h3>
      <p className="card__intro">{intl.formatMessage(messages.generalIntro)}</p>
      <form className="form" onSubmit={handleSave} noValidate>
        <TextField
          {...form.bind('name')}
          label={intl.formatMessage(messages.name)}
          hint={intl.formatMessage(messages.nameHint)}
          isRequired
        />
        <TextArea
          {...form.bind('description')}
          label={intl.formatMessage(messages.description)}
          hint={intl.formatMessage(messages.descriptionHint, {
            min: DESCRIPTION_MIN,
            max: DESCRIPTION_MAX,
          })}
          rows={3}
        />
        <LanguageSelect
          label={intl.formatMessage(messages.language)}
          value={toLocale(form.values.language) ?? 'en-US'}
          onChange={(language) => form.setValues({ ...form.values, language })}
        />
        <SaveBar
          isChanged={isChanged}
          isSaving={save.isPending}
          failure={save.failure}
          onCancel={handleCancel}
        />
      </form>
    </section>
  );
}
