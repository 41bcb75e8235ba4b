/**
 * What the server sends for each input of sanitize.cases.ts: `renderToString(<SafeHtml html={html} className="catalog-cms__body" />)`
 * (the boundary's markers `<!--$-->`/`<!--/$-->` included). Both suites check against it, in Node
 * and in jsdom, so both sides are proven to render the same bytes. When the allowlist changes on
 * purpose, update the entries the failing test prints.
 */
import { PROMISE } from '@eyewear/i18n/rules';

export const SERVER_HTML: Record<string, string> = {
  'attack 1': '<div class="catalog-cms__body"><!--$--><!--/$--></div>',
  'attack 2': '<div class="catalog-cms__body"><!--$--><img loading="lazy"/><!--/$--></div>',
  'attack 3': '<div class="catalog-cms__body"><!--$--><a>click</a><!--/$--></div>',
  'attack 4': '<div class="catalog-cms__body"><!--$--><a>tab</a><!--/$--></div>',
  'attack 5': '<div class="catalog-cms__body"><!--$--><a>case</a><!--/$--></div>',
  'attack 6': '<div class="catalog-cms__body"><!--$--><!--/$--></div>',
  'attack 7': '<div class="catalog-cms__body"><!--$--><!--/$--></div>',
  'attack 8': '<div class="catalog-cms__body"><!--$--><div>hover</div><!--/$--></div>',
  'attack 9': '<div class="catalog-cms__body"><!--$--><img loading="lazy"/><!--/$--></div>',
  'attack 10': '<div class="catalog-cms__body"><!--$--><!--/$--></div>',
  'attack 11': '<div class="catalog-cms__body"><!--$--><p>styled</p><!--/$--></div>',
  'attack 12': '<div class="catalog-cms__body"><!--$--><!--/$--></div>',
  'attack 13': '<div class="catalog-cms__body"><!--$--><!--/$--></div>',
  'attack 14': '<div class="catalog-cms__body"><!--$--><a>data</a><!--/$--></div>',
  'attack 15': '<div class="catalog-cms__body"><!--$--><!--/$--></div>',
  'attack 16': '<div class="catalog-cms__body"><!--$--><a href="/x">relative</a><!--/$--></div>',
  'attack 17': '<div class="catalog-cms__body"><!--$--><a>entity</a><a>newline</a><!--/$--></div>',
  'attack 18': '<div class="catalog-cms__body"><!--$--><a>no semicolons</a><img loading="lazy"/><!--/$--></div>',
  'attack 19': '<div class="catalog-cms__body"><!--$--><!--/$--></div>',
  'attack 20': '<div class="catalog-cms__body"><!--$-->&lt;img src=x onerror=window.__ran=26&gt;<!--/$--></div>',
  'attack 21': '<div class="catalog-cms__body"><!--$--><div id="cms-x"><a>scheme-relative</a><img loading="lazy"/></div><!--/$--></div>',
  'attack 22':
    '<div class="catalog-cms__body"><!--$--><img loading="lazy"/>--&gt;<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">ok</a><!--/$--></div>',
  support: `<div class="catalog-cms__body"><!--$--><h2>Orders and delivery</h2><p>Track your order from <a href="/customer/account/">your account</a>. Most orders arrive within 5 working days.</p><h2>Returns</h2><p>${PROMISE.returns}, counted from delivery, with a free pickup.</p><h2>Warranty</h2><p>${PROMISE.warranty} on frames and lenses.</p><h2>Contact</h2><p>Call <a href="tel:18001020202">1800 102 0202</a> or write to <a href="mailto:care@eyewear.example">care@eyewear.example</a>.</p><!--/$--></div>`,
  'return-policy': `<div class="catalog-cms__body"><!--$--><p>${PROMISE.returns}, counted from delivery, with a free pickup.</p><!--/$--></div>`,
  'mobile-app':
    '<div class="catalog-cms__body"><!--$--><p>Try frames on with your camera, reorder contact lenses in two taps and track your orders.</p><ul><li><a href="https://apps.apple.com/app/eyewear" rel="noopener noreferrer nofollow" target="_blank">Download on the App Store</a></li><li><a href="https://play.google.com/store/apps/details?id=eyewear" rel="noopener noreferrer nofollow" target="_blank">Get it on Google Play</a></li></ul><!--/$--></div>',
  'shop-instagram':
    '<div class="catalog-cms__body"><!--$--><p>Styled by you: tag <strong>#EyewearLooks</strong> to be featured.</p><div class="cms-gallery"><img src="/api/v2/images/banner/home-hero-2.svg" alt="Summer edit" width="1200" height="360" loading="lazy"/><img src="/api/v2/images/banner/home-hero-3.svg" alt="Premium frames" width="1200" height="360" loading="lazy"/><img src="/api/v2/images/banner/kids-strip.svg" alt="Kids frames" width="1200" height="360" loading="lazy"/></div><p><a href="/collections/summer-edit.html">Shop the summer edit</a></p><!--/$--></div>',
  quiz_front_page:
    '<div class="catalog-cms__body"><!--$--><section class="quiz-hero"><img src="/api/v2/images/banner/home-hero-3.svg" alt="Find your perfect frame" width="1200" height="360" loading="lazy"/><h2>Five questions, one perfect pair</h2><p>Tell us about your face shape, your style and how you spend your day; we will suggest frames that fit.</p><p><a class="quiz-start" href="/eyeglasses/all.html">Start the quiz</a></p></section><h3>How it works</h3><ol><li>Answer five quick questions.</li><li>See frames picked for you.</li><li>Try them at home or in a store.</li></ol><!--/$--></div>',
  'hand-written':
    '<div class="catalog-cms__body"><!--$-->\n<h2 id="cms-Lenscare">Lens care &amp; cleaning</h2>\n<p>Use the cloth that came with your frames – never a tissue.<br/>\n<!-- -->Don’t<!-- --> leave them on a car&#x27;s dashboard.\n</p><p>Our <a href="https://Example.com/Guide?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">care guide</a>, <a href="tel:18001020202">call us</a> or <a href="#faq">read the FAQ</a>.\n</p><table><caption>Cleaning kit prices</caption><tbody><tr><th scope="col">Item</th><th>Price</th></tr><tr><td>Spray</td><td colSpan="2">₹199</td></tr></tbody></table>\n<ul><li>Rinse</li><li>Dry<ul><li>with the cloth</li></ul></li></ul>\n<p>Questions? <em>Write to us.</em></p>\n<!-- -->\n<pre>  keep   this spacing</pre>\n<p>Valid from <time dateTime="2026-01-01">1 January</time>.</p><p></p><!--/$--></div>',
};
