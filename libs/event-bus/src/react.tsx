import { createContext, useContext, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { type PageStore } from './store';

const PageStoreContext = createContext<PageStore | null>(null);

export function PageStoreProvider({ pageStore, children }: { pageStore: PageStore; children: ReactNode }) {
  return (
    <PageStoreContext.Provider value={pageStore}>
      <Provider store={pageStore.store}>{children}</Provider>
    </PageStoreContext.Provider>
  );
}

export function usePageStore(): PageStore {
  const pageStore = useContext(PageStoreContext);
  if (!pageStore) throw new Error('usePageStore: no PageStoreProvider above this component');
  return pageStore;
}
