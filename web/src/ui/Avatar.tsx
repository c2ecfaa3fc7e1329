import { useIntl } from 'react-intl';
import { nameInitials } from './initials.ts';

/** A round picture, or the initials on a colour derived from the name. */
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
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  if (photoUrl) {
    return (
      <img className="avatar" src={photoUrl} alt="" width={size} height={size} loading="lazy" />
    );
  }
  return (
    <span
      className="avatar avatar--initials"
      style={{ width: size, height: size, fontSize: size * 0.4, '--avatar-hue': hue } as never}
      aria-hidden="true"
    >
      {initials}
    </span>
  );
}
