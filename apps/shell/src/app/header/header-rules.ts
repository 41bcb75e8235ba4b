import { type MenuEntry } from '@eyewear/api-client';

/** shopping §9: the top bar changes style past 35 px; the menu hides past 180 px (category with an image) or 30 px. */
export const HEADER_SCROLL_THRESHOLD_PX = 35;
export const MENU_SCROLL_THRESHOLD_WITH_IMAGE_PX = 180;
export const MENU_SCROLL_THRESHOLD_PX = 30;
/** shopping §9: the chat widget opens 1000 ms after it is asked for. */
export const CHAT_WIDGET_DELAY_MS = 1000;

/** spec "Shell": these paths show the brand logo. */
const BRAND_LOGO_PATHS = ['/reviews', '/shop-instagram', '/support', '/frame-size'];

export function usesBrandLogo(pathname: string): boolean {
  return BRAND_LOGO_PATHS.some((part) => pathname.includes(part));
}

const urlPath = (url: string) => url.split(/[?#]/)[0]!.replace(/\/+$/, '').toLowerCase() || '/';

function matches(entry: MenuEntry, path: string): boolean {
  if (entry.url && urlPath(entry.url) === path) return true;
  return (entry.children ?? []).some((child) => matches(child, path));
}

/** The main-menu entry the URL belongs to (itself or one of its descendants links here). */
export function activeEntry(menu: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  const path = urlPath(pathname);
  return menu.find((entry) => matches(entry, path));
}

/** The menu shows until the page scrolls past its threshold, unless the shopper chose otherwise. */
export function menuVisible(scrollY: number, categoryHasImage: boolean, userChoice: boolean | null): boolean {
  if (userChoice !== null) return userChoice;
  return scrollY <= (categoryHasImage ? MENU_SCROLL_THRESHOLD_WITH_IMAGE_PX : MENU_SCROLL_THRESHOLD_PX);
}

/** The address the compare-looks page returns to. */
export const COMPARE_LOOKS_RETURN_KEY = 'compareLooksReturnUrl';
