import { use, useCallback, useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation } from '@eyewear/router';
import { ApiError, coreRoutes, isStoreUnreachable, type ApiClient } from '@eyewear/api-client';
import { queryKey, useRenderEnv, type QueryCache, type RenderEnv } from '@eyewear/event-bus';
import { useMessages, useServerHead } from '@eyewear/i18n';
import { StoreUnreachable } from '@eyewear/ui';
import { legacyRedirect, type RemotePageProps, type RemoteRoute } from '@eyewear/federation';
import { useApi } from './api-context';
import { messages } from './messages';
import { NotFoundPage } from './not-found-page';
import { startPageReads, usePageReads } from './page-reads';
import { Redirect } from './redirect';
import { RemoteArea } from './remote-area';
import { sectionResolved, type Section } from './shell-slice';

export type { Section };

/** Which page a looked-up section opens (search counts as a category, shopping §2). */
const PAGE_OF: Record<Exclude<Section, 'na'>, (id: string) => Pick<RemoteRoute, 'remote' | 'expose'> & { props: RemotePageProps }> = {
  cat: (id) => ({ remote: 'catalog', expose: './ListingPage', props: { params: { id }, props: { section: 'cat' } } }),
  col: (id) => ({ remote: 'catalog', expose: './ListingPage', props: { params: { id }, props: { section: 'col' } } }),
  search: (id) => ({ remote: 'catalog', expose: './ListingPage', props: { params: { id }, props: { section: 'search', query: id } } }),
  prod: (id) => ({ remote: 'product', expose: './ProductPage', props: { params: { id }, props: {} } }),
  cms: (id) => ({ remote: 'catalog', expose: './CmsPage', props: { params: {}, props: { page: id } } }),
};

/** 'type:id' -> its parts; anything else is 'na' (shopping §2: a failed lookup is 'na'). */
export function parseLookup(path: string): { section: Section; id: string } {
  const at = path.indexOf(':');
  const section = path.slice(0, at) as Section;
  const id = path.slice(at + 1);
  return at > 0 && section in PAGE_OF && id ? { section, id } : { section: 'na', id: '' };
}

type Found = { section: Section; id: string; unreachable?: boolean };

const lookups = new Map<string, Promise<Found>>();
/** A server render's lookups, per request (its query cache): never the process's cache. */
const serverLookups = new WeakMap<QueryCache, Map<string, Promise<Found>>>();

const settled = <T,>(promise: Promise<T>, value: T) => Object.assign(promise, { status: 'fulfilled', value });

/**
 * The routing lookup of a path. On the server (issue 19) through the request's query cache, so
 * its answer travels with the page; in the browser the server's answer is used once, without
 * asking again (and without suspending, so the page hydrates at once), else it is asked.
 */
function lookup(api: Pick<ApiClient, 'call'>, pathname: string, env: RenderEnv): Promise<Found> {
  const input = { query: { url: pathname } };
  const key = queryKey(coreRoutes.routing, input);
  if (env.server) {
    let byPath = serverLookups.get(env.queries);
    if (!byPath) serverLookups.set(env.queries, (byPath = new Map()));
    let pending = byPath.get(pathname);
    if (!pending) {
      const started = env.queries
        .load(key, () => api.call(coreRoutes.routing, input))
        .then((entry): Found => (entry.ok ? parseLookup((entry.data as { result: { path: string } }).result.path) : { section: 'na', id: '' }));
      void started.then((value) => settled(started, value));
      pending = started;
      byPath.set(pathname, pending);
    }
    return pending;
  }
  const seeded = env.queries.peek(key);
  if (seeded?.ok && !lookups.has(pathname)) {
    env.queries.take(key);
    const value = parseLookup((seeded.data as { result: { path: string } }).result.path);
    lookups.set(pathname, settled(Promise.resolve(value), value));
  }
  let pending = lookups.get(pathname);
  if (!pending) {
    pending = api.call(coreRoutes.routing, { query: { url: pathname } }).then(
      (answer) => parseLookup(answer.result.path),
      (error: unknown) => {
        // An unreachable API is not "not found": the page says the store is unreachable
        // (kept until Try again or leaving the page, docs/adr/022); another server error is
        // forgotten so the next visit asks again.
        if (isStoreUnreachable(error)) return { section: 'na' as const, id: '', unreachable: true };
        if (!(error instanceof ApiError) || error.status >= 500) lookups.delete(pathname);
        return { section: 'na' as const, id: '' };
      },
    );
    lookups.set(pathname, pending);
    // Marked once answered: a page opened after the answer came (a lookup asked on intent) is
    // shown at once, `use` not suspending for a promise that is already settled.
    const asked = pending;
    void asked.then((value) => settled(asked, value));
  }
  return pending;
}

/**
 * A link's path the routing lookup resolves, asked on the shopper's intent (intent-preload.ts):
 * the lookup now, and once it answers, the page's remote module, so the click opens the page
 * without waiting for either. A lookup that found the store unreachable is not kept.
 */
export function preloadLookedUp(
  api: Pick<ApiClient, 'call'>,
  pathname: string,
  env: RenderEnv,
  load: (remote: RemoteRoute['remote'], expose: string) => Promise<unknown>,
): Promise<void> {
  const pending = lookup(api, pathname, env);
  return pending.then((found) => {
    if (found.unreachable) {
      if (lookups.get(pathname) === pending) lookups.delete(pathname);
      return;
    }
    if (found.section === 'na') return;
    const page = PAGE_OF[found.section](found.id);
    startPageReads(env.queries, api, { remote: page.remote, expose: page.expose, params: page.props.params });
    return load(page.remote, page.expose).then(() => undefined);
  });
}

/**
 * Content pages with optional subpaths (`/premium-eyeglasses/...`): a deeper URL is first an
 * SEO listing the lookup knows (`/premium-eyeglasses/titanium.html`); one it does not know
 * still opens the content page, as the route table's `/*` did (ADR 012).
 */
const CONTENT_WITH_SUBPATHS = ['premium-eyeglasses', 'premium-sunglasses'];

export function contentPageOf(pathname: string): string | null {
  const first = pathname.split('/')[1]?.toLowerCase() ?? '';
  return CONTENT_WITH_SUBPATHS.includes(first) && pathname.length > first.length + 2 ? first : null;
}

function ResolvedPage({ pathname, onRetry }: { pathname: string; onRetry: () => void }) {
  const api = useApi();
  const dispatch = useDispatch();
  const m = useMessages(messages);
  const serverHead = useServerHead();
  // Looked up once per path (cached), so the suspended render and its retry share the answer.
  const env = useRenderEnv();
  const pending = lookup(api, pathname, env);
  const found = use(pending);
  useEffect(() => {
    if (!found.unreachable) dispatch(sectionResolved(found));
  }, [dispatch, found]);
  // Leaving a page whose lookup found the store unreachable: the next visit asks again.
  useEffect(
    () => () => {
      if (found.unreachable && lookups.get(pathname) === pending) lookups.delete(pathname);
    },
    [found, pathname, pending],
  );
  if (found.unreachable) {
    // Try again: the note stays until the new answer is in, then the page opens with it
    // (marked as settled, so `use` returns it without suspending again).
    const retry = () => {
      lookups.delete(pathname);
      const next = lookup(api, pathname, env);
      void next.then((answer) => {
        Object.assign(next, { status: 'fulfilled', value: answer });
        onRetry();
      });
    };
    return (
      <StoreUnreachable
        focusOnMount
        title={m.storeUnreachableTitle}
        message={m.storeUnreachableMessage}
        retryLabel={m.retry}
        onRetry={retry}
        testId="store-unreachable-lookup"
      />
    );
  }
  if (found.section === 'na') {
    const content = contentPageOf(pathname);
    if (content && serverHead) serverHead.page = { remote: 'catalog', expose: './ContentPage' };
    if (content)
      return (
        <RemoteArea<RemotePageProps>
          key="catalog./ContentPage"
          remote="catalog"
          expose="./ContentPage"
          props={{ params: { '*': pathname.slice(content.length + 2) }, props: { page: content } }}
        />
      );
    return <NotFoundPage />;
  }
  return <LookedUpPage page={PAGE_OF[found.section](found.id)} pathname={pathname} />;
}

/** The page the lookup found: its data starts beside its code (issue 39). */
function LookedUpPage({ page, pathname }: { page: ReturnType<(typeof PAGE_OF)['prod']>; pathname: string }) {
  const serverHead = useServerHead();
  usePageReads({ remote: page.remote, expose: page.expose, params: page.props.params }, pathname);
  // On the server: which page this URL is, for the edge to link its CSS and scripts.
  if (serverHead) serverHead.page = { remote: page.remote, expose: page.expose };
  return <RemoteArea<RemotePageProps> key={`${page.remote}${page.expose}`} remote={page.remote} expose={page.expose} props={page.props} />;
}

/**
 * Paths no route claims: legacy URLs redirect; SEO URLs (category, product, CMS, collection,
 * search landing) go through the routing lookup to their owner's page; the rest is not found.
 */
export function Unmatched() {
  const location = useLocation();
  // Try again after the store was unreachable: a fresh lookup in a fresh page.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const target = legacyRedirect(location.pathname, location.search, location.hash);
  if (target) return <Redirect to={target} />;
  return <ResolvedPage key={attempt} pathname={location.pathname} onRetry={retry} />;
}
