import { useIntl } from 'react-intl';
import { avatarColourOf } from '../../../widget/src/avatar-colour.ts';
import { nameInitials } from './initials.ts';

/** A round picture, or the initials on the name's colour (the widget's, avatar-colour.ts). */
export function Avatar({
  name,
  photoUrl,
  size = 32,
}: {
  name: string;
  photoUrl?: string | null;
  size?: number;
}) {
  const { locale } = useIntl();
  const initials = nameInitials(name, locale);
  if (photoUrl) {
    return (
      <img className="avatar" src={photoUrl} alt="" width={size} height={size} loading="lazy" />
    );
  }
  return (
    <span
      className="avatar avatar--initials"
      style={{ width: size, height: size, fontSize: size * 0.4, background: avatarColourOf(name) }}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}
