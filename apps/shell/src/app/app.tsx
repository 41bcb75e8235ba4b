import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { navigationChanged, PageStoreProvider, type PageStore } from '@eyewear/event-bus';
import { I18nProvider, type CountryCode } from '@eyewear/i18n';
import { type ApiClient } from '@eyewear/api-client';
import { ApiContext } from './api-context';
import { type AreaLoader } from './federation';
import { LoaderContext } from './loader-context';
import { AppRoutes } from './routes';

/** Publishes each route change on the bus, for sagas that follow navigation. */
function NavigationEvents({ pageStore }: { pageStore: PageStore }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    pageStore.store.dispatch(navigationChanged({ pathname, search }));
  }, [pageStore, pathname, search]);
  return null;
}

export function App({ pageStore, country, loader, api }: { pageStore: PageStore; country: CountryCode; loader: AreaLoader; api: Pick<ApiClient, 'call'> }) {
  return (
    <PageStoreProvider pageStore={pageStore}>
      <I18nProvider country={country}>
        <LoaderContext.Provider value={loader}>
          <ApiContext.Provider value={api}>
            <BrowserRouter>
              <NavigationEvents pageStore={pageStore} />
              <AppRoutes />
            </BrowserRouter>
          </ApiContext.Provider>
        </LoaderContext.Provider>
      </I18nProvider>
    </PageStoreProvider>
  );
}
