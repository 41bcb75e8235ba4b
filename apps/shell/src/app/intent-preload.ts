import { matchRoute, type RemoteId } from '@eyewear/federation';

interface Preloader {
  loadModule(remote: RemoteId, expose: string, options: { background: boolean }): Promise<unknown>;
}

/**
 * Loads the page behind a link as soon as the shopper shows intent (pointer over it, keyboard
 * focus on it, or a touch starting on it), so the click finds the remote's code already
 * there and the route change costs no download; the page's first reads start too (`onRouted`); for a path the routing lookup resolves, the
 * lookup is asked too (`onUnrouted`). Only the link's own remote is fetched, in
 * the background (no progress bar), and never when the shopper asked to save data.
 */
export function preloadOnIntent(
  loader: Preloader,
  options: {
    doc?: Document;
    basename?: string;
    /**
     * A path no route owns (a product's own URL, an SEO listing): the routing lookup decides its
     * page, so the lookup is asked now and its page's remote loaded when it answers (issue 39).
     */
    onUnrouted?: (path: string) => void;
    /** A path the route table owns: its page's first reads start now (issue 39). */
    onRouted?: (path: string) => void;
  } = {},
): () => void {
  const doc = options.doc ?? document;
  const basename = (options.basename ?? '').replace(/\/$/, '');
  const seen = new Set<string>();

  const onIntent = (event: Event) => {
    const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
    if (saveData) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, doc.baseURI);
    if (url.origin !== new URL(doc.baseURI).origin) return;
    let path = url.pathname;
    if (basename && (path === basename || path.startsWith(`${basename}/`))) path = path.slice(basename.length) || '/';
    const route = matchRoute(path);
    if (!route) {
      if (!options.onUnrouted || seen.has(`lookup:${path}`)) return;
      seen.add(`lookup:${path}`);
      options.onUnrouted(path);
      return;
    }
    options.onRouted?.(path);
    const key = `${route.remote}/${route.expose}`;
    if (seen.has(key)) return;
    seen.add(key);
    loader.loadModule(route.remote, route.expose, { background: true }).catch(() => seen.delete(key));
  };

  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  for (const type of events) doc.addEventListener(type, onIntent, { passive: true, capture: true });
  return () => {
    for (const type of events) doc.removeEventListener(type, onIntent, { capture: true });
  };
}
