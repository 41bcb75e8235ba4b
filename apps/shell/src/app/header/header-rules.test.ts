import { type MenuEntry } from '@eyewear/api-client';
import {
  activeEntry,
  CHAT_WIDGET_DELAY_MS,
  HEADER_SCROLL_THRESHOLD_PX,
  menuVisible,
  MENU_SCROLL_THRESHOLD_PX,
  MENU_SCROLL_THRESHOLD_WITH_IMAGE_PX,
  usesBrandLogo,
} from './header-rules';
import { SCROLL_DEBOUNCE_MS } from './use-scroll';

const menu: MenuEntry[] = [
  {
    id: 'eye',
    label: 'Eyeglasses',
    url: '/eyeglasses.html',
    children: [{ id: 'g', label: 'Shape', children: [{ id: 'r', label: 'Round', url: '/eyeglasses/round.html' }] }],
  },
  { id: 'sun', label: 'Sunglasses', url: '/sunglasses.html' },
];

describe('header rules', () => {
  it('has the constants of shopping §9', () => {
    expect([HEADER_SCROLL_THRESHOLD_PX, MENU_SCROLL_THRESHOLD_WITH_IMAGE_PX, MENU_SCROLL_THRESHOLD_PX, CHAT_WIDGET_DELAY_MS, SCROLL_DEBOUNCE_MS]).toEqual([
      35, 180, 30, 1000, 100,
    ]);
  });

  it.each([
    ['/reviews', true],
    ['/shop-instagram', true],
    ['/support', true],
    ['/frame-size', true],
    ['/frame_size', false],
    ['/cart', false],
  ])('brand logo on %s: %p', (path, brand) => expect(usesBrandLogo(path)).toBe(brand));

  it('marks the entry whose URL or descendant URL is the page', () => {
    expect(activeEntry(menu, '/eyeglasses/Round.html/')?.id).toBe('eye');
    expect(activeEntry(menu, '/sunglasses.html')?.id).toBe('sun');
    expect(activeEntry(menu, '/cart')).toBeUndefined();
  });

  it('hides the menu past 180 px under a category with an image, else past 30 px, unless the shopper chose', () => {
    expect(menuVisible(30, false, null)).toBe(true);
    expect(menuVisible(31, false, null)).toBe(false);
    expect(menuVisible(180, true, null)).toBe(true);
    expect(menuVisible(181, true, null)).toBe(false);
    expect(menuVisible(500, false, true)).toBe(true);
    expect(menuVisible(0, false, false)).toBe(false);
  });
});
