import { useRef } from 'react';
import { pageReads, readCookie, type ApiClient, type RouteParams } from '@eyewear/api-client';
import { EXCHANGE_COOKIE, queryKey, useHydrated, useRenderEnv, type QueryCache } from '@eyewear/event-bus';
import { matchRoute, type RemoteId } from '@eyewear/federation';
import { matchPath } from '@eyewear/router';
import { useApi } from './api-context';

/**
 * Starts the first reads of a remote's page (`pageReads`, declared once in the API client) in
 * the page's query cache, under the keys the page reads them by: the data comes with the page's
 * code instead of after it (issue 39: a route change to a product waited for the remote's files,
 * then for the product). Not while an exchange is open: the page reads with its headers then.
 */
export function startPageReads(
  queries: QueryCache,
  api: Pick<ApiClient, 'call'>,
  page: { remote: RemoteId; expose: string; params: RouteParams },
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
): void {
  if (readCookie(cookies, EXCHANGE_COOKIE)) return;
  for (const read of pageReads(page.remote, page.expose, page.params))
    queries.prefetch(queryKey(read.route, read.input), () => api.call(read.route, read.input));
}

/** The page of a path the route table owns, with its params as the router will give them. */
export function routedPage(pathname: string): { remote: RemoteId; expose: string; params: RouteParams } | null {
  const route = matchRoute(pathname);
  if (!route) return null;
  return { remote: route.remote, expose: route.expose, params: matchPath({ path: route.path, caseSensitive: false, end: true }, pathname)?.params ?? {} };
}

/**
 * Starts a page's first reads as its route renders, before its remote's code is there, once
 * per path: in the browser, after hydration (the server's answers are the first page's data).
 * The page's own `useQuery` then finds them on their way or in.
 */
export function usePageReads(page: { remote: RemoteId; expose: string; params: RouteParams }, pathname: string): void {
  const env = useRenderEnv();
  const api = useApi();
  const hydrated = useHydrated();
  const started = useRef<string | null>(null);
  if (env.server || started.current === pathname) return;
  // The hydrating render only notes its path: its data came with the HTML.
  started.current = pathname;
  if (hydrated) startPageReads(env.queries, api, page);
}
