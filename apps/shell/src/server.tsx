// The shell's server entry (issue 19, docs/adr/029): exposed as `./server` by the shell's server
// build and loaded by the edge through the Module Federation runtime. It builds the page's
// React tree for one request (the same App the browser hydrates, on a memory router at the
// request's URL), with a loader that takes the remotes' modules from the edge's runtime, a
// per-request store and API client, and the collectors of the page's head and data. The edge
// renders the tree with React's streaming renderer, writes the head, and puts `state()` into
// the document for the browser's hydration.
import { StrictMode, type ReactElement } from 'react';
import { coreRoutes, createApiClient, readCookie, type ApiClient } from '@eyewear/api-client';
import {
  CLIENT_AREA_DIGEST,
  clientAreaError,
  GUEST_SESSION,
  createPageStore,
  QueryCache,
  sessionChanged,
  sessionOf,
  type PageStore,
  type RenderEnv,
} from '@eyewear/event-bus';
import { type RemoteId, type ChosenRemote } from '@eyewear/federation';
import { countryFromLocation, countryPathPrefix, type ServerHead } from '@eyewear/i18n';
import { App } from './app/app';
import { type AreaLoader } from './app/federation';
import { shellSlice } from './app/shell-slice';

/** The document around a rendered page (issue 39): the edge renders it after the page. */
export { documentElement, type DocumentParts } from './document/document';

export interface ServerRenderOptions {
  /** The request's path and query, as the shopper asked (country prefix included). */
  url: string;
  hostname: string;
  userAgent: string;
  mobile: boolean;
  /** Where the server calls the API (its origin and base path, without /api). */
  apiUrl: string;
  /** Cookies the page's anonymous reads depend on (`hasPlacedOrder`), never the session. */
  customerType?: 'NEW' | 'REPEAT';
  /**
   * The shopper's own cookies, for a page rendered for its shopper alone (the cart, checkout,
   * the order list: never cached, docs/adr/033): the server's calls send them as the browser's
   * would, and the shopper's session is read first. Absent: the render is anonymous.
   */
  cookie?: string;
  /** An exposed module of a remote, from the edge's runtime (the shopper's build of it). */
  loadModule(remote: RemoteId, expose: string): Promise<unknown>;
  /**
   * The remotes whose pages render on the server; another remote's area is left to the
   * browser (rendered there on hydration, as a remote that failed on the server is).
   */
  serverRemotes: readonly RemoteId[];
  /** The builds chosen for this shopper (from remotes.json as the shopper gets it). */
  chosen: Record<RemoteId, ChosenRemote>;
}

export interface ServerRender {
  element: ReactElement;
  head: ServerHead;
  /**
   * What the browser hydrates from (after the render): the store and the loads' answers. The
   * edge adds the shopper's remotes.json (it differs per session, the render does not).
   */
  state(): {
    state: unknown;
    queries: Record<string, unknown>;
    chosen: Record<string, string>;
    mobile: boolean;
    /** The remotes' modules and the lazy components the page rendered: the browser loads them before hydrating. */
    modules: [RemoteId, string][];
    lazies: string[];
  };
  /** React's onError: a digest for the browser, never the message or stack. */
  onError(error: unknown): string;
  /** What the render waits for before it starts (a shopper's page: their session); absent: nothing. */
  ready?: Promise<void>;
}

type Tracked<T> = Promise<T> & { status?: string; value?: T };

/** The server's area loader: each module once per request, from the edge's runtime. */
function serverLoader(load: ServerRenderOptions['loadModule'], serverRemotes: readonly RemoteId[]): AreaLoader & { rendered(): [RemoteId, string][] } {
  const modules = new Map<string, Tracked<unknown>>();
  const used: [RemoteId, string][] = [];
  const never = { subscribe: () => () => undefined, count: () => 0 };
  return {
    ensureFederation: () => Promise.resolve(),
    loadModule<T>(remote: RemoteId, expose: string): Promise<T> {
      const key = `${remote}/${expose}`;
      let loading = modules.get(key);
      if (!loading) {
        const module = serverRemotes.includes(remote) ? load(remote, expose) : Promise.reject(clientAreaError(`${remote} renders in the browser`));
        const started: Tracked<unknown> = module.then((module) => {
          const value = (module as { default?: unknown } | null)?.default;
          if (!value) throw clientAreaError(`${key} has no default export`);
          return value;
        });
        started.then(
          (value) => {
            Object.assign(started, { status: 'fulfilled', value });
            used.push([remote, expose]);
          },
          () => undefined,
        );
        loading = started;
        modules.set(key, loading);
      }
      return loading as Promise<T>;
    },
    forgetRemote: () => undefined,
    forgetIfFailed: () => undefined,
    forgetModuleIfFailed: () => undefined,
    releaseOf: () => undefined,
    pending: never,
    report: () => undefined,
    rendered: () => used,
  };
}

/**
 * The API client of a server render, in the page's country: anonymous (no session is sent), or
 * for a shopper's own page with the shopper's cookies. It never makes a session: that is the
 * browser's to keep.
 */
function serverClient(options: ServerRenderOptions, country: string, env: RenderEnv): ApiClient {
  // The marker says a session exists, so the client never creates one for a read.
  const marker = `clientV1_${country}_active=1`;
  const own = options.cookie;
  const cookies = own ? `${own}; ${marker}` : `${marker}${options.customerType === 'REPEAT' ? '; hasPlacedOrder=true' : ''}`;
  // An API that does not answer (refused, reset, or the edge's 502/503/504) is noted: the page's
  // loads that failed for it are left to the browser (useServerLoad).
  const watched: typeof fetch = async (input, init) => {
    try {
      const response = await fetch(input, own ? { ...init, headers: { ...(init?.headers as Record<string, string>), cookie: own } } : init);
      if (response.status === 502 || response.status === 503 || response.status === 504) env.storeUnreachable = true;
      return response;
    } catch (error) {
      env.storeUnreachable = true;
      throw error;
    }
  };
  return createApiClient({ country, baseUrl: options.apiUrl.replace(/\/$/, ''), cookies: () => cookies, fetch: watched });
}

/**
 * The shopper's session in the page's store before a shopper's page renders (`session/changed`,
 * as the shell's session saga publishes it in the browser): the header and the account's login
 * guard then render as the browser will hydrate them. No session cookie: a guest (the browser
 * makes the session). No answer: the browser finds it out, as on an anonymous page.
 */
function loadSession(client: ApiClient, pageStore: PageStore, options: ServerRenderOptions, country: string): Promise<void> | undefined {
  if (options.cookie === undefined) return undefined;
  // No session cookie (the country's, or the legacy one the API moves): a first visit, a guest.
  if (!readCookie(options.cookie, `clientV1_${country}`) && !readCookie(options.cookie, 'clientV1')) {
    pageStore.store.dispatch(sessionChanged(GUEST_SESSION));
    return undefined;
  }
  return client.call(coreRoutes.me).then(
    (me) => {
      pageStore.store.dispatch(sessionChanged(sessionOf(me.result)));
    },
    () => undefined,
  );
}

export function prepareRender(options: ServerRenderOptions): ServerRender {
  const { pathname } = new URL(options.url, 'http://edge.local');
  const country = countryFromLocation(options.hostname, pathname);
  const basename = countryPathPrefix(pathname);
  const pageStore = createPageStore({ [shellSlice.reducerPath]: shellSlice.reducer });
  const queries = new QueryCache();
  const env: RenderEnv = { server: true, userAgent: options.userAgent, mobile: options.mobile, queries, lazies: new Set() };
  const client = serverClient(options, country, env);
  const head: ServerHead = { alternates: [], jsonLd: [] };
  const loader = serverLoader(options.loadModule, options.serverRemotes);
  const element = (
    <StrictMode>
      <App pageStore={pageStore} country={country} loader={loader} api={client} basename={basename} env={env} server={{ url: options.url, client, head }} />
    </StrictMode>
  );
  return {
    element,
    head,
    ready: loadSession(client, pageStore, options, country),
    state: () => ({
      state: pageStore.store.getState(),
      queries: queries.toJSON(),
      chosen: Object.fromEntries(Object.entries(options.chosen).map(([remote, release]) => [remote, release.version])),
      mobile: options.mobile,
      modules: loader.rendered(),
      lazies: [...(env.lazies ?? [])],
    }),
    onError(error) {
      const digest = (error as { digest?: unknown } | null)?.digest;
      return typeof digest === 'string' ? digest : CLIENT_AREA_DIGEST;
    },
  };
}
