import { useEffect } from 'react';
import { BrowserRouter, useLocation } from '@eyewear/router';
import { ApiClientProvider, navigationChanged, PageStoreProvider, type PageStore } from '@eyewear/event-bus';
import { I18nProvider, type CountryCode } from '@eyewear/i18n';
import { apiClientFor, type ApiClient } from '@eyewear/api-client';
import { ApiContext } from './api-context';
import { type AreaLoader } from './federation';
import { LoaderContext } from './loader-context';
import { AppRoutes } from './routes';
import { locationChanged } from './shell-slice';
import { ShellSlots } from './slots';

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
}: {
  pageStore: PageStore;
  country: CountryCode;
  loader: AreaLoader;
  api: Pick<ApiClient, 'call'>;
  /** The country's path prefix (`/sg`) when the site is served under one. */
  basename?: string;
}) {
  return (
    <PageStoreProvider pageStore={pageStore}>
      <I18nProvider country={country}>
        <LoaderContext.Provider value={loader}>
          <ApiContext.Provider value={api}>
            <BrowserRouter basename={basename || undefined}>
              <NavigationEvents pageStore={pageStore} />
              {/* The remotes' client: each of the page's country, unless a remote has its own. */}
              <ApiClientProvider clientFor={apiClientFor}>
                <ShellSlots>
                  <AppRoutes />
                </ShellSlots>
              </ApiClientProvider>
            </BrowserRouter>
          </ApiContext.Provider>
        </LoaderContext.Provider>
      </I18nProvider>
    </PageStoreProvider>
  );
}
