/** A loading indicator with a spoken label. */
export function Spinner({ label, size = 'medium' }: { label: string; size?: 'small' | 'medium' }) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
