import { useEffect } from 'react';
import { BrowserRouter, MemoryRouter, useLocation } from '@eyewear/router';
import { ApiClientProvider, navigationChanged, PageStoreProvider, RenderEnvProvider, type PageStore, type RenderEnv } from '@eyewear/event-bus';
import { I18nProvider, ServerHeadProvider, type CountryCode, type ServerHead } from '@eyewear/i18n';
import { apiClientFor, type ApiClient, type AppBuild } from '@eyewear/api-client';
import { ApiContext } from './api-context';
import { SHELL_BUILD } from './builds';
import { type AreaLoader } from './federation';
import { LoaderContext } from './loader-context';
import { AppRoutes } from './routes';
import { locationChanged } from './shell-slice';
import { ShellSlots } from './slots';

/** The browser's client of a country for a build's calls (a remote's area gives its build; the shell's own components none). */
const browserClientFor = (country: string, build?: AppBuild) => apiClientFor(country, build ?? SHELL_BUILD);

/** A page the server rendered keeps its section on the first location (shopping §2); this shell renders in the browser. */
const serverRendered = () => typeof document !== 'undefined' && document.documentElement.dataset.ssr === '1';

/** Publishes each route change on the bus, for sagas that follow navigation, and resets the page's section. */
function NavigationEvents({ pageStore }: { pageStore: PageStore }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    pageStore.store.dispatch(locationChanged({ serverRendered: serverRendered() }));
    pageStore.store.dispatch(navigationChanged({ pathname, search }));
  }, [pageStore, pathname, search]);
  return null;
}

export function App({
  pageStore,
  country,
  loader,
  api,
  basename,
  env,
  server,
  serverState,
}: {
  pageStore: PageStore;
  country: CountryCode;
  loader: AreaLoader;
  api: ApiClient;
  /** The country's path prefix (`/sg`) when the site is served under one. */
  basename?: string;
  /** Where the page renders (the server's per request; the browser's, with the server's answers). */
  env?: RenderEnv;
  /** A server render (issue 19): its URL, client and head collector. */
  server?: { url: string; client: ApiClient; head: ServerHead };
  /** In the browser, the state the server rendered the page with: what hydration reads. */
  serverState?: unknown;
}) {
  const routes = (
    <>
      <NavigationEvents pageStore={pageStore} />
      {/* The remotes' client: each of the page's country and of the build whose area calls (the shell's outside any), unless a remote has its own; on the server, the server's. */}
      <ApiClientProvider {...(server ? { client: server.client } : { clientFor: browserClientFor })}>
        <ShellSlots>
          <AppRoutes />
        </ShellSlots>
      </ApiClientProvider>
    </>
  );
  const tree = (
    <PageStoreProvider pageStore={pageStore} serverState={serverState}>
      <I18nProvider country={country}>
        <LoaderContext.Provider value={loader}>
          <ApiContext.Provider value={api}>
            {server ? (
              // The server renders one location; the browser's router takes over on hydration.
              <MemoryRouter basename={basename || undefined} initialEntries={[server.url]}>
                {routes}
              </MemoryRouter>
            ) : (
              <BrowserRouter basename={basename || undefined}>{routes}</BrowserRouter>
            )}
          </ApiContext.Provider>
        </LoaderContext.Provider>
      </I18nProvider>
    </PageStoreProvider>
  );
  const withHead = server ? <ServerHeadProvider head={server.head}>{tree}</ServerHeadProvider> : tree;
  return env ? <RenderEnvProvider env={env}>{withHead}</RenderEnvProvider> : withHead;
}
