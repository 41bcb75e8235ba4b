import { useEffect, useState } from 'react';
import { useStoreUnreachableSince } from '@eyewear/api-client';
import { useApi } from './api-context';

type Api = ReturnType<typeof useApi>;

/**
 * Data the shell loads once per page view and shows on every page (the header's menu, the
 * footer): fetched when first shown and shared by every use. A load that failed is forgotten,
 * and when the store was unreachable it is fetched again as soon as any call reaches the store
 * (the shopper's Try again, a new page), so the menu and the footer come back with the store,
 * without a reload (docs/adr/022).
 */
export function pageData<T>(load: (api: Api) => Promise<T>) {
  let once: Promise<T | null> | null = null;

  function usePageData(): T | null {
    const api = useApi();
    const [data, setData] = useState<T | null>(null);
    // Since the page began: true from a call that got no answer until a call that got one.
    const unreachable = useStoreUnreachableSince(0);
    useEffect(() => {
      if (!once) {
        // Asking while the store cannot answer would only fail again: wait for it to answer.
        if (unreachable) return undefined;
        const loading: Promise<T | null> = load(api).catch(() => {
          if (once === loading) once = null;
          return null;
        });
        once = loading;
      }
      let live = true;
      void once.then((result) => {
        if (live && result !== null) setData(result);
      });
      return () => {
        live = false;
      };
    }, [api, unreachable]);
    return data;
  }

  return {
    use: usePageData,
    /** Forgets the page view's data (tests: each render is a new page). */
    reset() {
      once = null;
    },
  };
}
