/** A URL slug: lower-case ASCII letters and digits joined by single dashes (Polish letters folded). */
export function slugify(text: string, maxLength = 48): string {
  // ł and Ł written as escapes: the bundle's source stays ASCII (scripts/build-server.mjs).
  return text
    .replace(/\u0142/g, 'l')
    .replace(/\u0141/g, 'L')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
}
