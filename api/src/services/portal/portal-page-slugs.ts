/** First path segments under a company's portal that are pages of their own, never boards. */
export const PORTAL_PAGE_SLUGS = new Set(['changelog', 'roadmap']);
