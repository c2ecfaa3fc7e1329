import type { MessageDescriptor } from 'react-intl';
import { useIntl } from 'react-intl';
import { toastSaved, toastSaveFailed } from '../../../toast/save-toasts.ts';

export type TChoice<T extends string> = {
  value: T;
  label: MessageDescriptor;
  hint: MessageDescriptor;
};

/**
 * A settings card of one choice among a few, each with a hint, saved as soon as it is picked
 * (the notification cards). `save` answers whether the server took it; either way a toast says
 * so, and a thrown error counts as not taken.
 */
export function ChoiceCard<T extends string>({
  id,
  name,
  title,
  intro,
  choices,
  current,
  isSaving,
  save,
}: {
  /** The title's id (the card is labelled by it). */
  id: string;
  /** The radio group's name. */
  name: string;
  title: MessageDescriptor;
  intro: MessageDescriptor;
  choices: readonly TChoice<T>[];
  current: T;
  isSaving: boolean;
  save: (value: T) => Promise<boolean>;
}) {
  const intl = useIntl();
  const handleChange = async (value: T) => {
    const isSaved = await save(value).catch(() => false);
    if (isSaved) toastSaved();
    else toastSaveFailed();
  };
  return (
    <section className="card settings-card" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {intl.formatMessage(title)}
      </h2>
      <p className="card__intro">{intl.formatMessage(intro)}</p>
      <fieldset className="radio-group" disabled={isSaving}>
        <legend className="visually-hidden">{intl.formatMessage(title)}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className="radio">
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={current === choice.value}
              onChange={() => void handleChange(choice.value)}
            />
            <span>
              <span className="radio__label">{intl.formatMessage(choice.label)}</span>
              <span className="field__hint">{intl.formatMessage(choice.hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
