import { useEffect, useState } from 'react';
import { shellRoutes, type Navigation } from '@eyewear/api-client';
import { useApi } from '../api-context';

let once: { mobile: boolean; answer: Promise<Navigation | null> } | null = null;

const isMobile = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 640px)').matches;

/** Forgets the page view's navigation (tests). */
export function resetNavigation() {
  once = null;
}

/** The main navigation, fetched once after the app loads (mobile JSON on small screens); null until then or on failure. */
export function useNavigation(): Navigation | null {
  const api = useApi();
  const [navigation, setNavigation] = useState<Navigation | null>(null);
  useEffect(() => {
    if (!once) {
      const mobile = isMobile();
      once = {
        mobile,
        answer: api.call(mobile ? shellRoutes.mobileNavigation : shellRoutes.navigation).then(
          (answer) => answer.result,
          () => {
            once = null;
            return null;
          },
        ),
      };
    }
    let live = true;
    void once.answer.then((result) => live && setNavigation(result));
    return () => {
      live = false;
    };
  }, [api]);
  return navigation;
}
