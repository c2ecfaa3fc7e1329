import { h } from 'preact';
import type { ComponentChild } from 'preact';

/**
 * A release's notes, which the server renders from Markdown and sanitises (bodyHtml), turned
 * into Preact nodes instead of being set as HTML: parsed inert (DOMParser runs nothing), then
 * rebuilt from the same allowlist as the server's, a second wall on the customer's page. An
 * element outside it keeps only its text. Headings step one level down (the release's name is
 * the list's h3); links and images resolve against the Feedboard server and keep only
 * http(s) (links also mailto); links open in a new tab.
 */
const TAGS = new Set(
  'p br hr blockquote ul ol li strong em s code pre a img table thead tbody tr th td'.split(' '),
);
const HEADINGS: Record<string, string> = { h3: 'h4', h4: 'h5', h5: 'h6' };
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  ol: ['start'],
};
const DROPPED = new Set(['script', 'style', 'template']);

function safeUrl(value: string, baseUrl: string, isImage: boolean): string | null {
  try {
    const url = new URL(value, baseUrl);
    return url.protocol === 'http:' ||
      url.protocol === 'https:' ||
      (!isImage && url.protocol === 'mailto:')
      ? url.href
      : null;
  } catch {
    return null;
  }
}

function convert(nodes: NodeListOf<ChildNode>, baseUrl: string): ComponentChild[] {
  const out: ComponentChild[] = [];
  nodes.forEach((node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      out.push(node.textContent);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    const name = element.tagName.toLowerCase();
    if (DROPPED.has(name)) return;
    const children = convert(element.childNodes, baseUrl);
    const tag = HEADINGS[name] ?? (TAGS.has(name) ? name : null);
    const props: Record<string, string> = {};
    for (const attribute of ATTRIBUTES[name] ?? []) {
      const value = element.getAttribute(attribute);
      const isUrl = attribute === 'href' || attribute === 'src';
      const kept = value === null || !isUrl ? value : safeUrl(value, baseUrl, name === 'img');
      if (kept !== null) props[attribute] = kept;
    }
    if (!tag || (name === 'a' && !props.href) || (name === 'img' && !props.src)) {
      out.push(...children);
      return;
    }
    if (name === 'a') Object.assign(props, { rel: 'noopener nofollow ugc', target: '_blank' });
    if (name === 'img') Object.assign(props, { alt: props.alt ?? '', loading: 'lazy' });
    out.push(h(tag, props, ...children));
  });
  return out;
}

/** The sanitised HTML of a release's notes as Preact nodes. */
export function richText(html: string, baseUrl: string): ComponentChild[] {
  return convert(new DOMParser().parseFromString(html, 'text/html').body.childNodes, baseUrl);
}
