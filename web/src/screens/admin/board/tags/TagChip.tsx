import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { TagChip_tag$key } from '../../../../../__generated__/TagChip_tag.graphql.ts';
import { customStatusStyle } from '../statuses/CustomStatusBadge.tsx';
import { tagsMessages as messages } from './messages.ts';

/** A tag as a chip on its colour (text colour chosen for contrast), marked when private. */
export function TagChip({ tag }: { tag: TagChip_tag$key }) {
  const intl = useIntl();
  const data = useFragment(
    graphql`
      fragment TagChip_tag on Tag {
        name
        color
        isPrivate
      }
    `,
    tag,
  );
  return (
    <span className="status status--custom" style={customStatusStyle(data.color)}>
      {data.isPrivate ? intl.formatMessage(messages.privateName, { name: data.name }) : data.name}
    </span>
  );
}

/** An idea's tags as a list of chips (nothing when it carries none). */
export function TagChips({ tags }: { tags: readonly ({ id: string } & TagChip_tag$key)[] }) {
  const intl = useIntl();
  if (tags.length === 0) return null;
  return (
    <ul className="tag-chips" aria-label={intl.formatMessage(messages.title)}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <TagChip tag={tag} />
        </li>
      ))}
    </ul>
  );
}
