// The document of a server-rendered page (docs/adr/029): the shell's index.html with the page's
// head, the route's files, the rendered root and the state the browser hydrates from.
import type { RenderResult } from './types';
import { HYDRATING_ATTRIBUTE } from '@eyewear/federation';
import { escapeHtml, scriptJson } from './html';
import { earlyTapRecorder } from './early-taps';
import { MAIN_IMAGE_ID, startAfterPaint } from './starter';

/** A page's files: CSS to link, scripts to preload, CSS to inline. */
export interface PageFiles {
  css: string[];
  js: string[];
  styles?: { href: string; text: string }[];
}

/**
 * The document of a server-rendered page: the shell's index.html with the page's head (title,
 * description, canonical, alternates, JSON-LD), the route's CSS and scripts linked early, the
 * rendered root and the state the browser hydrates from.
 * @param {string} indexHtml  the shell's index.html (nonces already added to its scripts)
 * @param {{ html: string, nonce?: string, head: any, state: Record<string, unknown> }} rendered  (`nonce`: the one
 *   on the render's own scripts, replaced by this response's)
 * @param {{ css: string[], js: string[], styles?: { href: string, text: string }[] }} assets  the route remote's files
 *   (URLs: CSS to link, scripts to preload) and CSS to inline
 * @param {string | null} nonce  this response's CSP nonce; null for a page a shared cache keeps
 *   (its policy lists the hashes of its inline scripts and styles, and its script preloads go in
 *   its `Link` header: a preload without a nonce is refused under 'strict-dynamic')
 * @param {unknown} manifest  remotes.json as this session gets it (the browser chooses its builds from it)
 */
export function composeDocument(
  indexHtml: string,
  rendered: Pick<RenderResult, 'html' | 'head' | 'state'> & { nonce?: string },
  assets: PageFiles,
  nonce: string | null,
  manifest: unknown,
): string {
  const { head } = rendered;
  const nonceAttribute = nonce === null ? '' : ` nonce="${nonce}"`;
  const root = rendered.nonce ? rendered.html.replaceAll(` nonce="${rendered.nonce}"`, nonceAttribute) : rendered.html;
  const state = scriptJson({ ...rendered.state, manifest });
  const tags: string[] = [];
  // A page with a main image paints first once the browser has read that image's element: the
  // image (preloaded, asked for first) is then in the first paint, rather than in one a moment
  // after a paint of the header alone (docs/adr/038).
  if (new RegExp(`<img [^>]*id="${MAIN_IMAGE_ID}"`).test(root)) tags.push(`<link rel="expect" href="#${MAIN_IMAGE_ID}" blocking="render">`);
  for (const href of assets.css) tags.push(`<link rel="stylesheet" href="${escapeHtml(href)}">`);
  // Inlined CSS: nothing in it may close the element (a remote's own file, but still).
  for (const style of assets.styles ?? [])
    tags.push(`<style${nonceAttribute} data-href="${escapeHtml(style.href)}">${String(style.text).replace(/<\/style/gi, '<\\/style')}</style>`);
  if (nonce !== null) for (const href of assets.js) tags.push(`<link rel="preload" as="script" href="${escapeHtml(href)}"${nonceAttribute}>`);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" data-shell="canonical">`);
  for (const alternate of head.alternates ?? [])
    tags.push(
      `<link rel="alternate" hreflang="${escapeHtml(alternate.hrefLang)}" href="${escapeHtml(alternate.href)}" data-shell="alternate-${escapeHtml(alternate.hrefLang)}">`,
    );
  (head.jsonLd ?? []).forEach((value: unknown, index: number) =>
    tags.push(
      `<script type="application/ld+json"${nonceAttribute} ${index === 0 ? 'data-shell="jsonld"' : 'data-page-jsonld=""'}>${scriptJson(value)}</script>`,
    ),
  );
  let html = indexHtml
    // The page carries remotes.json (in its state) and links its remote's files itself.
    .replace(/<link rel="preload" href="\/remotes\.json"[^>]*>/, '')
    .replace('</head>', `${tags.join('')}</head>`)
    // The page reads without JavaScript; only what changes it needs it.
    .replace(/<noscript>[^<]*<\/noscript>/, '<noscript>Turn on JavaScript to search, filter and buy: without it, this page can only be read.</noscript>')
    .replace(
      /<div id="root"><\/div>/,
      // A disabled fieldset (without a box or a role of its own), marked as hydrating, until the
      // browser has hydrated the page: a button pressed or a field filled before the page's code
      // runs would be lost, so they wait, as links need not (they work without it). The shell
      // enables it.
      // A tap on a button before then is kept by the recorder just before it (docs/adr/051), and
      // made again by the shell once the page is React's.
      () =>
        `<script${nonceAttribute}>${earlyTapRecorder()}</script><fieldset id="root" class="shell-root" role="none" disabled ${HYDRATING_ATTRIBUTE}="">${root}</fieldset><script type="application/json" id="eyewear-ssr"${nonceAttribute}>${state}</script>`,
    );
  // The shell's entry runs once the page has painted its main image (or its first content): a
  // phone's main thread is then busy for a while with the scripts and hydration, and a paint
  // that waits for them waits seconds. The file still downloads from the start.
  html = html.replace(/<script(?: nonce="[^"]*")? defer(?:="defer")? src="([^"]+)"><\/script>/, (_tag, src: string) => {
    const preload = nonce === null ? '' : `<link rel="preload" as="script" href="${escapeHtml(src)}"${nonceAttribute}>`;
    return `${preload}<script${nonceAttribute}>${startAfterPaint(src)}</script>`;
  });
  if (head.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
  if (head.description)
    html = html.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(head.description)}">`);
  return html;
}
