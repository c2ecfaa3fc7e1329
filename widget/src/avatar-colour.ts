/**
 * A person's avatar colour, one function for the widget and the console (web/src/ui/Avatar.tsx),
 * so the same name wears the same colour in both (F13 of walk 9: red in one, beige in the
 * other). No Preact here: the console imports it.
 */

/** Avatar backgrounds: each reads white initials at 4.5:1 or more, on either scheme. */
export const AVATAR_COLOURS = [
  '#1d4ed8',
  '#7c3aed',
  '#b4235a',
  '#0f766e',
  '#b45309',
  '#15803d',
  '#4338ca',
  '#0369a1',
  '#a21caf',
  '#be123c',
] as const;

/** The same colour for the same name, everywhere and every time (a string hash). */
export function colourIndexOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % AVATAR_COLOURS.length;
}

/** The colour behind `name`'s initials. */
export function avatarColourOf(name: string): string {
  return AVATAR_COLOURS[colourIndexOf(name)] ?? AVATAR_COLOURS[0];
}
