import { useIntl } from 'react-intl';
import { graphql, useFragment } from 'react-relay';
import type { CustomStatusBadge_status$key } from '../../../../../__generated__/CustomStatusBadge_status.graphql.ts';
import { readableOn } from '../../../../../../widget/src/contrast.ts';

/** The style of a custom status: its colour, with black or white text, whichever reads better. */
export function customStatusStyle(color: string): { background: string; color: string } {
  const hex = /^[0-9a-f]{6}$/i.test(color) ? `#${color}` : '#5b6b7d';
  return { background: hex, color: readableOn(hex, '#ffffff') };
}

/** A custom status's name in the console's language. */
export function useStatusName(): (nameEn: string, namePl: string) => string {
  const { locale } = useIntl();
  return (nameEn, namePl) => (locale.startsWith('pl') ? namePl : nameEn);
}

/** A custom status as a tag in its own colour (the team's name for one kind of the pipeline). */
export function CustomStatusBadge({ status }: { status: CustomStatusBadge_status$key }) {
  const data = useFragment(
    graphql`
      fragment CustomStatusBadge_status on BoardStatus {
        nameEn
        namePl
        color
      }
    `,
    status,
  );
  const nameOf = useStatusName();
  return (
    <span className="status status--custom" style={customStatusStyle(data.color)}>
      {nameOf(data.nameEn, data.namePl)}
    </span>
  );
}
