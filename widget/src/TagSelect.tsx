/** @jsxImportSource preact */
import type { TTag } from './api.ts';
import { DownIcon } from './icons.tsx';
import type { TWidget } from './widget-context.ts';

/**
 * The company's public tags as a choice, "All tags" first; nothing when it has none. A native
 * select (styled, with the menus' arrow): the console's tests and screen readers pick from it.
 */
export function TagSelect(props: {
  t: TWidget['t'];
  tags: TTag[];
  tag: number | null;
  onTag: (tag: number | null) => void;
}) {
  const { t } = props;
  if (props.tags.length === 0) return null;
  return (
    <label>
      {t('list.tag')}
      <span class="select">
        <select
          value={props.tag === null ? '' : String(props.tag)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            props.onTag(value ? Number(value) : null);
          }}
        >
          <option value="">{t('tag.ALL')}</option>
          {props.tags.map((tag) => (
            <option key={tag.id} value={String(tag.id)}>
              {tag.name}
            </option>
          ))}
        </select>
        <DownIcon />
      </span>
    </label>
  );
}
