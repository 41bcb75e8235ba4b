import { matchRoute, ROUTE_HINT_ATTRIBUTE, type RemoteId } from '@eyewear/federation';

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
    // A card's own URL is the lookup's; the routed path it carries starts its page at once.
    const hint = anchor.getAttribute(ROUTE_HINT_ATTRIBUTE);
    const hinted = hint ? matchRoute(hint) : null;
    let route = matchRoute(path);
    if (!route) {
      if (options.onUnrouted && !seen.has(`lookup:${path}`)) {
        seen.add(`lookup:${path}`);
        options.onUnrouted(path);
      }
      if (!hinted || !hint) return;
      route = hinted;
      path = hint;
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

/** Whether the shopper's connection asks us to spare it (Save-Data, or a 2G-class link). */
function sparing(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return connection?.saveData === true || /2g/.test(connection?.effectiveType ?? '');
}

const whenIdle = (run: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 200);
};

/**
 * Viewport intent (docs/adr/053): once the page runs (`ready`), a link of the page's content that
 * carries its page's routed path (ROUTE_HINT_ATTRIBUTE: a listing's product cards) loads that
 * page's code, at idle, when it comes into view: once per page module, code only (a card's data
 * is read on pointer, focus or touch, never for every card in view), and never for a connection
 * that asks to be spared. A page's own load carries no other remote's bytes (ADR 010): this
 * starts after it, when the main thread has nothing else to do.
 */
export function preloadInView(loader: Preloader, options: { doc?: Document; ready?: () => boolean; idle?: (run: () => void) => void } = {}): () => void {
  const doc = options.doc ?? document;
  if (typeof IntersectionObserver !== 'function' || typeof MutationObserver !== 'function' || sparing()) return () => undefined;
  const idle = options.idle ?? whenIdle;
  const ready = options.ready ?? (() => true);
  const loaded = new Set<string>();
  const watched = new WeakSet<Element>();
  const keyOf = (element: Element) => {
    const route = matchRoute(element.getAttribute(ROUTE_HINT_ATTRIBUTE) ?? '');
    return route ? { route, key: `${route.remote}/${route.expose}` } : null;
  };
  const inView = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      inView.unobserve(entry.target);
      const found = keyOf(entry.target);
      if (!found || loaded.has(found.key)) continue;
      loaded.add(found.key);
      idle(() => {
        loader.loadModule(found.route.remote, found.route.expose, { background: true }).catch(() => loaded.delete(found.key));
      });
    }
  });
  let scheduled = false;
  const scan = () => {
    scheduled = false;
    if (!ready()) {
      setTimeout(schedule, 250);
      return;
    }
    for (const anchor of doc.querySelectorAll(`a[${ROUTE_HINT_ATTRIBUTE}]`)) {
      if (watched.has(anchor)) continue;
      watched.add(anchor);
      const found = keyOf(anchor);
      if (found && !loaded.has(found.key)) inView.observe(anchor);
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    idle(scan);
  };
  const changes = new MutationObserver(schedule);
  changes.observe(doc.body, { childList: true, subtree: true });
  schedule();
  return () => {
    changes.disconnect();
    inView.disconnect();
  };
}
