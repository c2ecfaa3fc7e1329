/** First path segments that belong to the console or the API, never to a company's portal. */
export const CONSOLE_SEGMENTS = new Set([
  'admin',
  'api',
  'assets',
  'confirm-email',
  'explorers',
  'graphql',
  'healthz',
  'invitation',
  'livez',
  'login',
  'logout',
  'metrics',
  'password-reset',
  'privacy',
  'public',
  'readyz',
  'robots.txt',
  'signup',
  'unsubscribe',
  'widget.js',
]);

/**
 * The path a company's portal lives under: `/{slug}`, or `/public/{slug}` for a company whose
 * slug is also one of the console's own first segments.
 */
export function portalBase(companySlug: string): string {
  return CONSOLE_SEGMENTS.has(companySlug) ? `/public/${companySlug}` : `/${companySlug}`;
}

/**
 * Where a portal page is served: on the app's own address (`{appUrl}/{slug}/…`), or on the
 * company's own domain (`https://{domain}/…`, no slug), when the request's Host was that domain.
 */
export type TPortalSite = {
  /** `https://feedback.acme.com`, or the app's own address. */
  origin: string;
  /** The portal's path prefix: `/{slug}` on the app's address, empty on the company's domain. */
  root: string;
  /** The company's slug the app's own paths carry (`/{slug}/…`). */
  slug: string;
};

/** The portal of `slug` on the app's own address. */
export function appSite(appUrl: string, slug: string): TPortalSite {
  return { origin: appUrl, root: portalBase(slug), slug };
}

/** The portal of `slug` on the company's own domain. */
export function domainSite(domain: string, slug: string): TPortalSite {
  return { origin: `https://${domain}`, root: '', slug };
}

/** A portal path (`/roadmap`, '' for the portal's home) as served on this site. */
export function sitePath(site: TPortalSite, path = ''): string {
  return `${site.root}${path}` || '/';
}

/**
 * An app path the services build (`/{slug}/board/ideas/4-x`) as served on this site: on the
 * company's own domain the slug goes (`/board/ideas/4-x`). Other paths stay as they are.
 */
export function onSite(site: TPortalSite, appPath: string): string {
  for (const prefix of [`/public/${site.slug}`, `/${site.slug}`]) {
    if (appPath === prefix || appPath.startsWith(`${prefix}/`)) {
      return sitePath(site, appPath.slice(prefix.length));
    }
  }
  return appPath;
}

/** The full address of a portal path on this site. */
export function siteUrl(site: TPortalSite, path = ''): string {
  const full = sitePath(site, path);
  return `${site.origin}${full === '/' && site.root ? '' : full}`;
}
