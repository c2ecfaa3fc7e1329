import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * A release's Markdown body as HTML that is safe to put in any page: markdown-it with raw HTML
 * off (a `<script>` typed in the body is text), then an allowlist sanitiser as the second wall.
 * Only plain formatting survives; links and images keep only http(s) (links also mailto), never
 * `javascript:` or `data:`; no attribute that runs code or styles the page; every link gets
 * rel="noopener nofollow ugc". The body's headings start at h3: the release's own name is the
 * page's h1 or the list's h2.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

// Bare `//host` is no link: only addresses with their scheme are.
markdown.linkify.add('//', null);

const LINK_REL = 'noopener nofollow ugc';

/**
 * A link to an address isSafeHref refuses is no link: markdown-it's own tokens lose its
 * link_open and the matching link_close (found by nesting, so `[*a*](\\e)` keeps `<em>a</em>`),
 * and its text stays. Done in the token stream, not by renaming tags in the sanitiser: a tag
 * renamed there to one it then discards closed the next element instead (an `<a>` or `<em>`
 * left open over the rest of the page, attack finding F7).
 */
markdown.core.ruler.push('drop_unsafe_links', (state) => {
  for (const block of state.tokens) {
    if (block.type !== 'inline' || !block.children) continue;
    const kept: typeof block.children = [];
    const dropped: boolean[] = []; // one per open link, innermost last
    for (const token of block.children) {
      if (token.type === 'link_open') {
        const drop = !isSafeHref(String(token.attrGet('href') ?? ''));
        dropped.push(drop);
        if (drop) continue;
      } else if (token.type === 'link_close') {
        if (dropped.pop()) continue;
      }
      kept.push(token);
    }
    block.children = kept;
  }
});

/** http(s), mailto, or a path of this site; never another scheme or a protocol-relative URL. */
function isSafeHref(href: string | undefined): boolean {
  // Browsers ignore controls and whitespace inside a scheme ("java\tscript:").
  const squashed = [...(href ?? '')]
    .filter((ch) => ch.charCodeAt(0) > 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .toLowerCase();
  return /^(https?:\/\/|mailto:)/.test(squashed) || /^\/(?!\/)/.test(squashed);
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h3',
    'h4',
    'h5',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h3',
    h2: 'h3',
    h3: 'h4',
    h4: 'h5',
    h5: 'h5',
    h6: 'h5',
    // Second wall (markdown-it already dropped such links): a link to anything else keeps its
    // tag, so every close still matches its open, but loses its address (no longer a link).
    a: (tagName, attribs) =>
      isSafeHref(attribs.href)
        ? { tagName, attribs: { ...attribs, rel: LINK_REL } }
        : { tagName, attribs: {} },
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy' },
    }),
  },
  // An image whose address was refused is no image at all.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The body as sanitised HTML ('' for an empty body). */
export function renderReleaseMarkdown(body: string): string {
  if (!body.trim()) return '';
  return sanitizeHtml(markdown.render(body), SANITIZE).trim();
}

/** The body as plain text on one line, cut to `max` characters: for descriptions and feeds. */
export function releaseExcerpt(body: string, max = 200): string {
  const text = sanitizeHtml(markdown.render(body), { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
