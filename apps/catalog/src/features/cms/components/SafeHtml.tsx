import { Suspense, use, useMemo, type ReactPromise } from 'react';
import type { sanitizeHtml } from '../sanitize';
import './cms.css';

type Sanitizer = typeof sanitizeHtml;
/** Marked `fulfilled` with its `value` once loaded, as React's `use` reads a settled promise at once. */
type Loading = Promise<Sanitizer> & ReactPromise<Sanitizer>;

let loading: Loading | undefined;

/**
 * The sanitizer and its HTML parser (parse5, ~40 KB gzip) are their own chunk, so no page's first
 * download carries them. Loading starts when this module is evaluated (with the CMS or quiz page's
 * code), in parallel with the page's `content.cms` call; once loaded, every render reads it
 * synchronously. A failed load is forgotten, so the area's retry loads it again.
 */
export function loadSanitizer(): Loading {
  if (!loading) {
    const pending = import(/* webpackChunkName: "cms-sanitizer" */ '../sanitize').then(
      (module) => {
        Object.assign(pending, { status: 'fulfilled', value: module.sanitizeHtml });
        return module.sanitizeHtml;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    loading = pending as Loading;
  }
  return loading;
}
void loadSanitizer().catch(() => undefined);

function Sanitized({ html }: { html: string }) {
  const sanitize = use(loadSanitizer());
  return useMemo(() => sanitize(html), [sanitize, html]);
}

/**
 * Renders server-supplied HTML through the sanitizer; the only component that shows server HTML.
 * It renders the same on the server and in the browser. The boundary waits for the sanitizer's
 * chunk: on the server the stream holds the body until it is there; while hydrating, the server's
 * HTML stays as it is until the chunk arrives, then hydrates.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div className={className}>
      <Suspense fallback={null}>
        <Sanitized html={html} />
      </Suspense>
    </div>
  );
}
