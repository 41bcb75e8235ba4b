// The document of a server-rendered page, as React (issue 39): the head (title, description,
// canonical, alternates, JSON-LD, the page's files), the rendered root in its hydrating fieldset,
// the state the browser hydrates from, the early-tap recorder and the scripts' starter. The edge
// renders it in its render worker once per render (`documentElement`, exposed by the server
// build) with React's static renderer, and fills in per response only the nonce and the
// session's remotes.json (tokens it chose). The browser's own document (index.html) is what a
// page left wholly to the browser gets.
import type { ReactElement } from 'react';
import { HYDRATING_ATTRIBUTE, scriptJson } from '@eyewear/federation';
import { SITE_DESCRIPTION } from '@eyewear/i18n/rules';
import { MAIN_IMAGE_ID } from '@eyewear/ui';
import { earlyTapRecorder } from './early-tap-recorder';
import { startAfterPaint } from './starter';

/** The site's title and description where a page gives none (index.html's; the description's promise is @eyewear/i18n's, ADR 054). */
export const DEFAULT_TITLE = 'Eyewear: eyeglasses, sunglasses and contact lenses';
export const DEFAULT_DESCRIPTION = SITE_DESCRIPTION;
/** What a server-rendered page says without JavaScript: it reads, and only what changes it needs scripts. */
export const NO_SCRIPT_NOTE = 'Turn on JavaScript to search, filter and buy: without it, this page can only be read.';

/** What the document is made of: plain data, from the edge's main thread and the page's render. */
export interface DocumentParts {
  /** The shell build (for its release beacons: `meta[name=eyewear-shell]`). */
  shell: { version: string; channel: string };
  head: {
    title?: string;
    description?: string;
    canonical?: string;
    alternates?: { hrefLang: string; href: string }[];
    jsonLd?: unknown[];
  };
  /** The shell's entry scripts (URLs), started by the starter once the page has painted. */
  entry: string[];
  /** The route remote's files: CSS to link, scripts to preload, CSS inlined (the shell's and the page's). */
  files: { css: string[]; js: string[]; styles: { href: string; text: string }[] };
  /** The page's rendered HTML (the root's content). */
  root: string;
  /** What the browser hydrates from (with remotes.json, or the token the edge fills it in for). */
  state: Record<string, unknown>;
  /**
   * The nonce on inline scripts and styles and on script preloads, for a page rendered for one
   * response (the edge swaps in that response's); null for a page a shared cache keeps: its
   * policy lists the hashes of its inline scripts and styles, and its script preloads go in its
   * `Link` header (a preload without a nonce is refused under 'strict-dynamic').
   */
  nonce: string | null;
}

/** CSS inside a <style>: nothing in it can close the element (a remote's own file, but still). */
const styleText = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/** The page's main image is in its HTML (libs/ui MAIN_IMAGE): the first paint waits for it. */
const hasMainImage = (root: string) => new RegExp(`<img [^>]*id="${MAIN_IMAGE_ID}"`).test(root);

export function documentElement({ shell, head, entry, files, root, state, nonce }: DocumentParts): ReactElement {
  const n = nonce ?? undefined;
  const [main, ...more] = entry;
  return (
    <html lang="en">
      <head>
        {/* React writes it first in the head (the encoding prescan reads its name in any case). */}
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="eyewear-shell" content={shell.version} data-channel={shell.channel} />
        <meta name="description" content={head.description || DEFAULT_DESCRIPTION} />
        <meta name="theme-color" content="#12263f" />
        <title>{head.title || DEFAULT_TITLE}</title>
        <link rel="icon" href="/favicon.svg" />
        {/* A page with a main image paints first once the browser has read that image's element:
            the image (preloaded, asked for first) is then in the first paint (docs/adr/038). */}
        {hasMainImage(root) ? <link rel="expect" href={`#${MAIN_IMAGE_ID}`} {...{ blocking: 'render' }} /> : null}
        {files.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {files.styles.map((style) => (
          <style key={style.href} nonce={n} data-href={style.href} dangerouslySetInnerHTML={{ __html: styleText(style.text) }} />
        ))}
        {n !== undefined ? [...files.js, ...entry].map((href) => <link key={`preload ${href}`} rel="preload" as="script" href={href} nonce={n} />) : null}
        {head.canonical ? <link rel="canonical" href={head.canonical} data-shell="canonical" /> : null}
        {/* `hreflang` as HTML writes it (React writes a `hrefLang` prop as given). */}
        {(head.alternates ?? []).map((alternate) => (
          <link
            key={alternate.hrefLang}
            rel="alternate"
            {...{ hreflang: alternate.hrefLang }}
            href={alternate.href}
            data-shell={`alternate-${alternate.hrefLang}`}
          />
        ))}
        {(head.jsonLd ?? []).map((value, index) => (
          <script
            key={index}
            type="application/ld+json"
            nonce={n}
            {...(index === 0 ? { 'data-shell': 'jsonld' } : { 'data-page-jsonld': '' })}
            dangerouslySetInnerHTML={{ __html: scriptJson(value) }}
          />
        ))}
      </head>
      <body>
        {/* A tap on a button before the page is React's is kept (docs/adr/051). */}
        <script nonce={n} dangerouslySetInnerHTML={{ __html: earlyTapRecorder() }} />
        {/* Disabled, without a box or a role of its own, and marked as hydrating until the browser
            has hydrated the page: a press or a keystroke before the page's code runs would be lost
            half-done, so they wait, as links need not. The shell enables it. */}
        <fieldset id="root" className="shell-root" role="none" disabled {...{ [HYDRATING_ATTRIBUTE]: '' }} dangerouslySetInnerHTML={{ __html: root }} />
        <script type="application/json" id="eyewear-ssr" nonce={n} dangerouslySetInnerHTML={{ __html: scriptJson(state) }} />
        <noscript>{NO_SCRIPT_NOTE}</noscript>
        {/* The shell's entry runs once the page has painted (docs/adr/031, 039); any other script
            of the entry point loads with it. */}
        {more.map((src) => (
          <script key={src} nonce={n} defer src={src} />
        ))}
        {main ? <script nonce={n} dangerouslySetInnerHTML={{ __html: startAfterPaint(main) }} /> : null}
      </body>
    </html>
  );
}
