import { slugify } from '../slug.ts';

/**
 * The portal's readable path parts, with no other dependency: mail links (services/notification)
 * build them too, and importing the portal's queries for them made an import cycle.
 */

/** `{id}-{text-slug}`: an idea's or a release's address on the portal (the id alone decides). */
export function pathSlugOf(id: number, text: string): string {
  const slug = slugify(text, 60);
  return slug ? `${id}-${slug}` : String(id);
}

/** `{id}-{title-slug}`: an idea's address on the portal. */
export function ideaPathSlug(idea: { id: number; title: string }): string {
  return pathSlugOf(idea.id, idea.title);
}

/** `{id}-{name-slug}`: a release's address on the portal (the id alone decides which). */
export function releasePathSlug(release: { id: number; name: string }): string {
  return pathSlugOf(release.id, release.name);
}
