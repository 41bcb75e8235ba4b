import { useEffect, useRef } from 'react';

/**
 * Calls `onEnter` whenever the returned element scrolls into view (infinite scroll). A new
 * `version` (what the list holds) observes afresh, so a sentinel still in view after an
 * append asks again instead of waiting for a scroll that may never come.
 */
export function useInView<T extends Element>(onEnter: () => void, enabled: boolean, version: unknown = 0) {
  const ref = useRef<T>(null);
  const callback = useRef(onEnter);
  callback.current = onEnter;
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, version]);
  return ref;
}
