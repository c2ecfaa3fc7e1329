import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { commonMessages } from '../i18n/common-messages.ts';

/** The Feedboard mark and name; links home. */
export function Logo({ isCompact = false }: { isCompact?: boolean }) {
  const intl = useIntl();
  const name = intl.formatMessage(commonMessages.appName);
  return (
    <Link to="/" className="logo" aria-label={isCompact ? name : undefined}>
      <svg className="logo__mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="var(--brand)" />
        <path
          d="M9 22V10.5a1.5 1.5 0 0 1 1.5-1.5H22M9 16h9"
          stroke="var(--brand-ink)"
          strokeWidth="3"
          strokeLinecap="round"
          fill="none"
        />
        <circle cx="22.5" cy="21.5" r="2.5" fill="var(--brand-ink)" />
      </svg>
      {isCompact ? null : <span className="logo__name">{name}</span>}
    </Link>
  );
}
