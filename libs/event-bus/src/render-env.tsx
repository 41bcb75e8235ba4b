import { createContext, createElement, lazy, use, useContext, useEffect, useRef, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import type { Action } from '@reduxjs/toolkit';
import type { Saga } from 'redux-saga';
import { usePageStore } from './react';
import type { PageStore } from './store';

/**
 * Where a page renders (issue 19, docs/adr/029). On the server (the edge) there is no window:
 * what a component needs from the request (the user agent, whether it is a phone) comes from
 * here, and loads suspend until their answer is in, so the HTML carries the data. The answers
 * travel to the browser in the document; there the same hooks read them on the first render
 * (hydration), so the page is not fetched twice and the first client render equals the HTML.
 */
export interface RenderEnv {
  /** True while rendering on the server. */
  server: boolean;
  /** The request's user agent (the server's; `navigator.userAgent` in the browser). */
  userAgent: string;
  /** The request came from a phone (Client Hints or the user agent). */
  mobile: boolean;
  /** Answers of plain loads, by query key: filled on the server, read once in the browser. */
  queries: QueryCache;
  /** On the server: the keys of the lazy components the page rendered (`lazyComponent`). */
  lazies?: Set<string>;
  /**
   * On the server: a call found the API unreachable. A page whose load failed that way is left
   * to the browser, which says "we can't reach the store" and retries, as it does on its own.
   */
  storeUnreachable?: boolean;
}

/** The digest of an area a server render leaves to the browser (React renders it there on hydration). */
export const CLIENT_AREA_DIGEST = 'eyewear-client-area';

/** What a server render throws to leave an area to the browser. */
export function clientAreaError(reason: string): Error {
  return Object.assign(new Error(reason), { digest: CLIENT_AREA_DIGEST });
}

/** A load's answer the server got: the data, or that it failed (the browser loads it again). */
export type QueryEntry = { ok: true; data: unknown } | { ok: false };

/**
 * How long a read started early (on intent) is the page's answer: a shopper who pointed at a
 * product and opens it within this gets what was read then; later the page reads afresh.
 */
export const PREFETCH_FRESH_MS = 30_000;

interface EarlyRead {
  at: number;
  answer: Promise<QueryEntry>;
  settled?: QueryEntry;
}

/**
 * The answers of a page's plain loads (`useQuery`), by key. On the server each key is loaded
 * once per request (every render of the component reads the same promise); in the browser the
 * server's answers seed it and each is used by the first component that asks, once.
 */
export class QueryCache {
  private readonly settled = new Map<string, QueryEntry>();
  private readonly running = new Map<string, Promise<QueryEntry>>();
  private readonly early = new Map<string, EarlyRead>();

  constructor(seed: Record<string, unknown> = {}) {
    for (const [key, data] of Object.entries(seed)) this.settled.set(key, { ok: true, data });
  }

  /** The answer of a key, if the server had one. */
  peek(key: string): QueryEntry | undefined {
    return this.settled.get(key);
  }

  /** Forgets a key's seeded answer (it was used: a later visit loads afresh). */
  take(key: string): void {
    this.settled.delete(key);
  }

  /** Loads a key once (server): the same promise for every render that asks. */
  load(key: string, run: () => Promise<unknown>): Promise<QueryEntry> {
    let pending = this.running.get(key);
    if (!pending) {
      pending = run().then(
        (data): QueryEntry => ({ ok: true, data }),
        (): QueryEntry => ({ ok: false }),
      );
      pending.then((entry) => this.settled.set(key, entry));
      Object.assign(pending, { status: 'pending' });
      pending.then((value) => Object.assign(pending as object, { status: 'fulfilled', value }));
      this.running.set(key, pending);
    }
    return pending;
  }

  /**
   * Starts a page's read before the page's code is there (browser; issue 39): on the shopper's
   * intent and at the route change the shell asks for the reads the page will make, under the
   * same keys. A key already asked for in the last PREFETCH_FRESH_MS, or seeded by the server,
   * is not asked again. `run` is the call; its failure is the page's to make again.
   */
  prefetch(key: string, run: () => Promise<unknown>, now: number = Date.now()): void {
    for (const [held, read] of this.early) if (now - read.at >= PREFETCH_FRESH_MS) this.early.delete(held);
    if (this.early.has(key) || this.settled.has(key)) return;
    const read: EarlyRead = {
      at: now,
      answer: run().then(
        (data): QueryEntry => ({ ok: true, data }),
        (): QueryEntry => ({ ok: false }),
      ),
    };
    void read.answer.then((entry) => {
      read.settled = entry;
    });
    this.early.set(key, read);
  }

  /**
   * A read started early for a key, still fresh: its answer once in (`settled`), and the promise
   * of it. Peeking keeps it for the component's effect, which `takeEarly`s it.
   */
  peekEarly(key: string, now: number = Date.now()): { settled?: QueryEntry; answer: Promise<QueryEntry> } | undefined {
    const read = this.early.get(key);
    if (!read) return undefined;
    if (now - read.at >= PREFETCH_FRESH_MS) {
      this.early.delete(key);
      return undefined;
    }
    return read;
  }

  /** Takes a read started early for a key (used once: a later visit reads afresh). */
  takeEarly(key: string, now: number = Date.now()): { settled?: QueryEntry; answer: Promise<QueryEntry> } | undefined {
    const read = this.peekEarly(key, now);
    this.early.delete(key);
    return read;
  }

  /** The answers to send to the browser (failed loads are left for it to make). */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, entry] of this.settled) if (entry.ok) out[key] = entry.data;
    return out;
  }
}

const browserEnv = (): RenderEnv => ({
  server: false,
  userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  mobile: false,
  queries: new QueryCache(),
});

let fallbackEnv: RenderEnv | null = null;

const RenderEnvContext = createContext<RenderEnv | null>(null);

/** The shell provides the page's environment: the server's per request, the browser's once. */
export function RenderEnvProvider({ env, children }: { env: RenderEnv; children: ReactNode }) {
  return <RenderEnvContext.Provider value={env}>{children}</RenderEnvContext.Provider>;
}

/** The page's render environment (a browser one when nothing provides it: tests, a remote run alone). */
export function useRenderEnv(): RenderEnv {
  const env = useContext(RenderEnvContext);
  if (env) return env;
  fallbackEnv ??= browserEnv();
  return fallbackEnv;
}

const noSubscribe = () => () => undefined;

/**
 * False on the server and during hydration, true once the page runs in the browser: what
 * depends on the window (the viewport, storage) renders after hydration, so the first client
 * render equals the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

/** Per page store: loads of `useServerLoad` already started on the server, by key. */
const serverLoads = new WeakMap<PageStore, Map<string, Promise<void> & { status?: string }>>();

/**
 * A saga-driven load that the server waits for (issue 19): on the server, runs `saga` and
 * dispatches `action`, then suspends until `done(state)` (or `deadlineMs`), so the HTML shows
 * the loaded page; in the browser, dispatches `action` after mount, except when the component
 * hydrates server HTML whose state already holds the load (`done` true on that first render),
 * so a hydrated page does not load again. `key` names the load (a page's name and its input); a
 * new key loads again. `needed` (in the browser only) says whether a mount loads at all: a load
 * several components share (the cart) is asked for once, by the first that finds it not asked.
 */
export function useServerLoad<S>(options: {
  key: string;
  saga: Saga<[object]>;
  sagaKey: string;
  deps: object;
  action: () => Action;
  done: (state: S) => boolean;
  needed?: (state: S) => boolean;
  deadlineMs?: number;
}): void {
  const { key, saga, sagaKey, deps, action, done, needed, deadlineMs = 3000 } = options;
  const env = useRenderEnv();
  const pageStore = usePageStore();
  const loadedNow = useSelector((state: S) => done(state));
  if (env.server && !loadedNow) {
    let byKey = serverLoads.get(pageStore);
    if (!byKey) serverLoads.set(pageStore, (byKey = new Map()));
    let pending = byKey.get(key);
    if (!pending) {
      pending = new Promise<void>((resolve) => {
        const release = pageStore.runSaga(sagaKey, saga, deps);
        const finish = () => {
          clearTimeout(timer);
          unsubscribe();
          release();
          resolve();
        };
        const timer = setTimeout(finish, deadlineMs);
        const unsubscribe = pageStore.store.subscribe(() => {
          if (done(pageStore.store.getState() as S)) finish();
        });
        pageStore.store.dispatch(action());
        if (done(pageStore.store.getState() as S)) finish();
      });
      const tracked = pending;
      tracked.then(() => Object.assign(tracked, { status: 'fulfilled', value: undefined }));
      byKey.set(key, tracked);
    }
    if (pending.status !== 'fulfilled') use(pending as Promise<void>);
    // The API did not answer: the browser renders this part, with its own "can't reach the store".
    if (env.storeUnreachable) throw clientAreaError('the store was unreachable while rendering on the server');
  }
  // In the browser: load after mount, unless this is the hydration of the server's HTML and the
  // server's state already holds this key's (a later mount, e.g. a retry after a failure, loads).
  const hydrating = !useHydrated();
  const hydratedWith = useRef(loadedNow && hydrating ? key : null);
  useEffect(() => {
    if (hydratedWith.current === key) {
      hydratedWith.current = null;
      return;
    }
    if (needed && !needed(pageStore.store.getState() as S)) return;
    pageStore.store.dispatch(action());
    // `action`, `done` and `needed` are the page's; a new key is what asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageStore, key]);
}

/** Every lazy component of the page's code, by key: how the browser loads them before hydrating. */
const lazyLoaders = new Map<string, () => Promise<unknown>>();

/**
 * `React.lazy` that a server-rendered page can load before it hydrates (issue 19): React's lazy
 * suspends on its first render even when its chunk is already there, so the part of the page it
 * renders would stay server HTML (not interactive) until a later pass. On the server the page
 * records the keys it rendered; the browser loads those (`preloadLazyComponents`) before
 * `hydrateRoot`, and the component then renders at once. `key` must be unique in the site
 * (the remote's name and the component's).
 *
 * A part shown only after an interaction (a dialog a button opens) loads its chunk when asked:
 * `preload()`, called when the shopper points at or focuses the control, has it there by the
 * click.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lazyComponent<C extends ComponentType<any>>(key: string, factory: () => Promise<{ default: C }>): C & { preload(): void } {
  type P = C extends ComponentType<infer Props> ? Props : never;
  let loaded: C | null = null;
  let pending: Promise<C> | null = null;
  const load = () => {
    if (!pending) {
      const started = factory().then((module) => (loaded = module.default));
      // A chunk that failed to preload is asked for again by the render.
      started.catch(() => {
        if (pending === started) pending = null;
      });
      pending = started;
    }
    return pending;
  };
  lazyLoaders.set(key, load);
  // Not loaded yet: React's own lazy (it suspends and retries as React expects, tests' act
  // included); loaded (preloaded before hydration, or by an earlier render): at once.
  const ReactLazy = lazy(() => load().then((component) => ({ default: component })));
  function Lazy(props: P) {
    const env = useRenderEnv();
    if (env.server) env.lazies?.add(key);
    return createElement((loaded ?? ReactLazy) as ComponentType<P>, props as P & object);
  }
  Lazy.displayName = `Lazy(${key})`;
  Lazy.preload = () => void load().catch(() => undefined);
  return Lazy as unknown as C & { preload(): void };
}

/**
 * Loads the lazy components a server render used (their keys from the document), so hydration
 * renders them in its first pass. Components that become known only once a loaded chunk runs
 * (a lazy part of a lazy part) are loaded in a second round. Never rejects: what fails here is
 * loaded again, and shown or reported, by the page itself.
 */
export async function preloadLazyComponents(keys: readonly string[]): Promise<void> {
  const loaded = new Set<string>();
  // A round loads what is known; what its chunks made known is loaded by the next one.
  for (let round = 0; round < 4; round += 1) {
    const known = keys.filter((key) => lazyLoaders.has(key) && !loaded.has(key));
    if (known.length === 0) return;
    await Promise.all(
      known.map((key) => {
        loaded.add(key);
        return lazyLoaders.get(key)!().catch(() => undefined);
      }),
    );
  }
}
