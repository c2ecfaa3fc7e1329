/**
 * render-markdown.ts, loaded with the first release body rendered, not at every start: markdown-it
 * and sanitize-html are 400 KB of the server's bundle and about 50 ms of a start's CPU.
 */
export const loadMarkdown = () => import('./render-markdown.ts');
