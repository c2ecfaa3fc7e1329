/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from './api.ts';
import type { TCreatedIdea, TIdea } from './api.ts';
import { FormFailure, TextField, lengthError } from './TextField.tsx';
import { VoteButton } from './VoteButton.tsx';
import type { TWidget } from './widget-context.ts';
import { withLive } from './widget-context.ts';
import { useHeading } from './heading.ts';

/** The add-idea form: title 6 to 100 characters, description optional, 6 to 500. */
export function SubmitIdea(props: {
  widget: TWidget;
  onCancel: () => void;
  onCreated: (idea: TCreatedIdea) => void;
  onOpen: (id: number) => void;
}) {
  const H3 = useHeading(3);
  const { widget } = props;
  const { t } = widget;
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [similar, setSimilar] = useState<TIdea[]>([]);

  // Similar ideas of the board, looked up once typing pauses, so people vote instead.
  useEffect(() => {
    const text = title.trim();
    if (text.length < 3) {
      setSimilar([]);
      return;
    }
    let isCurrent = true;
    const timer = setTimeout(() => {
      widget.api
        .similarIdeas(widget.board.id, text)
        .then((answer) => {
          if (isCurrent) setSimilar(answer.ideas);
        })
        .catch(() => {
          // a hint that fails to load is no reason to stop someone submitting
        });
    }, 300);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [title, widget]);

  const handleSubmit = async (event: Event) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const titleError = lengthError(t, title, 6, 100, true);
    const descriptionError = lengthError(t, description, 6, 500, false);
    if (titleError) found.title = titleError;
    if (descriptionError) found.description = descriptionError;
    setErrors(found);
    if (Object.keys(found).length) return;
    setIsBusy(true);
    setFailure(null);
    try {
      const idea = await widget.api.createIdea(widget.board.id, {
        title: title.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      props.onCreated(idea);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length) {
        setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      } else {
        setFailure(error instanceof ApiError ? error.message : t('error.generic'));
      }
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} aria-label={t('submit.title')} noValidate>
      <H3>{t('submit.title')}</H3>
      <TextField
        label={t('submit.titleLabel')}
        value={title}
        onInput={setTitle}
        error={errors.title}
        name="title"
        autoFocus
      />
      {similar.length ? (
        <section class="similar" aria-label={t('submit.similar')} data-testid="similar-ideas">
          <p class="muted">{t('submit.similar')}</p>
          <ul>
            {similar.map((raw) => {
              const idea = withLive(widget, raw);
              return (
                <li key={idea.id} class="similar-item">
                  <VoteButton widget={widget} idea={idea} />
                  <button type="button" class="link title" onClick={() => props.onOpen(idea.id)}>
                    {idea.title}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <TextField
        label={t('submit.descriptionLabel')}
        value={description}
        onInput={setDescription}
        error={errors.description}
        name="description"
        multiline
      />
      <FormFailure text={failure} />
      <div class="actions">
        <button type="submit" class="primary" disabled={isBusy}>
          {t('submit.submit')}
        </button>
        <button type="button" onClick={props.onCancel}>
          {t('submit.cancel')}
        </button>
      </div>
    </form>
  );
}
