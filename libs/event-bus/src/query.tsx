import { createContext, use, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { type ApiClient, type AppBuild, type CallInput, type ContractRoute, type RouteResult } from '@eyewear/api-client';
import { useCountry } from '@eyewear/i18n';
import { useRenderEnv } from './render-env';

/**
 * Where a load is, in every remote: nothing asked yet, on its way, answered, or failed. One
 * union for slices, sagas and the query hook (ADR 025), so a status reads the same everywhere.
 */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

interface ClientSource {
  /** A client for every call below, whatever a remote asks (a test's fake, the server's). */
  client?: ApiClient;
  /** The page's default client of a country (the shell's), when a remote asks for no other; of `build`'s calls when given. */
  clientFor?: (country: string, build?: AppBuild) => ApiClient;
  /** The app build whose components are below (a remote's area): its calls name it (x-eyewear-build, docs/adr/055). */
  build?: AppBuild;
}

const ApiClientContext = createContext<ClientSource>({});

/**
 * Where the components below get their API client. The shell gives `clientFor` (the page's
 * client of each country); a test gives `client` (`fakeApi(...).client` of
 * `@eyewear/api-client/testing`), which every call below then uses; later the server gives its
 * own when a page is rendered there. The context lives in the event bus, the page's one shared
 * instance, so every remote reads the same provider, and the event bus itself carries no client
 * code.
 */
export function ApiClientProvider({ children, client, clientFor, build }: ClientSource & { children: ReactNode }) {
  // A provider inside another (a remote's area naming its build) keeps what it does not give.
  const outer = useContext(ApiClientContext);
  const value = useMemo(
    (): ClientSource => ({
      ...outer,
      ...(client ? { client } : {}),
      ...(clientFor ? { clientFor } : {}),
      ...(build ? { build } : {}),
    }),
    [outer, client, clientFor, build],
  );
  return <ApiClientContext.Provider value={value}>{children}</ApiClientContext.Provider>;
}

/**
 * The client a component (and the sagas it starts, through `useInjectSaga`'s deps) calls the
 * API with: a provided `client`, else `make(country)` when the remote has a client of its own
 * (product's sends the exchange headers), else the page's `clientFor(country)`; both with the
 * build of the area the component is in (the provider's `build`), whose calls they are.
 */
export function useApiClient(make?: (country: string, build?: AppBuild) => ApiClient): ApiClient {
  const { client, clientFor, build } = useContext(ApiClientContext);
  const country = useCountry();
  const chosen = client ?? make?.(country, build) ?? clientFor?.(country, build);
  if (!chosen) throw new Error('useApiClient: no ApiClientProvider above (the shell provides one; tests pass `api` to renderPage)');
  return chosen;
}

export interface QueryState<T> {
  status: LoadStatus;
  /** The last answer (kept while a reload is on its way). */
  data: T | undefined;
  error: unknown;
  /** Asks again (after a failure, or when the data is known to be stale). */
  reload(): void;
}

export interface QueryOptions {
  /** False holds the load (e.g. until the session is known); the status stays `idle`. */
  enabled?: boolean;
  /** The client to call with; `useApiClient()` by default. */
  client?: ApiClient;
}

/** The key of a load: the route's name and its input, so the same call is the same key. */
export function queryKey(route: ContractRoute, input: Omit<CallInput, 'signal'> = {}): string {
  return `${route.name} ${JSON.stringify([input.params ?? {}, input.query ?? {}, input.body ?? null])}`;
}

/**
 * A plain load (ADR 025): one call whose answer a component shows. Loads again when the key
 * (route and input) changes; an answer that comes after the component left, or after the key
 * changed, is dropped and its request aborted. Orchestration (queues, polling, races, flows
 * across apps) stays in sagas.
 */
export function useQuery<R extends ContractRoute>(route: R, input: Omit<CallInput, 'signal'> = {}, options: QueryOptions = {}): QueryState<RouteResult<R>> {
  const fallback = useApiClient();
  const client = options.client ?? fallback;
  const enabled = options.enabled ?? true;
  const key = queryKey(route, input);
  // On the server a read (GET) suspends until its answer is in, so the HTML carries the data
  // (issue 19); a failed one renders as loading and the browser loads it.
  const env = useRenderEnv();
  if (env.server && enabled && route.method === 'GET') {
    const pending = env.queries.load(key, () => client.call(route, input));
    if ((pending as { status?: string }).status !== 'fulfilled') use(pending);
  }
  // The server's answer (hydration), else a read the shell started early and already answered
  // (issue 39: on intent, or at the route change), is this key's first state: no loading flash.
  const early = enabled && !env.server ? env.queries.peekEarly(key)?.settled : undefined;
  const seeded = enabled ? (env.queries.peek(key) ?? (early?.ok ? early : undefined)) : undefined;
  const [state, setState] = useState<{ key: string | null; status: LoadStatus; data: RouteResult<R> | undefined; error: unknown }>(() =>
    seeded?.ok
      ? { key, status: 'ready', data: seeded.data as RouteResult<R>, error: null }
      : {
          key: null,
          status: 'idle',
          data: undefined,
          error: null,
        },
  );
  // In the browser, the server's (or the early read's) answer is this key's first load: used once, not loaded again.
  const hydratedWith = useRef(seeded?.ok && !env.server ? key : null);
  const [attempt, setAttempt] = useState(0);
  // The input as of this key: read in the effect, which runs again only when the key changes.
  const latest = useRef({ route, input });
  latest.current = { route, input };

  useEffect(() => {
    if (!enabled) return;
    if (hydratedWith.current === key) {
      hydratedWith.current = null;
      env.queries.take(key);
      env.queries.takeEarly(key);
      return;
    }
    const controller = new AbortController();
    const ready = (data: unknown) => {
      if (!controller.signal.aborted) setState({ key, status: 'ready', data: data as RouteResult<R>, error: null });
    };
    const load = () =>
      client.call(latest.current.route, { ...latest.current.input, signal: controller.signal }).then(ready, (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, key, status: 'failed', error }));
      });
    // A read the shell started early for this key: its answer, once (a failed one is read again).
    const started = env.queries.takeEarly(key);
    if (started?.settled?.ok) {
      ready(started.settled.data);
      return () => controller.abort();
    }
    setState((s) => ({ ...s, key, status: 'loading', error: null }));
    if (started) void started.answer.then((entry) => (controller.signal.aborted ? undefined : entry.ok ? ready(entry.data) : load()));
    else void load();
    return () => controller.abort();
    // `env` is the page's one environment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key, enabled, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // Before the effect ran for a new key, the old key's answer is not this key's.
  const current = state.key === key;
  return {
    status: !enabled ? 'idle' : current ? state.status : 'loading',
    data: current || state.status === 'ready' ? state.data : undefined,
    error: current ? state.error : null,
    reload,
  };
}
