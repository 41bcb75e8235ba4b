import { type FooterData, type MenuEntry, type Navigation } from '@eyewear/api-client';
import { type SeedCatalogue, type SeedCategory } from '../../seed/types';

const image = (id: number) => `/api/v2/images/product/${id}/front.svg`;

/** Builds the menus from the seeded categories, so every entry leads to a real listing. */
export function buildNavigation(catalogue: SeedCatalogue): { desktop: Navigation; mobile: Navigation } {
  const byId = new Map<number, SeedCategory>(catalogue.categories.map((c) => [c.id, c]));
  const firstProduct = new Map<number, number>();
  for (const product of catalogue.products) for (const id of product.categoryIds) if (!firstProduct.has(id)) firstProduct.set(id, product.id);

  const entry = (id: number, label?: string, withImage = false): MenuEntry => {
    const category = byId.get(id);
    if (!category) throw new Error(`navigation: no category ${id}`);
    const picture = firstProduct.get(id);
    return { id: `cat-${id}`, label: label ?? category.name, url: category.url, ...(withImage && picture ? { imageUrl: image(picture) } : {}) };
  };
  const group = (id: string, label: string, children: MenuEntry[]): MenuEntry => ({ id, label, children });

  const desktop: MenuEntry[] = [
    {
      id: 'eyeglasses',
      label: 'Eyeglasses',
      url: '/eyeglasses.html',
      layout: 'three-col-layout',
      imageUrl: firstProduct.has(3100) ? image(firstProduct.get(3100)!) : undefined,
      children: [
        group(
          'eyeglasses-shape',
          'Shop by shape',
          [3101, 3102, 3103, 3104, 3105, 3106].map((id) => entry(id, byId.get(id)!.name.replace(' Eyeglasses', ''))),
        ),
        group('eyeglasses-gender', 'Shop by gender', [entry(3107, 'Men'), entry(3108, 'Women'), entry(3500, 'Kids')]),
        group('eyeglasses-type', 'Frame type', [entry(3109, 'Rimless'), entry(3110, 'Half rim'), entry(3100, 'All eyeglasses')]),
      ],
    },
    {
      id: 'sunglasses',
      label: 'Sunglasses',
      url: '/sunglasses.html',
      layout: 'two-col-layout',
      imageUrl: firstProduct.has(3200) ? image(firstProduct.get(3200)!) : undefined,
      children: [
        group(
          'sunglasses-shape',
          'Shop by shape',
          [3201, 3202, 3203, 3204, 3205, 3206].map((id) => entry(id, byId.get(id)!.name.replace(' Sunglasses', ''))),
        ),
        group('sunglasses-more', 'More', [entry(3207, 'Men'), entry(3208, 'Women'), entry(3209, 'Power sunglasses'), entry(3200, 'All sunglasses')]),
      ],
    },
    {
      id: 'premium',
      label: 'Premium',
      url: '/premium-eyeglasses',
      layout: 'grid',
      children: [
        entry(3301, 'Titanium', true),
        entry(3302, 'Acetate', true),
        entry(3305, 'Rimless', true),
        entry(3401, 'Premium aviators', true),
        entry(3402, 'Premium cat-eye', true),
        entry(3400, 'All premium sunglasses', true),
      ],
    },
    {
      id: 'kids',
      label: 'Kids',
      url: '/kids-glasses.html',
      layout: 'list-grid',
      children: [
        entry(3501, 'Flexible frames', true),
        entry(3502, 'Round frames', true),
        entry(3503, 'Rectangle frames', true),
        entry(3500, 'All kids glasses', true),
      ],
    },
    {
      id: 'contact-lenses',
      label: 'Contact Lenses',
      url: '/contact-lenses.html',
      layout: 'list-grid',
      children: [
        entry(3601, 'Daily'),
        entry(3602, 'Monthly'),
        entry(3603, 'Fortnightly'),
        entry(3604, 'Toric'),
        entry(3605, 'Coloured'),
        entry(3700, 'Solutions'),
      ],
    },
    {
      id: 'collections',
      label: 'Collections',
      url: '/collections/bestsellers.html',
      layout: 'grid',
      children: catalogue.categories.filter((c) => c.kind === 'col').map((c) => entry(c.id, undefined, true)),
    },
    { id: 'eye-test', label: 'Home Eye Test', url: '/HTO' },
    { id: 'gold', label: 'Gold Membership', url: '/gold-membership.html' },
  ];

  const topBarLinks: Navigation['topBarLinks'] = [
    { label: 'Compare looks', url: '/compare-looks', kind: 'internal' },
    { label: 'Find your frame size', url: '/frame-size', kind: 'internal' },
    { label: 'Store locator', url: '/store-locator.html', kind: 'internal' },
    { label: 'Franchise enquiry', url: 'https://franchise.eyewear.in/', kind: 'external' },
    { label: '1800-202-4444', url: 'tel:18002024444', kind: 'phone' },
  ];

  // Mobile: the same tree, flattened to one list per entry, without pictures.
  const flatten = (e: MenuEntry): MenuEntry => {
    const leaves = (e.children ?? []).flatMap((c) => (c.children ? c.children : [c]));
    return {
      id: e.id,
      label: e.label,
      ...(e.url ? { url: e.url } : {}),
      ...(leaves.length ? { layout: 'list-grid' as const, children: leaves.map(({ imageUrl: _, ...rest }) => rest) } : {}),
    };
  };
  return {
    desktop: { menu: desktop.map((e) => (e.imageUrl === undefined ? (({ imageUrl: _, ...rest }) => rest)(e) : e)), topBarLinks },
    mobile: { menu: desktop.map(flatten), topBarLinks: topBarLinks.filter((l) => l.kind !== 'external') },
  };
}

export const FOOTER: FooterData = {
  sections: [
    {
      title: 'Shop',
      links: [
        { label: 'Eyeglasses', url: '/eyeglasses.html' },
        { label: 'Sunglasses', url: '/sunglasses.html' },
        { label: 'Premium eyeglasses', url: '/premium-eyeglasses' },
        { label: 'Contact lenses', url: '/contact-lenses.html' },
        { label: 'Kids glasses', url: '/kids-glasses.html' },
        { label: 'Gold membership', url: '/gold-membership.html' },
      ],
    },
    {
      title: 'Services',
      links: [
        { label: 'Home eye test', url: '/HTO' },
        { label: 'Test your vision', url: '/test-your-vision' },
        { label: 'Find your frame size', url: '/frame-size' },
        { label: 'Enter my power', url: '#enter-my-power', action: 'enter-my-power' },
        { label: 'Track order', url: '/customer/account/' },
        { label: 'Store locator', url: '/store-locator.html' },
      ],
    },
    {
      title: 'About us',
      links: [
        { label: 'About us', url: '/about-us.html' },
        { label: 'Customer reviews', url: '/reviews' },
        { label: 'Shop Instagram', url: '/shop-instagram' },
        { label: 'Customer feedback', url: '/customer-feedback' },
        { label: 'Support', url: '/support' },
        { label: 'Site Map', url: '/sitemap.html' },
      ],
    },
  ],
  bottomRow: [
    { label: 'Terms and conditions', url: '/terms-and-conditions.html' },
    { label: 'Privacy policy', url: '/privacy-policy.html' },
    { label: 'Return policy', url: '/return-policy.html' },
    { label: 'Warranty policy', url: '/warranty-policy.html' },
  ],
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/eyewear', newTab: true },
    { name: 'Instagram', url: 'https://www.instagram.com/eyewear', newTab: true },
    { name: 'YouTube', url: 'https://www.youtube.com/@eyewear', newTab: true },
    { name: 'X', url: 'https://x.com/eyewear', newTab: false },
  ],
  appStores: [
    { name: 'Get it on Google Play', url: '/mobile-app' },
    { name: 'Download on the App Store', url: '/mobile-app' },
  ],
};

/**
 * Address prefixes the location lookup knows (documentation ranges of RFC 5737 and private
 * ranges stand for real allocations in this deployment). Anything else is unknown: 'default'.
 */
export const IP_LOCATIONS: ReadonlyArray<[prefix: string, country: string, city: string]> = [
  ['127.', 'in', 'Bengaluru'],
  ['::1', 'in', 'Bengaluru'],
  ['10.', 'in', 'New Delhi'],
  ['192.0.2.', 'ae', 'Dubai'],
  ['198.51.100.', 'us', 'New York'],
  ['203.0.113.', 'sg', 'Singapore'],
  ['100.64.', 'sa', 'Riyadh'],
];
