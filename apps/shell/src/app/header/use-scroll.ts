import { useEffect, useState } from 'react';

/** shopping §9: scroll handling is debounced at 100 ms. */
export const SCROLL_DEBOUNCE_MS = 100;

/** The page's vertical scroll, read at most once per quiet 100 ms. */
export function useScrollY(): number {
  const [y, setY] = useState(() => (typeof window === 'undefined' ? 0 : window.scrollY));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setY(window.scrollY), SCROLL_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return y;
}
