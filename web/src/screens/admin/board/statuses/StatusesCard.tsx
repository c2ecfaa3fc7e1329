import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { StatusesCard_board$key } from '../../../../../__generated__/StatusesCard_board.graphql.ts';
import { STATUS_NAME_LIMITS, STATUS_KINDS } from '../../../../../../api/src/contract/limits.ts';
import type { TStatusKind } from '../../../../../../api/src/contract/limits.ts';
import { contrast } from '../../../../../../widget/src/contrast.ts';
import { commonMessages } from '../../../../i18n/common-messages.ts';
import { ColourField, hexDigitsOf } from '../../../../forms/ColourField.tsx';
import { TextField } from '../../../../forms/TextField.tsx';
import { useForm } from '../../../../forms/useForm.ts';
import { Icon } from '../../../../ui/Icon.tsx';
import { Modal } from '../../../../ui/Modal.tsx';
import { ActionError, PendingButton } from '../../../../ui/PendingButton.tsx';
import { useAction } from '../../../../ui/useAction.ts';
import { statusMessages } from '../ideas/messages.ts';
import { customStatusStyle, useStatusName } from './CustomStatusBadge.tsx';
import { statusesMessages as messages } from './messages.ts';
import {
  useCreateBoardStatusMutation,
  useDeleteBoardStatusMutation,
  useReorderBoardStatusesMutation,
  useUpdateBoardStatusMutation,
} from './useBoardStatusMutations.ts';

type TStatus = { id: string; kind: string; nameEn: string; namePl: string; color: string };

const NAME_RULES = { required: true, min: STATUS_NAME_LIMITS.min, max: STATUS_NAME_LIMITS.max };

/** The status's tag on its colour, with the text contrast it reaches (WCAG, 4.5:1 for AA). */
function ColourPreview({ color, name }: { color: string; name: string }) {
  const intl = useIntl();
  const hex = hexDigitsOf(color);
  const style = customStatusStyle(hex);
  const ratio = contrast(style.background, style.color);
  return (
    <p className="statuses-list__row">
      <span className="field__label">{intl.formatMessage(messages.preview)}</span>
      <span className="status status--custom" style={style}>
        {name}
      </span>
      <span className="muted">
        {intl.formatMessage(messages.contrast, { ratio: ratio.toFixed(1) })}
      </span>
    </p>
  );
}

/** The fields of a status: its names in both languages and its colour (picker and hex). */
function StatusForm({
  initial,
  kindPicker,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: { nameEn: string; namePl: string; color: string };
  kindPicker?: React.ReactNode;
  submitLabel: string;
  onSubmit: (values: {
    nameEn: string;
    namePl: string;
    color: string;
  }) => Promise<{ field: string; message: string }[] | { text: string } | null>;
  onCancel?: () => void;
}) {
  const intl = useIntl();
  const form = useForm(
    // The Polish name may stay empty: the server then uses the English one.
    { nameEn: NAME_RULES, namePl: { ...NAME_RULES, required: false }, color: { required: true } },
    initial,
  );
  const save = useAction(async (values: { nameEn: string; namePl: string; color: string }) => {
    const problem = await onSubmit({ ...values, color: values.color.replace(/^#/, '') });
    if (problem === null) return null;
    if (Array.isArray(problem))
      return form.setServerErrors(problem) ? null : { descriptor: commonMessages.genericError };
    return problem;
  });
  const nameOf = useStatusName();
  return (
    <form
      className="form"
      onSubmit={form.handleSubmit((values) => void save.run(values))}
      noValidate
    >
      {kindPicker}
      <TextField
        {...form.bind('nameEn')}
        label={intl.formatMessage(messages.nameEn)}
        lengthRule={NAME_RULES}
        isRequired
      />
      <TextField
        {...form.bind('namePl')}
        label={intl.formatMessage(messages.namePl)}
        hint={intl.formatMessage(messages.namePlHint)}
        lengthRule={NAME_RULES}
      />
      <ColourField
        label={intl.formatMessage(messages.colour)}
        value={form.values.color}
        onChange={(color) => form.setValues({ ...form.values, color })}
      />
      <ColourPreview
        color={form.values.color}
        name={nameOf(form.values.nameEn, form.values.namePl)}
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
 * The board's own statuses (settings): add one of a kind, rename it in both languages and pick
 * its colour (the preview says the contrast its text reaches), move it up or down (buttons, so
 * the keyboard reorders too) and delete it, saying where the ideas showing it go.
 */
export function StatusesCard({ board }: { board: StatusesCard_board$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment StatusesCard_board on Board {
        id
        statuses {
          id
          kind
          nameEn
          namePl
          color
        }
      }
    `,
    board,
  );
  const nameOf = useStatusName();
  const kindId = useId();
  const [kind, setKind] = useState<TStatusKind>('PLANNED');
  const [formKey, setFormKey] = useState(0);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TStatus | null>(null);
  const [moveTo, setMoveTo] = useState<string>('');
  const [notice, setNotice] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const [create] = useCreateBoardStatusMutation();
  const [update] = useUpdateBoardStatusMutation();
  const [reorder] = useReorderBoardStatusesMutation();
  const [remove] = useDeleteBoardStatusMutation(data.id);
  const statuses = data.statuses;

  const move = useAction(async (index: number, by: -1 | 1) => {
    const ids = statuses.map((status) => status.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return null;
    ids.splice(index + by, 0, moved);
    const { reorderBoardStatuses: result } = await reorder({ boardId: data.id, statusIds: ids });
    if (result.__typename === 'AppError') return { text: result.message, code: result.code };
    // Focus stays on the same button of the moved row, so it can move on.
    const direction = by < 0 ? 'up' : 'down';
    requestAnimationFrame(() => {
      listRef.current
        ?.querySelector<HTMLButtonElement>(
          `[data-status-id="${CSS.escape(moved)}"] [data-move="${direction}"]:not([aria-disabled])`,
        )
        ?.focus();
    });
    return null;
  });
  const deletion = useAction(async (status: TStatus) => {
    const { deleteBoardStatus: result } = await remove({
      statusId: status.id,
      moveToStatusId: moveTo || null,
    });
    if (result.__typename !== 'MutationDeleteBoardStatusSuccess') {
      return 'message' in result
        ? { text: result.message, code: result.code }
        : { descriptor: commonMessages.genericError };
    }
    setDeleting(null);
    setNotice(intl.formatMessage(messages.deleted, { count: result.data.movedIdeaCount }));
    return null;
  });

  const kindName = (value: string) =>
    intl.formatMessage(statusMessages[value as TStatusKind] ?? statusMessages.OPEN);

  return (
    <section className="card settings-card" aria-labelledby="board-statuses-title">
      <h3 id="board-statuses-title" className="card__title">
        {intl.formatMessage(messages.title)}
      </h3>
      <p className="card__intro">{intl.formatMessage(messages.intro)}</p>
      {statuses.length === 0 ? <p className="muted">{intl.formatMessage(messages.empty)}</p> : null}
      <ul className="statuses-list" ref={listRef} aria-labelledby="board-statuses-title">
        {statuses.map((status, index) => {
          const name = nameOf(status.nameEn, status.namePl);
          return (
            <li key={status.id} data-status-id={status.id}>
              {editingId === status.id ? (
                <StatusForm
                  initial={{ nameEn: status.nameEn, namePl: status.namePl, color: status.color }}
                  submitLabel={intl.formatMessage(messages.save)}
                  onCancel={() => setEditingId(null)}
                  onSubmit={async (values) => {
                    const { updateBoardStatus: result } = await update({
                      statusId: status.id,
                      ...values,
                    });
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
                  <span className="status status--custom" style={customStatusStyle(status.color)}>
                    {name}
                  </span>
                  <span className="statuses-list__kind">{kindName(status.kind)}</span>
                  <span className="statuses-list__actions">
                    <button
                      type="button"
                      className="button button--ghost"
                      data-move="up"
                      aria-label={intl.formatMessage(messages.moveUp, { name })}
                      aria-disabled={index === 0 || undefined}
                      onClick={() => {
                        if (index > 0) void move.run(index, -1);
                      }}
                    >
                      <Icon name="chevronUp" size={16} />
                    </button>
                    <button
                      type="button"
                      className="button button--ghost"
                      data-move="down"
                      aria-label={intl.formatMessage(messages.moveDown, { name })}
                      aria-disabled={index === statuses.length - 1 || undefined}
                      onClick={() => {
                        if (index < statuses.length - 1) void move.run(index, 1);
                      }}
                    >
                      <Icon name="chevronDown" size={16} />
                    </button>
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => setEditingId(status.id)}
                    >
                      {intl.formatMessage(messages.edit, { name })}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost"
                      onClick={() => {
                        setMoveTo('');
                        deletion.clearFailure();
                        setDeleting(status);
                      }}
                    >
                      {intl.formatMessage(messages.delete, { name })}
                    </button>
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ActionError failure={move.failure} />
      <p role="status" className="muted">
        {notice}
      </p>
      <StatusForm
        key={formKey}
        initial={{ nameEn: '', namePl: '', color: '1f6feb' }}
        submitLabel={intl.formatMessage(messages.add)}
        kindPicker={
          <div className="field field--select">
            <label className="field__label" htmlFor={kindId}>
              {intl.formatMessage(messages.kind)}
            </label>
            <select
              id={kindId}
              className="field__input field__select"
              value={kind}
              onChange={(event) => setKind(event.target.value as TStatusKind)}
            >
              {STATUS_KINDS.map((value) => (
                <option key={value} value={value}>
                  {kindName(value)}
                </option>
              ))}
            </select>
          </div>
        }
        onSubmit={async (values) => {
          const { createBoardStatus: result } = await create({ boardId: data.id, kind, ...values });
          if (result.__typename === 'AppError')
            return result.fields.length
              ? [...result.fields]
              : { text: result.message, code: result.code };
          setNotice(
            intl.formatMessage(messages.added, { name: nameOf(values.nameEn, values.namePl) }),
          );
          setFormKey((key) => key + 1);
          return null;
        }}
      />
      <Modal
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title={intl.formatMessage(messages.deleteTitle, {
          name: deleting ? nameOf(deleting.nameEn, deleting.namePl) : '',
        })}
      >
        {deleting ? (
          <form
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              void deletion.run(deleting);
            }}
          >
            <fieldset className="fieldset--plain">
              <legend>{intl.formatMessage(messages.deleteQuestion)}</legend>
              {[
                {
                  id: '',
                  label: intl.formatMessage(messages.kindDefault, {
                    kind: kindName(deleting.kind),
                  }),
                },
                ...statuses
                  .filter((other) => other.kind === deleting.kind && other.id !== deleting.id)
                  .map((other) => ({ id: other.id, label: nameOf(other.nameEn, other.namePl) })),
              ].map((option) => (
                <label key={option.id || 'default'} className="checkbox">
                  <input
                    type="radio"
                    name="moveTo"
                    value={option.id}
                    checked={moveTo === option.id}
                    onChange={() => setMoveTo(option.id)}
                  />
                  {option.label}
                </label>
              ))}
            </fieldset>
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
