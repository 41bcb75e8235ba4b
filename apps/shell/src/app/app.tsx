import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { navigationChanged, PageStoreProvider, type PageStore } from '@eyewear/event-bus';
import { type FailureReporter } from '@eyewear/federation';
import { I18nProvider, type CountryCode } from '@eyewear/i18n';
import { ReportContext } from './report-context';
import { AppRoutes } from './routes';

/** Publishes each route change on the bus, for sagas that follow navigation. */
function NavigationEvents({ pageStore }: { pageStore: PageStore }) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    pageStore.store.dispatch(navigationChanged({ pathname, search }));
  }, [pageStore, pathname, search]);
  return null;
}

export function App({ pageStore, country, report }: { pageStore: PageStore; country: CountryCode; report: FailureReporter }) {
  return (
    <PageStoreProvider pageStore={pageStore}>
      <I18nProvider country={country}>
        <ReportContext.Provider value={report}>
          <BrowserRouter>
            <NavigationEvents pageStore={pageStore} />
            <AppRoutes />
          </BrowserRouter>
        </ReportContext.Provider>
      </I18nProvider>
    </PageStoreProvider>
  );
}
