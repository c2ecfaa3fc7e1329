import { useId } from 'react';
import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { TagFilter_board$key } from '../../../../../__generated__/TagFilter_board.graphql.ts';
import { defineMessages } from '../../../../i18n/define-messages.ts';
import { rowIdOf } from '../../../../relay/row-id.ts';
import { tagsMessages } from './messages.ts';

const messages = defineMessages({
  label: { id: 'tagFilter.label', defaultMessage: 'Tag' },
  any: { id: 'tagFilter.any', defaultMessage: 'Any tag' },
});

/**
 * The tag picker beside an ideas list's or the roadmap's other filters: the company's tags the
 * team sees (private ones marked), or any tag. Nothing shows while the company has no tags.
 */
export function TagFilter({
  board,
  tag,
  onChange,
}: {
  board: TagFilter_board$key;
  /** The tag's plain id from the address, '' for any. */
  tag: string;
  onChange: (tag: string) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const { tags } = useFragment(
    graphql`
      fragment TagFilter_board on Board {
        tags {
          id
          name
          isPrivate
        }
      }
    `,
    board,
  );
  if (tags.length === 0 && !tag) return null;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {intl.formatMessage(messages.label)}
      </label>
      <select
        id={id}
        className="field__input field__select"
        value={tag}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{intl.formatMessage(messages.any)}</option>
        {tags.map((option) => (
          <option key={option.id} value={rowIdOf(option.id, 'Tag')}>
            {option.isPrivate
              ? intl.formatMessage(tagsMessages.privateName, { name: option.name })
              : option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
