/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { colourIndexOf } from './avatar-colour.ts';

/** Up to two initials of a name (its first two words), as the person would write them. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string | undefined) => (word ? (Array.from(word)[0] ?? '') : '');
  return (first(words[0]) + (words.length > 1 ? first(words.at(-1)) : '')).toUpperCase() || '?';
}

export { colourIndexOf };

/**
 * A person's picture (an http(s) address the API answers), or their initials on a colour of
 * their own when there is none or it does not load (the host page's CSP may refuse it).
 * Decorative: the name is always written beside it.
 */
export function Avatar(props: { name: string; url?: string | null }) {
  const [isBroken, setIsBroken] = useState(false);
  const url = props.url && /^https?:\/\//i.test(props.url) ? props.url : null;
  if (url && !isBroken) {
    return (
      <img
        class="avatar"
        src={url}
        alt=""
        loading="lazy"
        referrerpolicy="no-referrer"
        onError={() => setIsBroken(true)}
      />
    );
  }
  return (
    <span class={`avatar c${colourIndexOf(props.name)}`} aria-hidden="true">
      {initialsOf(props.name)}
    </span>
  );
}
