import { createElement, Fragment, type ReactNode } from 'react';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

/**
 * The one way server HTML reaches the page (DESIGN.md "Security"): parsed inertly by parse5 (the
 * WHATWG HTML parsing algorithm in plain JavaScript, the parser jsdom uses: it never runs scripts
 * or loads anything), then rebuilt as React elements from an allowlist of tags and attributes.
 * Nothing else survives: no script, style, iframe, form or SVG; no event handler attribute; no URL
 * whose scheme is not http(s), mailto or tel, or a same-site path. It returns elements, never an
 * HTML string, so nothing is parsed a second time.
 *
 * It reads nothing of the host (no `document`, `DOMParser` or `URL`): on the server (Node, while
 * `react-dom/server` renders the page) and in the browser (hydration, client navigation) the same
 * input gives the same elements, so the server's HTML and the hydrating tree agree byte for byte.
 * This module and parse5 are their own chunk, loaded by `SafeHtml` (components/SafeHtml.tsx).
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

const LINK_SCHEMES = ['https', 'http', 'mailto', 'tel'];
const IMAGE_SCHEMES = ['https', 'http'];
/** A URL scheme as the WHATWG URL parser reads one: an ASCII letter, then letters, digits, + - . */
const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * A URL that may appear in a link or image: http(s), mailto, tel, or a path on this site, else
 * null. The scheme is read by the URL standard's grammar, not by the host's `URL` class: Node's,
 * jsdom's and each browser's differ in how they normalise some URLs, and the server's attribute
 * must be the browser's. The value is kept as written (control characters and spaces removed, the
 * scheme in lower case).
 */
export function safeUrl(raw: string, kind: 'link' | 'image' = 'link'): string | null {
  // Browsers ignore control characters and whitespace inside schemes ("java\tscript:").
  const value = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value === '') return null;
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  if (value.startsWith('#')) return kind === 'link' ? value : null;
  // Without a scheme a value is relative to the page ("x.png", "//host"): only "/" paths pass.
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined || !(kind === 'image' ? IMAGE_SCHEMES : LINK_SCHEMES).includes(scheme)) return null;
  return scheme + value.slice(scheme.length);
}

type Node = DefaultTreeAdapterTypes.ChildNode;

/**
 * Rows and table sections hold no text: the parser keeps the whitespace between their tags, which
 * renders nothing, and React warns that it cannot be their child. It is left out.
 */
const NO_TEXT = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

function convert(node: Node, key: number, parent: string): ReactNode {
  if (node.nodeName === '#text') {
    const text = (node as DefaultTreeAdapterTypes.TextNode).value;
    return NO_TEXT.has(parent) && /^[\t\n\f\r ]*$/.test(text) ? null : text;
  }
  // Comments and doctypes; SVG and MathML are dropped at their root, so nothing foreign is left.
  if (!('tagName' in node) || node.namespaceURI !== HTML_NS) return null;
  const tag = node.tagName;
  if (DROP.has(tag)) return null;
  const children = node.childNodes.map((child, index) => convert(child, index, tag));
  if (!TAGS.has(tag)) return createElement(Fragment, { key }, ...children);
  const props: Record<string, string | number> = { key };
  const allowed = { ...GLOBAL_ATTRS, ...(TAG_ATTRS[tag] ?? {}) };
  for (const attr of node.attrs) {
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

/** The `<body>` of a parsed document (the parser always makes `<html>` and `<body>`). */
function bodyOf(document: DefaultTreeAdapterTypes.Document): Node[] {
  const find = (nodes: Node[], name: string) => nodes.find((node) => node.nodeName === name);
  const root = find(document.childNodes, 'html');
  const body = root && 'childNodes' in root ? find(root.childNodes, 'body') : undefined;
  return body && 'childNodes' in body ? body.childNodes : [];
}

/** Server HTML as safe React elements. */
export function sanitizeHtml(html: string): ReactNode {
  // As a browser's DOMParser does: a whole document, scripting off (so <noscript> holds markup).
  const document = parse(`<!doctype html><body>${html}`, { scriptingEnabled: false });
  return createElement(Fragment, null, ...bodyOf(document).map((node, index) => convert(node, index, 'body')));
}
