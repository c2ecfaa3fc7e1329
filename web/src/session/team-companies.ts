/**
 * The companies this browser signed in to with an address, for the account menu's "Switch
 * company": kept here rather than asked of the server, which never lists an address's companies
 * to a session (an inviter who opened an invitation link holds an account of the address, and
 * must not learn its other companies from it). It learns the companies a password opened (the
 * sign-in's choice) and each company signed in to.
 */
export type TTeamCompany = { name: string; slug: string };

const KEY = 'teamCompanies';
/** Addresses and companies kept at most (the oldest go first). */
const MAX_ADDRESSES = 10;
const MAX_COMPANIES = 20;

function readAll(): Record<string, TTeamCompany[]> {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, TTeamCompany[]>) : {};
  } catch {
    return {};
  }
}

const isCompany = (value: unknown): value is TTeamCompany =>
  Boolean(value) &&
  typeof (value as TTeamCompany).name === 'string' &&
  typeof (value as TTeamCompany).slug === 'string';

/** The companies remembered for `email` (any case), by name. */
export function rememberedCompanies(email: string): TTeamCompany[] {
  const list = readAll()[email.trim().toLowerCase()];
  return Array.isArray(list) ? list.filter(isCompany) : [];
}

/** Adds (or renames) companies of `email`; storage refused (private mode) keeps nothing. */
export function rememberCompanies(email: string, companies: readonly TTeamCompany[]): void {
  const key = email.trim().toLowerCase();
  if (!key || companies.length === 0) return;
  const bySlug = new Map(rememberedCompanies(key).map((c) => [c.slug, c]));
  for (const { name, slug } of companies) bySlug.set(slug, { name, slug });
  const list = [...bySlug.values()]
    .slice(-MAX_COMPANIES)
    .sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
  const kept = Object.entries(readAll())
    .filter(([address]) => address !== key)
    .slice(-(MAX_ADDRESSES - 1));
  try {
    window.localStorage.setItem(KEY, JSON.stringify(Object.fromEntries([...kept, [key, list]])));
  } catch {
    // storage disabled: the menu offers no other company
  }
}
