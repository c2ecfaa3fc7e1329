/**
 * What a user sees as the first character of `text`: one grapheme, so an emoji, a flag or a
 * letter with combining marks stays whole (`charAt(0)` takes half of a surrogate pair: `�`).
 * Upper-cased in `locale` (Turkish `i` → `İ`).
 */
export function firstGrapheme(text: string, locale?: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const [first] = new Intl.Segmenter(locale, { granularity: 'grapheme' }).segment(trimmed);
  return (first?.segment ?? '').toLocaleUpperCase(locale);
}

/** Up to two initials of a person's name or email ("Ada Lovelace" → "AL"), or "?". */
export function nameInitials(name: string, locale?: string): string {
  return (
    name
      .split(/[\s@._-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => firstGrapheme(part, locale))
      .join('') || '?'
  );
}
