import { useIntl } from 'react-intl';
import { statusMessages } from './messages.ts';

export type TIdeaStatus =
  'NOT_PUBLIC' | 'OPEN' | 'REVIEW' | 'PLANNED' | 'IN_PROGRESS' | 'COMPLETE' | 'DECLINED';

/** Relay adds a catch-all member to enums; anything unknown reads as open. */
export function toStatus(status: string): TIdeaStatus {
  return status in statusMessages ? (status as TIdeaStatus) : 'OPEN';
}

/** The status tag, coloured per status. */
export function StatusBadge({ status }: { status: string }) {
  const intl = useIntl();
  const known = toStatus(status);
  return (
    <span className={`status status--${known.toLowerCase()}`}>
      {intl.formatMessage(statusMessages[known])}
    </span>
  );
}
