/**
 * Inputs of the sanitizer's tests, shared by the browser-side suite (jsdom, sanitize.test.tsx) and
 * the server-side one (Node, no DOM: sanitize.server.test.tsx). `ATTACKS` must run nothing; the
 * pages are what the CMS really serves (copied from apps/api/src/areas/catalogue/content-seed.ts,
 * the promise's words from the same constant, `img()` spelled out) and what CMS authors write by hand.
 */
import { PROMISE } from '@eyewear/i18n/rules';

export const ATTACKS = [
  '<script>window.__ran = 1</script>',
  '<img src="x" onerror="window.__ran = 2">',
  '<a href="javascript:window.__ran=3">click</a>',
  '<a href=" jav&#x09;ascript:window.__ran=4">tab</a>',
  '<a href="JaVaScRiPt:window.__ran=5">case</a>',
  '<svg><script>window.__ran = 6</script></svg>',
  '<iframe src="javascript:window.__ran=7"></iframe>',
  '<div onclick="window.__ran=8" onmouseover="window.__ran=9">hover</div>',
  '<img src="data:image/svg+xml,<svg onload=window.__ran=10>">',
  '<form action="javascript:window.__ran=11"><button>go</button></form>',
  '<p style="background:url(javascript:window.__ran=12)">styled</p>',
  '<noscript><p title="</noscript><img src=x onerror=window.__ran=13>">',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__ran=14>',
  '<a href="data:text/html,<script>window.__ran=15</script>">data</a>',
  '<object data="javascript:window.__ran=16"></object><embed src="javascript:window.__ran=17">',
  '<base href="javascript:window.__ran=18//"><a href="/x">relative</a>',
  '<a href="&#106;avascript:window.__ran=19">entity</a><a href="java&NewLine;script:window.__ran=20">newline</a>',
  '<a href="&#0000106&#0000097vascript:window.__ran=21">no semicolons</a><img src="vbscript:window.__ran=22">',
  '<template><img src=x onerror=window.__ran=23></template><textarea><img src=x onerror=window.__ran=24></textarea>',
  '<title><img src=x onerror=window.__ran=25></title><xmp><img src=x onerror=window.__ran=26></xmp>',
  '<div id="x" name="y"><a href="//evil.example/">scheme-relative</a><img src="/\\evil.example/x.png"></div>',
  '<!--><img src=x onerror=window.__ran=27>--><a href="https:&#x2F;&#x2F;example.com" onfocus="window.__ran=28" autofocus>ok</a>',
];

const banner = (id: string, alt: string) => `<img src="/api/v2/images/banner/${id}.svg" alt="${alt}" width="1200" height="360">`;

/** Pages as the CMS serves them (the API's seed) and as authors paste them (the last one). */
export const PAGES: Record<string, string> = {
  support: `<h2>Orders and delivery</h2><p>Track your order from <a href="/customer/account/">your account</a>. Most orders arrive within 5 working days.</p><h2>Returns</h2><p>${PROMISE.returns}, counted from delivery, with a free pickup.</p><h2>Warranty</h2><p>${PROMISE.warranty} on frames and lenses.</p><h2>Contact</h2><p>Call <a href="tel:18001020202">1800 102 0202</a> or write to <a href="mailto:care@eyewear.example">care@eyewear.example</a>.</p>`,
  'return-policy': `<p>${PROMISE.returns}, counted from delivery, with a free pickup.</p>`,
  'mobile-app': `<p>Try frames on with your camera, reorder contact lenses in two taps and track your orders.</p><ul><li><a href="https://apps.apple.com/app/eyewear" rel="noopener">Download on the App Store</a></li><li><a href="https://play.google.com/store/apps/details?id=eyewear" rel="noopener">Get it on Google Play</a></li></ul>`,
  'shop-instagram': `<p>Styled by you: tag <strong>#EyewearLooks</strong> to be featured.</p><div class="cms-gallery">${banner('home-hero-2', 'Summer edit')}${banner('home-hero-3', 'Premium frames')}${banner('kids-strip', 'Kids frames')}</div><p><a href="/collections/summer-edit.html">Shop the summer edit</a></p>`,
  quiz_front_page: `<section class="quiz-hero">${banner('home-hero-3', 'Find your perfect frame')}<h2>Five questions, one perfect pair</h2><p>Tell us about your face shape, your style and how you spend your day; we will suggest frames that fit.</p><p><a class="quiz-start" href="/eyeglasses/all.html">Start the quiz</a></p></section><h3>How it works</h3><ol><li>Answer five quick questions.</li><li>See frames picked for you.</li><li>Try them at home or in a store.</li></ol>`,
  'hand-written': `
<H2 ID="Lens care">Lens care&nbsp;&amp; cleaning</H2>
<p>Use the cloth that came with your frames &ndash; never a tissue.<br>
<font color="red">Don&rsquo;t</font> leave them on a car&apos;s dashboard.
<p>Our <A HREF="HTTPS://Example.com/Guide?a=1&b=2">care guide</A>, <a href="tel:1800 102 0202">call us</a> or <a href="#faq">read the FAQ</a>.
<table border="1">
  <caption>Cleaning kit prices</caption>
  <tr><th scope="col">Item</th><th>Price</th></tr>
  <tr><td>Spray</td><td colspan="2">&#8377;199</td></tr>
</table>
<ul><li>Rinse<li>Dry<ul><li>with the cloth</ul></ul>
<center><p>Questions? <em>Write to us.</em></p></center>
<!-- author's note -->
<pre>
  keep   this spacing</pre>
<p>Valid from <time datetime="2026-01-01">1 January</time>.<p>`,
};

/** Every input by name: `attack N` (N from 1, in `ATTACKS` order), then the pages. */
export const CASES: Array<[name: string, html: string]> = [
  ...ATTACKS.map((html, index): [string, string] => [`attack ${index + 1}`, html]),
  ...Object.entries(PAGES),
];
