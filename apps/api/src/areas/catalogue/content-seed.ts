import { PROMISE, RETURN_WINDOW_DAYS } from '@eyewear/i18n/rules';
import { bannerImageUrl, PUBLIC_API } from './products';

/**
 * The content the seed provides: home, premium and promo pages as section JSON, CMS pages as
 * HTML, and the banners drawn as SVG. Written as data so the pages look like a real store.
 */
export interface BannerArt {
  title: string;
  subtitle: string;
  from: string;
  to: string;
  accent: string;
}

export const BANNERS: Record<string, BannerArt> = {
  'home-hero-1': { title: 'Free Shipping', subtitle: 'On orders from ₹500', from: '#0b3d91', to: '#1b9bc2', accent: '#f6ae2d' },
  'home-hero-2': { title: 'The Summer Edit', subtitle: 'Polarised sunglasses from 1,499', from: '#f26419', to: '#f6ae2d', accent: '#ffffff' },
  'home-hero-3': { title: 'Premium, Handmade', subtitle: 'Titanium and acetate from Milan and Tokyo', from: '#1b1b3a', to: '#693668', accent: '#f8c537' },
  'home-hero-4': { title: 'Free Eye Test at Home', subtitle: 'Book a home try-on in two minutes', from: '#2f4858', to: '#33658a', accent: '#86bbd8' },
  'gold-strip': { title: 'Gold Membership', subtitle: '20% off house-brand frames for a year', from: '#8d6e1f', to: '#c9a227', accent: '#fff7d6' },
  'first-order': {
    title: 'Your First Frame for Less',
    subtitle: 'New here? Your first frame at a new-customer price',
    from: '#e63946',
    to: '#f28482',
    accent: '#ffffff',
  },
  'eyeglasses-hero': { title: 'Eyeglasses', subtitle: 'Blue-light lenses free with every frame', from: '#2f4858', to: '#55828b', accent: '#f6ae2d' },
  'sunglasses-hero': { title: 'Sunglasses', subtitle: '100% UV protection, polarised options', from: '#f26419', to: '#c05621', accent: '#fff1d0' },
  'premium-eyeglasses-hero': {
    title: 'Premium Eyeglasses',
    subtitle: 'Crafted in titanium and Italian acetate',
    from: '#3d314a',
    to: '#96705b',
    accent: '#f1e3d3',
  },
  'premium-sunglasses-hero': { title: 'Premium Sunglasses', subtitle: 'Icons of the season', from: '#1b1b3a', to: '#a74482', accent: '#f8c537' },
  'summer-sale-hero': { title: 'Summer Sale', subtitle: 'Up to 50% off sunglasses, this week only', from: '#ff7b00', to: '#ffb700', accent: '#03045e' },
  'kids-strip': { title: 'Back to School', subtitle: 'Flexible frames that survive the playground', from: '#ffb400', to: '#7fb800', accent: '#ffffff' },
};

type Section = { id: string; className?: string; data: { type: string; data: Record<string, unknown> }[] };

const section = (id: string, type: string, data: Record<string, unknown>, className?: string): Section => ({
  id,
  ...(className ? { className } : {}),
  data: [{ type, data }],
});

const banner = (id: string, link: string) => ({ imageUrl: bannerImageUrl(id), link, alt: `${BANNERS[id]?.title}: ${BANNERS[id]?.subtitle}` });
const carousel = (id: string, catId: number, title: string, viewAll: string) => section(id, 'category-carousel', { catId, title, viewAll });
const tile = (label: string, url: string, catId: number) => ({ label, url, imageUrl: bannerImageUrl(`cat-${catId}`) });

const FAQ = section('faq', 'accordion', {
  title: 'Frequently asked questions',
  multiOpen: false,
  items: [
    {
      question: 'How do I know my frame size?',
      answer: 'Use the frame-size tool or read the three numbers on the temple of your current glasses: lens width, bridge and temple length.',
    },
    {
      question: 'Can I return or exchange my glasses?',
      answer: `Yes. Every order can be returned or exchanged within ${RETURN_WINDOW_DAYS} days of delivery, with a free pickup.`,
    },
    { question: 'Do you offer a warranty?', answer: 'All frames and lenses carry a one-year warranty against manufacturing defects.' },
    { question: 'How long does delivery take?', answer: 'Most orders ship in 48 hours; express delivery is available in major cities.' },
  ],
});

const WHY = section('why-us', 'features', {
  title: 'Why shop with us',
  items: [
    { title: PROMISE.shipping, text: 'On every order, no minimum.' },
    { title: PROMISE.returns, text: 'Free pickup, no questions asked.' },
    { title: PROMISE.warranty, text: 'On frames and lenses.' },
    { title: 'Eye test at home', text: 'Certified optometrists at your door.' },
  ],
});

export const HOME_SECTIONS: Section[] = [
  section('hero', 'banner', {
    slides: ['home-hero-1', 'home-hero-2', 'home-hero-3', 'home-hero-4'].map((id, i) =>
      banner(id, ['/eyeglasses.html', '/sunglasses.html', '/premium-eyeglasses', '/HTO'][i] ?? '/'),
    ),
  }),
  section('shop-by-category', 'tiles', {
    title: 'Shop by category',
    tiles: [
      tile('Eyeglasses', '/eyeglasses.html', 3100),
      tile('Sunglasses', '/sunglasses.html', 3200),
      tile('Premium', '/premium-eyeglasses', 3300),
      tile('Kids Glasses', '/kids-glasses.html', 3500),
      tile('Contact Lenses', '/contact-lenses.html', 3600),
      tile('Accessories', '/accessories.html', 3800),
    ],
  }),
  section(
    'first-order',
    'promo-strip',
    { ...banner('first-order', '/eyeglasses/all.html'), text: 'New here? Your first frame at its new-customer price.' },
    'hide-repeat',
  ),
  carousel('bestsellers', 4003, 'Bestsellers', '/collections/bestsellers.html'),
  carousel('new-arrivals', 4004, 'New arrivals', '/collections/new-arrivals.html'),
  section('shop-by-shape', 'tiles', {
    title: 'Shop by shape',
    tiles: [
      tile('Round', '/eyeglasses/round.html', 3101),
      tile('Rectangle', '/eyeglasses/rectangle.html', 3102),
      tile('Cat-Eye', '/eyeglasses/cat-eye.html', 3104),
      tile('Aviator', '/sunglasses/aviator.html', 3201),
      tile('Wayfarer', '/sunglasses/wayfarer.html', 3202),
      tile('Geometric', '/eyeglasses/geometric.html', 3106),
    ],
  }),
  carousel('summer-edit', 4001, 'The summer edit', '/collections/summer-edit.html'),
  section('gold', 'promo-strip', { ...banner('gold-strip', '/gold-membership.html'), text: 'Join Gold: 20% off every house-brand frame for a year.' }),
  carousel('office-classics', 4002, 'Office classics', '/collections/office-classics.html'),
  carousel('round-eyeglasses', 3101, 'Round eyeglasses', '/eyeglasses/round.html'),
  carousel('aviators', 3201, 'Aviator sunglasses', '/sunglasses/aviator.html'),
  section('kids', 'promo-strip', { ...banner('kids-strip', '/kids-glasses.html'), text: 'Kids frames in TR90 and silicone, from 999.' }),
  carousel('premium-aviators', 3401, 'Premium aviators', '/premium-sunglasses/aviator.html'),
  carousel('contact-lenses', 3600, 'Contact lenses', '/contact-lenses.html'),
  WHY,
  FAQ,
  section('about', 'text', {
    title: 'Eyewear for every face',
    body: `From everyday eyeglasses to premium sunglasses, every frame comes with lenses made for your power. ${PROMISE.shipping}, ${PROMISE.warranty.toLowerCase()}, ${PROMISE.returns}.`,
  }),
];

function contentPage(name: string, title: string, hero: string, carousels: [string, number, string, string][], tiles: ReturnType<typeof tile>[]) {
  return {
    name,
    title,
    sections: [
      section('hero', 'banner', { slides: [banner(hero, carousels[0]?.[3] ?? '/')] }),
      section('shop-by-style', 'tiles', { title: `Shop ${title.toLowerCase()} by style`, tiles }),
      ...carousels.map(([id, catId, t, url]) => carousel(id, catId, t, url)),
      section(
        'first-order',
        'promo-strip',
        { ...banner('first-order', '/eyeglasses/all.html'), text: 'New here? Your first frame at its new-customer price.' },
        'hide-repeat',
      ),
      WHY,
      FAQ,
    ],
    seo: { title: `${title} online`, description: `Shop ${title.toLowerCase()} online: ${PROMISE.description}.` },
  };
}

export const CONTENT_PAGES = [
  contentPage(
    'eyeglasses',
    'Eyeglasses',
    'eyeglasses-hero',
    [
      ['all-eyeglasses', 3100, 'All eyeglasses', '/eyeglasses/all.html'],
      ['round', 3101, 'Round', '/eyeglasses/round.html'],
      ['rectangle', 3102, 'Rectangle', '/eyeglasses/rectangle.html'],
      ['cat-eye', 3104, 'Cat-eye', '/eyeglasses/cat-eye.html'],
      ['rimless', 3109, 'Rimless', '/eyeglasses/rimless.html'],
    ],
    [
      tile('Men', '/eyeglasses/men.html', 3107),
      tile('Women', '/eyeglasses/women.html', 3108),
      tile('Square', '/eyeglasses/square.html', 3103),
      tile('Half-rim', '/eyeglasses/half-rim.html', 3110),
    ],
  ),
  contentPage(
    'sunglasses',
    'Sunglasses',
    'sunglasses-hero',
    [
      ['all-sunglasses', 3200, 'All sunglasses', '/sunglasses/all.html'],
      ['aviator', 3201, 'Aviator', '/sunglasses/aviator.html'],
      ['wayfarer', 3202, 'Wayfarer', '/sunglasses/wayfarer.html'],
      ['power', 3209, 'Power sunglasses', '/sunglasses/power.html'],
    ],
    [
      tile('Men', '/sunglasses/men.html', 3207),
      tile('Women', '/sunglasses/women.html', 3208),
      tile('Round', '/sunglasses/round.html', 3203),
      tile('Clubmaster', '/sunglasses/clubmaster.html', 3206),
    ],
  ),
  contentPage(
    'premium-eyeglasses',
    'Premium Eyeglasses',
    'premium-eyeglasses-hero',
    [
      ['all-premium', 3300, 'All premium eyeglasses', '/premium-eyeglasses/all.html'],
      ['titanium', 3301, 'Titanium', '/premium-eyeglasses/titanium.html'],
      ['acetate', 3302, 'Acetate', '/premium-eyeglasses/acetate.html'],
    ],
    [
      tile('Men', '/premium-eyeglasses/men.html', 3303),
      tile('Women', '/premium-eyeglasses/women.html', 3304),
      tile('Rimless', '/premium-eyeglasses/rimless.html', 3305),
    ],
  ),
  contentPage(
    'premium-sunglasses',
    'Premium Sunglasses',
    'premium-sunglasses-hero',
    [
      ['all-premium-sun', 3400, 'All premium sunglasses', '/premium-sunglasses/all.html'],
      ['premium-aviators', 3401, 'Aviators', '/premium-sunglasses/aviator.html'],
      ['premium-cat-eye', 3402, 'Cat-eye', '/premium-sunglasses/cat-eye.html'],
    ],
    [tile('Men', '/premium-sunglasses/men.html', 3403), tile('Women', '/premium-sunglasses/women.html', 3404)],
  ),
  contentPage(
    'summer-sale',
    'Summer Sale',
    'summer-sale-hero',
    [
      ['summer-edit', 4001, 'The summer edit', '/collections/summer-edit.html'],
      ['aviators', 3201, 'Aviators', '/sunglasses/aviator.html'],
      ['wayfarers', 3202, 'Wayfarers', '/sunglasses/wayfarer.html'],
    ],
    [tile('Sunglasses', '/sunglasses/all.html', 3200), tile('Premium', '/premium-sunglasses/all.html', 3400)],
  ),
];

const page = (pageName: string, title: string, html: string, metaDescription?: string) => ({
  pageName,
  title,
  html,
  ...(metaDescription ? { metaDescription } : {}),
});
const img = (id: string, alt: string) => `<img src="${bannerImageUrl(id)}" alt="${alt}" width="1200" height="360">`;

export const CMS_PAGES = [
  page(
    'customer-feedback',
    'Customer feedback',
    `<p>We read every message. Tell us what we did well and what we can do better.</p>
<h2>How to reach us</h2><ul><li>Email: <a href="mailto:care@eyewear.example">care@eyewear.example</a></li><li>Call: <a href="tel:18001020202">1800 102 0202</a> (9 am to 9 pm)</li></ul>
<h2>What shoppers say</h2><blockquote>"Ordered on Monday, wore them on Wednesday. The lenses are perfect." <cite>Priya, Pune</cite></blockquote>
<blockquote>"Home eye test was on time and thorough." <cite>Arjun, Delhi</cite></blockquote>`,
  ),
  page(
    'set',
    'Frame and lens sets',
    `${img('home-hero-1', 'Buy one get one free')}<p>Pick a frame, pick a lens package: every set ships with an anti-glare coating and a hard case.</p><ol><li>Choose your frame.</li><li>Choose single vision, bifocal or progressive lenses.</li><li>Enter your power now or after checkout.</li></ol><p><a href="/eyeglasses/all.html">Start with eyeglasses</a></p>`,
  ),
  page(
    'reviews',
    'Reviews',
    `<p>Rated <strong>4.6 out of 5</strong> by over 12,000 shoppers.</p><h2>Recent reviews</h2><ul><li><strong>5/5</strong> Lovely round frames, light and sturdy.</li><li><strong>4/5</strong> Sunglasses look premium, delivery took four days.</li><li><strong>5/5</strong> The exchange was painless.</li></ul>`,
  ),
  page(
    'shop-instagram',
    'Shop the look',
    `<p>Styled by you: tag <strong>#EyewearLooks</strong> to be featured.</p><div class="cms-gallery">${img('home-hero-2', 'Summer edit')}${img('home-hero-3', 'Premium frames')}${img('kids-strip', 'Kids frames')}</div><p><a href="/collections/summer-edit.html">Shop the summer edit</a></p>`,
  ),
  page(
    'support',
    'Support',
    `<h2>Orders and delivery</h2><p>Track your order from <a href="/customer/account/">your account</a>. Most orders arrive within 5 working days.</p><h2>Returns</h2><p>${PROMISE.returns}, counted from delivery, with a free pickup.</p><h2>Warranty</h2><p>${PROMISE.warranty} on frames and lenses.</p><h2>Contact</h2><p>Call <a href="tel:18001020202">1800 102 0202</a> or write to <a href="mailto:care@eyewear.example">care@eyewear.example</a>.</p>`,
  ),
  page(
    'mobile-app',
    'Get the app',
    `<p>Try frames on with your camera, reorder contact lenses in two taps and track your orders.</p><ul><li><a href="https://apps.apple.com/app/eyewear" rel="noopener">Download on the App Store</a></li><li><a href="https://play.google.com/store/apps/details?id=eyewear" rel="noopener">Get it on Google Play</a></li></ul>`,
  ),
  page(
    'lead-gen',
    'Get a free consultation',
    `<p>Leave your number and an eyewear expert will call you back within a working day to help you pick frames and lenses.</p>`,
  ),
  page(
    'quiz_front_page',
    'Find your perfect frame',
    `<section class="quiz-hero">${img('home-hero-3', 'Find your perfect frame')}<h2>Five questions, one perfect pair</h2><p>Tell us about your face shape, your style and how you spend your day; we will suggest frames that fit.</p><p><a class="quiz-start" href="/eyeglasses/all.html">Start the quiz</a></p></section><h3>How it works</h3><ol><li>Answer five quick questions.</li><li>See frames picked for you.</li><li>Try them at home or in a store.</li></ol>`,
  ),
  page('about-us', 'About us', `<p>We make prescription eyewear simple: honest prices, precise lenses and free eye tests.</p>`),
  page('terms-and-conditions', 'Terms and conditions', `<p>By using this site you agree to these terms. Prices include taxes unless stated.</p>`),
  page('privacy-policy', 'Privacy policy', `<p>We collect only what we need to deliver your order and never sell your data.</p>`),
  page('store-locator', 'Store locator', `<p>Visit one of our stores for a free eye test. <a href="/HTO">Book a home visit</a> instead.</p>`),
  page('return-policy', 'Return policy', `<p>${PROMISE.returns}, counted from delivery, with a free pickup.</p>`),
  page('warranty-policy', 'Warranty policy', `<p>One year against manufacturing defects on frames and lenses.</p>`),
];

/** Category config JSON (the "category config" call) and its page-size setting (shopping §9). */
export const DEFAULT_SETTINGS: Record<string, unknown> = {
  CATEGORY_PAGE_SIZE_COUNT: 15,
  CATEGORY_BANNERS: { 3100: 'eyeglasses-hero', 3200: 'sunglasses-hero', 3300: 'premium-eyeglasses-hero', 3400: 'premium-sunglasses-hero', 3500: 'kids-strip' },
  IMAGE_BASE: PUBLIC_API,
};
