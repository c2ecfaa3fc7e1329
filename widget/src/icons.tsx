/** @jsxImportSource preact */

/** The widget's inline SVG icons (no files, no fonts: the host's CSP has nothing to allow). */
function Icon(props: { size?: number; path: string; stroke?: number }) {
  const size = props.size ?? 16;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width={props.stroke ?? 2}
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={props.path} />
    </svg>
  );
}

export const UpIcon = () => <Icon size={18} stroke={2.5} path="M6 15l6-6 6 6" />;
export const DownIcon = () => <Icon size={14} path="M6 9l6 6 6-6" />;
export const CheckIcon = () => <Icon size={16} stroke={2.5} path="M5 12.5l4.5 4.5L19 7.5" />;
export const SearchIcon = () => (
  <Icon size={15} path="M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM20 20l-4.8-4.8" />
);
export const CommentIcon = () => (
  <Icon size={15} path="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12z" />
);
export const VoteIcon = () => <Icon size={14} stroke={2.5} path="M12 19V5M6 11l6-6 6 6" />;
export const BackIcon = () => <Icon size={15} path="M15 18l-6-6 6-6" />;
