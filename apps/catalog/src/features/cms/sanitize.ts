import { createElement, Fragment, type ReactNode } from 'react';

/**
 * The one way server HTML reaches the page (DESIGN.md "Security"): parsed inertly (DOMParser
 * never runs scripts or loads anything), then rebuilt as React elements from an allowlist of
 * tags and attributes. Nothing else survives: no script, style, iframe, form or SVG; no event
 * handler attribute; no URL whose scheme is not http(s), mailto or tel, or a same-site path.
 * It returns elements, never an HTML string, so nothing is parsed a second time.
 */
const TAGS = new Set([
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'u',
  'ul',
]);
/** Dropped with everything inside them. */
const DROP = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'frame',
  'frameset',
  'title',
  'head',
]);

const GLOBAL_ATTRS: Record<string, string> = { class: 'className', title: 'title', id: 'id', lang: 'lang', dir: 'dir' };
const TAG_ATTRS: Record<string, Record<string, string>> = {
  a: { href: 'href', rel: 'rel' },
  img: { src: 'src', alt: 'alt', width: 'width', height: 'height' },
  td: { colspan: 'colSpan', rowspan: 'rowSpan' },
  th: { colspan: 'colSpan', rowspan: 'rowSpan', scope: 'scope' },
  time: { datetime: 'dateTime' },
  ol: { start: 'start' },
  blockquote: { cite: 'cite' },
  q: { cite: 'cite' },
};
const URL_ATTRS = new Set(['href', 'src', 'cite']);

/** A URL that may appear in a link or image: http(s), mailto, tel, or a path on this site. */
export function safeUrl(raw: string, kind: 'link' | 'image' = 'link'): string | null {
  // Browsers ignore control characters and whitespace inside schemes ("java\tscript:").
  const value = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value === '') return null;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  if (value.startsWith('#')) return kind === 'link' ? value : null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const allowed = kind === 'image' ? ['https:', 'http:'] : ['https:', 'http:', 'mailto:', 'tel:'];
  return allowed.includes(url.protocol) ? url.href : null;
}

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROP.has(tag)) return null;
  const children = Array.from(element.childNodes, convert);
  if (!TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  const props: Record<string, string | number> = { key };
  const allowed = { ...GLOBAL_ATTRS, ...(TAG_ATTRS[tag] ?? {}) };
  for (const attr of Array.from(element.attributes)) {
    const name = attr.name.toLowerCase();
    const prop = allowed[name];
    if (!prop) continue;
    if (URL_ATTRS.has(name)) {
      const url = safeUrl(attr.value, tag === 'img' ? 'image' : 'link');
      if (url === null) continue;
      props[prop] = url;
    } else if (name === 'id') {
      props[prop] = `cms-${attr.value.replace(/[^\w-]/g, '')}`;
    } else {
      props[prop] = attr.value;
    }
  }
  if (tag === 'a' && typeof props['href'] === 'string' && /^https?:/.test(props['href'])) {
    props['rel'] = 'noopener noreferrer nofollow';
    props['target'] = '_blank';
  }
  if (tag === 'img') props['loading'] = 'lazy';
  if (tag === 'br' || tag === 'hr' || tag === 'img') return createElement(tag, props);
  return createElement(tag, props, ...children);
}

/** Server HTML as safe React elements. */
export function sanitizeHtml(html: string): ReactNode {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  return createElement(Fragment, null, ...Array.from(doc.body.childNodes, convert));
}
