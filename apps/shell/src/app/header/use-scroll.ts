import { useEffect, useState } from 'react';

/** shopping §9: scroll handling is debounced at 100 ms. */
export const SCROLL_DEBOUNCE_MS = 100;

/** The page's vertical scroll, read at most once per quiet 100 ms. */
export function useScrollY(): number {
  // 0 on the first render, as on the server: a page the browser opens scrolled (a reload keeps
  // its place) must hydrate the server's header and menu ("Hide menu", not "Show menu"; a
  // different text is React error 418), then takes the real position at once.
  const [y, setY] = useState(0);
  useEffect(() => {
    setY(window.scrollY);
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
