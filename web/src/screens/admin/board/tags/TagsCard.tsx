import { useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { TagsCard_board$key } from '../../../../../__generated__/TagsCard_board.graphql.ts';
import { TAG_NAME_LIMITS } from '../../../../../../api/src/contract/limits.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { CheckboxField } from '../../../../forms/CheckboxField.tsx';
import { ColourField } from '../../../../forms/ColourField.tsx';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { Modal } from '../../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { TagChip } from './TagChip.tsx';
import { tagsMessages as messages } from './messages.ts';
import {
  useCreateTagMutation,
  useDeleteTagMutation,
  useUpdateTagMutation,
} from './useTagMutations.ts';

type TTagValues = { name: string; color: string; isPrivate: boolean };
type TProblem = { field: string; message: string }[] | { text: string } | null;

const NAME_RULES = { required: true, min: TAG_NAME_LIMITS.min, max: TAG_NAME_LIMITS.max };

/** A tag's fields: its name, its colour and whether it is private. */
function TagForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: TTagValues;
  submitLabel: string;
  onSubmit: (values: TTagValues) => Promise<TProblem>;
  onCancel?: () => void;
}) {
  const intl = useIntl();
  const form = useForm(
    { name: NAME_RULES, color: { required: true } },
    { name: initial.name, color: initial.color },
  );
  const [isPrivate, setPrivate] = useState(initial.isPrivate);
  const save = useAction(async (values: { name: string; color: string }) => {
    const problem = await onSubmit({
      name: values.name,
      color: values.color.replace(/^#/, ''),
      isPrivate,
    });
    if (problem === null) return null;
    if (Array.isArray(problem))
      return form.setServerErrors(problem) ? null : { descriptor: commonMessages.genericError };
    return problem;
  });
  return (
    <form
      className="form"
      onSubmit={form.handleSubmit((values) => void save.run(values))}
      noValidate
    >
      <TextField
        {...form.bind('name')}
        label={intl.formatMessage(messages.name)}
        lengthRule={NAME_RULES}
        isRequired
      />
      <ColourField
        label={intl.formatMessage(messages.colour)}
        value={form.values.color}
        onChange={(color) => form.setValues({ ...form.values, color })}
      />
      <CheckboxField
        name="isPrivate"
        label={intl.formatMessage(messages.isPrivate)}
        isChecked={isPrivate}
        onChange={setPrivate}
      />
      <ActionError failure={save.failure} />
      <div className="form__actions">
        {onCancel ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {intl.formatMessage(commonMessages.cancel)}
          </button>
        ) : null}
        <PendingButton type="submit" isPending={save.isPending} pendingLabel={submitLabel}>
          {submitLabel}
        </PendingButton>
      </div>
    </form>
  );
}

/**
 * The company's tags (board settings; shared by every board): add one with its colour and
 * privacy, edit it, delete it (taken off every idea). Admins only: the server refuses others.
 */
export function TagsCard({ board }: { board: TagsCard_board$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment TagsCard_board on Board {
        id
        tags {
          id
          name
          color
          isPrivate
          ...TagChip_tag
        }
      }
    `,
    board,
  );
  const [formKey, setFormKey] = useState(0);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const [notice, setNotice] = useState('');
  const [create] = useCreateTagMutation(data.id);
  const [update] = useUpdateTagMutation();
  const [remove] = useDeleteTagMutation(data.id);
  const deletion = useAction(async (tag: { id: string; name: string }) => {
    const { deleteTag: result } = await remove({ tagId: tag.id });
    if (result.__typename !== 'MutationDeleteTagSuccess') {
      return 'message' in result
        ? { text: result.message, code: result.code }
        : { descriptor: commonMessages.genericError };
    }
    setDeleting(null);
    setNotice(intl.formatMessage(messages.deleted, { name: tag.name }));
    return null;
  });

  return (
    <section className="card settings-card" aria-labelledby="board-tags-title">
      <h3 id="board-tags-title" className="card__title">
        {intl.formatMessage(messages.title)}
      </h3>
      <p className="card__intro">{intl.formatMessage(messages.intro)}</p>
      {data.tags.length === 0 ? (
        <p className="muted">{intl.formatMessage(messages.empty)}</p>
      ) : null}
      <ul className="statuses-list" aria-labelledby="board-tags-title">
        {data.tags.map((tag) => (
          <li key={tag.id}>
            {editingId === tag.id ? (
              <TagForm
                initial={{ name: tag.name, color: tag.color, isPrivate: tag.isPrivate }}
                submitLabel={intl.formatMessage(messages.save)}
                onCancel={() => setEditingId(null)}
                onSubmit={async (values) => {
                  const { updateTag: result } = await update({ tagId: tag.id, ...values });
                  if (result.__typename === 'AppError')
                    return result.fields.length
                      ? [...result.fields]
                      : { text: result.message, code: result.code };
                  setEditingId(null);
                  return null;
                }}
              />
            ) : (
              <div className="statuses-list__row">
                <TagChip tag={tag} />
                <span className="statuses-list__actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => setEditingId(tag.id)}
                  >
                    {intl.formatMessage(messages.edit, { name: tag.name })}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => {
                      deletion.clearFailure();
                      setDeleting(tag);
                    }}
                  >
                    {intl.formatMessage(messages.delete, { name: tag.name })}
                  </button>
                </span>
              </div>
            )}
          </li>
        ))}
      </ul>
      <p role="status" className="muted">
        {notice}
      </p>
      <TagForm
        key={formKey}
        initial={{ name: '', color: '1f6feb', isPrivate: false }}
        submitLabel={intl.formatMessage(messages.add)}
        onSubmit={async (values) => {
          const { createTag: result } = await create(values);
          if (result.__typename === 'AppError')
            return result.fields.length
              ? [...result.fields]
              : { text: result.message, code: result.code };
          setNotice(intl.formatMessage(messages.added, { name: values.name }));
          setFormKey((key) => key + 1);
          return null;
        }}
      />
      <Modal
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title={intl.formatMessage(messages.deleteTitle, { name: deleting?.name ?? '' })}
      >
        {deleting ? (
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              void deletion.run(deleting);
            }}
          >
            <p>{intl.formatMessage(messages.deleteQuestion)}</p>
            <ActionError failure={deletion.failure} />
            <div className="form__actions">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setDeleting(null)}
              >
                {intl.formatMessage(commonMessages.cancel)}
              </button>
              <PendingButton
                type="submit"
                className="button button--danger"
                isPending={deletion.isPending}
                pendingLabel={intl.formatMessage(messages.confirmDelete)}
              >
                {intl.formatMessage(messages.confirmDelete)}
              </PendingButton>
            </div>
          </form>
        ) : null}
      </Modal>
    </section>
  );
}
