import { describe, expect, it } from 'vitest';
import { releaseExcerpt, renderReleaseMarkdown } from './render-markdown.ts';

/**
 * Hostile release bodies, after the OWASP XSS filter evasion cheat sheet and the usual Markdown
 * XSS lists: raw HTML, event handlers, script URLs in every spelling, data: URLs, SVG/MathML,
 * style tricks and Markdown's own link forms.
 */
const HOSTILE = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=javascript:alert('XSS')>",
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<a onmouseover="alert(document.cookie)">xxs link</a>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<img src=x onerror="alert(1)">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  "<BODY ONLOAD=alert('XSS')>",
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '[click](javascript:alert(1))',
  '[click](JAVASCRIPT:alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click](&#x6A;avascript:alert(1))',
  '[click](  javascript:alert(1)  )',
  '[click](<javascript:alert(1)>)',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](java\nscript:alert(1))',
  '[click][ref]\n\n[ref]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x"onerror="alert(1)](https://img.example/a.png)',
  '[x](https://ok.example/"onmouseover="alert(1))',
  '[x](https://ok.example "title\\" onmouseover=\\"alert(1)")',
  '<a href="https://ok.example" onclick="alert(1)">fine?</a>',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '> <img src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<a href="//evil.example">protocol-relative</a>',
  '[x](//evil.example/path)',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
];

const ALLOWED_TAGS: Record<string, string[]> = {
  p: [],
  br: [],
  hr: [],
  h3: [],
  h4: [],
  h5: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  strong: [],
  em: [],
  s: [],
  code: [],
  pre: [],
  a: ['href', 'title', 'rel'],
  img: ['src', 'alt', 'title', 'loading'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: [],
  td: [],
};

const decode = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Every tag of the output with its attributes; `<` only ever opens a tag (text is escaped). */
function tagsOf(html: string) {
  const tags: { name: string; attributes: Map<string, string> }[] = [];
  for (const match of html.matchAll(/<([a-zA-Z0-9]+)([^>]*)>/g)) {
    const attributes = new Map<string, string>();
    const rest = (match[2] ?? '').replace(/\/$/, '');
    const attributeText = rest.replace(
      /\s*([a-zA-Z_:][-a-zA-Z0-9_:.]*)="([^"]*)"/g,
      (_m, name: string, value: string) => {
        attributes.set(name.toLowerCase(), decode(value));
        return '';
      },
    );
    // Nothing else may sit inside a tag: no unquoted attribute, no stray handler.
    expect(attributeText.trim(), match[0]).toBe('');
    tags.push({ name: (match[1] ?? '').toLowerCase(), attributes });
  }
  return tags;
}

function expectHarmless(html: string) {
  expect((html.match(/</g) ?? []).length).toBe(
    (html.match(/<\/?[a-zA-Z0-9]+[^<>]*>/g) ?? []).length,
  );
  for (const tag of tagsOf(html)) {
    const allowed = ALLOWED_TAGS[tag.name];
    expect(allowed, `tag <${tag.name}>`).toBeDefined();
    for (const [name, value] of tag.attributes) {
      expect(allowed, `${tag.name} ${name}`).toContain(name);
      if (name === 'href' || name === 'src') {
        const squashed = [...value]
          .filter((ch) => ch.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
        const schemes = name === 'href' ? /^(https?:\/\/|mailto:)/ : /^https?:\/\//;
        expect(squashed, `${tag.name} ${name}`).toMatch(schemes);
      }
    }
    if (tag.name === 'a') expect(tag.attributes.get('rel')).toBe('noopener nofollow ugc');
  }
  expect(html).not.toMatch(/<\s*script/i);
  // No handler attribute in any tag (quoted values, e.g. a title, may say anything).
  expect(html.replace(/"[^"]*"/g, '""')).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
}

describe('renderReleaseMarkdown', () => {
  it.each(HOSTILE.map((input, index) => [index + 1, input]))(
    'hostile case %i renders nothing that runs',
    (_n, input) => {
      expectHarmless(renderReleaseMarkdown(input as string));
    },
  );

  it('has at least 30 hostile cases', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it('keeps raw HTML as visible text, not markup', () => {
    expect(renderReleaseMarkdown('<script>alert(1)</script>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(renderReleaseMarkdown('<img src=x onerror="alert(1)">')).toContain('&lt;img');
  });

  it('renders ordinary Markdown: headings from h3, emphasis, lists, code, safe links', () => {
    const html = renderReleaseMarkdown(
      '# Big news\n\n## Details\n\nWe **shipped** _dark mode_.\n\n- one\n- two\n\n`code` and [docs](https://docs.example/a?b=1&c=2).\n\n![Screenshot](https://img.example/s.png)',
    );
    expect(html).toContain('<h3>Big news</h3>');
    expect(html).toContain('<h3>Details</h3>');
    expect(html).toContain('<strong>shipped</strong> <em>dark mode</em>');
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain(
      '<a href="https://docs.example/a?b=1&amp;c=2" rel="noopener nofollow ugc">docs</a>',
    );
    expect(html).toContain(
      '<img src="https://img.example/s.png" alt="Screenshot" loading="lazy" />',
    );
    expectHarmless(html);
  });

  it('links bare addresses, with the same rel', () => {
    expect(renderReleaseMarkdown('See https://example.com/x')).toBe(
      '<p>See <a href="https://example.com/x" rel="noopener nofollow ugc">https://example.com/x</a></p>',
    );
  });

  it('drops a script link to its text and an image with a refused address altogether', () => {
    expect(renderReleaseMarkdown('[click](javascript:alert(1))')).not.toContain('<a');
    expect(renderReleaseMarkdown('![x](data:image/png;base64,AAAA)')).not.toContain('<img');
    expect(renderReleaseMarkdown('[x](//evil.example/path)')).toBe('<p>x</p>');
    expect(renderReleaseMarkdown('[x](jav\tascript:alert(1))')).not.toContain('<a');
    expect(renderReleaseMarkdown('see //evil.example')).toBe('<p>see //evil.example</p>');
    expect(renderReleaseMarkdown('[roadmap](/acme/roadmap)')).toBe(
      '<p><a href="/acme/roadmap" rel="noopener nofollow ugc">roadmap</a></p>',
    );
  });

  it('closes every tag it opens after a dropped link (a refused link left the next <a> or <em> open)', () => {
    expect(renderReleaseMarkdown('[x](\\\\evil.test) [y](https://ok.test)')).toBe(
      '<p>x <a href="https://ok.test" rel="noopener nofollow ugc">y</a></p>',
    );
    expect(renderReleaseMarkdown('[*a*](\\\\e)*b*')).toBe('<p><em>a</em><em>b</em></p>');
    expect(renderReleaseMarkdown('[x](//evil.test) *z*')).toBe('<p>x <em>z</em></p>');
    for (const body of [
      '[x](https:evil.test) [y](https://ok.test) and more',
      '[**a** [b](https://ok.test)](//e) *c* [d](javascript:alert(1)) _e_',
      'https://ok.test [x](\\\\e) <https://ok.test/2> *f*',
    ]) {
      const html = renderReleaseMarkdown(body);
      for (const tag of ['a', 'em', 'strong', 'p', 'span']) {
        const opened = html.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
        const closed = html.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0;
        expect(closed, `${tag} in ${html}`).toBe(opened);
      }
    }
  });

  it('renders an empty body as nothing', () => {
    expect(renderReleaseMarkdown('')).toBe('');
    expect(renderReleaseMarkdown('  \n ')).toBe('');
  });
});

describe('releaseExcerpt', () => {
  it('is the text of the body on one line, cut with an ellipsis', () => {
    expect(releaseExcerpt('# Title\n\nA & b <c> "q"')).toBe('Title A & b <c> "q"');
    expect(releaseExcerpt('word '.repeat(100), 20)).toMatch(/^(word ){3}word…$/);
  });
});
