import { useIntl } from 'react-intl';
import { rejectedMessage, statusMessages } from './messages.ts';

export type TIdeaStatus =
  'NOT_PUBLIC' | 'OPEN' | 'REVIEW' | 'PLANNED' | 'IN_PROGRESS' | 'COMPLETE' | 'DECLINED';

/** Relay adds a catch-all member to enums; anything unknown reads as open. */
export function toStatus(status: string): TIdeaStatus {
  return status in statusMessages ? (status as TIdeaStatus) : 'OPEN';
}

/** The class giving a status its colour (style.css `.status--…`), the same on tags and dots. */
export function statusColourClass(status: string): string {
  return `status--${toStatus(status).toLowerCase()}`;
}

/**
 * The status tag, in the status's colour. A rejected idea (still NOT_PUBLIC: seen by its author
 * and the team only) reads "Not accepted" in the declined colour, not "Awaiting acceptance".
 */
export function StatusBadge({
  status,
  isRejected = false,
}: {
  status: string;
  isRejected?: boolean;
}) {
  const intl = useIntl();
  if (isRejected) {
    return (
      <span className={`status ${statusColourClass('DECLINED')}`}>
        {intl.formatMessage(rejectedMessage)}
      </span>
    );
  }
  return (
    <span className={`status ${statusColourClass(status)}`}>
      {intl.formatMessage(statusMessages[toStatus(status)])}
    </span>
  );
}

/** A dot in the status's colour, beside its name in menus and column headings. */
export function StatusDot({ status }: { status: string }) {
  return <span className={`status-dot ${statusColourClass(status)}`} aria-hidden="true" />;
}
