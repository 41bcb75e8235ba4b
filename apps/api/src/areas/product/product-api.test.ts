import { cookieHeader, createTestApi, customerSession, guestSession, type TestApi } from '../../testing/api';
import { multipartBody } from '../../testing/multipart';
import { facePhoto } from './png-fixtures';
import { CONTACT_LENS, EYEFRAME, GOLD, OUT_OF_STOCK, SUNGLASSES } from './testing';

let api: TestApi;
let guest: string;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  guest = await guestSession(api.app);
});
afterAll(() => api.close());

const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers: { cookie: guest, ...headers } });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie: guest, ...headers } });

describe('GET /v2/products/product/:id', () => {
  it('answers the product with its prices in the country of the request', async () => {
    const india = (await get(`/v2/products/product/${EYEFRAME}`)).json().result;
    expect(india).toMatchObject({
      id: EYEFRAME,
      type: 'eyeglass',
      classification: 'eyeframe',
      brandName: expect.any(String),
      frameSizeId: 24071,
      frameDetails: { Size: 'Extra Wide', MEASURE: '56-16-140' },
      prices: [
        { name: 'Market Price', currencyCode: 'INR' },
        { name: 'Eyewear Price', currencyCode: 'INR' },
      ],
      ctaText: 'Select Lenses',
      threeSixtyView: true,
    });
    expect(india.imageUrlsDetail.map((i: { view: string }) => i.view)).toEqual(['front', 'side', 'worn']);
    expect(india.specifications.map((g: { name: string }) => g.name)).toEqual(['General', 'Colour', 'Collection', 'Frame size', 'Size in mm', 'Technical']);
    expect(india.appOfferPrice).toBe(Math.floor(india.prices[1].price * 0.95));
    const us = (await get(`/v2/products/product/${EYEFRAME}`, { 'x-country-code': 'us' })).json().result;
    expect(us.prices[1]).toMatchObject({ currencyCode: 'USD' });
  });

  it("answers the gold membership with what it gives, as the cart prices it: its days and the LOYALTY_CONFIG savings (issue 42: Gold's page)", async () => {
    const gold = (await get(`/v2/products/product/${GOLD}`)).json().result;
    expect(gold).toMatchObject({
      id: GOLD,
      type: 'membership',
      classification: 'loyalty_services',
      tierMembershipDuration: 365,
      loyalty: { discountPercent: 20, brandsAllowed: expect.arrayContaining([expect.any(String)]), classificationsAllowed: ['eyeframe'] },
    });
    const house = await api.db.query<{ name: string }>('select name from brands where house order by name');
    expect(gold.loyalty.brandsAllowed).toEqual(house.map((b) => b.name));
    expect((await get(`/v2/products/product/${EYEFRAME}`)).json().result.loyalty).toBeUndefined();
    // The menu's Gold entry opens this page: the routing lookup sends /gold-membership.html to it.
    expect((await get('/v3/utility/routing?url=%2Fgold-membership.html')).json()).toEqual({ result: { path: `prod:${GOLD}` } });
  });

  it('answers 404 for an unknown product and 400 for a bad id', async () => {
    expect((await get('/v2/products/product/99')).statusCode).toBe(404);
    const bad = await get('/v2/products/product/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });

  it('lists colour variants of the model, the product selected', async () => {
    const group = (await get(`/v2/products/product/${EYEFRAME}/buyoptions/group`)).json().result;
    expect(group.options).toHaveLength(4);
    expect(group.options.filter((o: { selected: boolean }) => o.selected)).toEqual([expect.objectContaining({ productId: EYEFRAME })]);
  });

  it('says whether a sku has a 360 view', async () => {
    const frame = await post('/v2/products/three-sixty/status', { sku_id: 'eye-ms-128001' });
    expect(frame.json().result).toEqual({ sku_id: 'eye-ms-128001', enabled: true });
    expect((await post('/v2/products/three-sixty/status', { sku_id: 'nope-1' })).statusCode).toBe(404);
  });

  it('takes out-of-stock subscriptions for products out of stock only, once per contact', async () => {
    const first = await post(`/v2/products/product/${OUT_OF_STOCK}/oos-subscription`, { email: 'asha@example.com' });
    expect(first.json().result.success).toBe(true);
    await post(`/v2/products/product/${OUT_OF_STOCK}/oos-subscription`, { email: 'asha@example.com' });
    const rows = await api.db.query('select * from product_oos_subscriptions where product_id = $1', [OUT_OF_STOCK]);
    expect(rows).toHaveLength(1);
    expect((await post(`/v2/products/product/${EYEFRAME}/oos-subscription`, { email: 'asha@example.com' })).json().message).toBe('This product is in stock.');
    expect((await post(`/v2/products/product/${OUT_OF_STOCK}/oos-subscription`, {})).statusCode).toBe(400);
  });
});

describe('lens packages and coatings', () => {
  it('offers three packages for the frame type and power type, all with allPackages, express ones with is_express', async () => {
    const top = (await get(`/v2/products/product/${EYEFRAME}/packages?power_type=single_vision`)).json().result.packages;
    expect(top).toHaveLength(3);
    const all = (await get(`/v2/products/product/${EYEFRAME}/packages?power_type=SINGLE_VISION&allPackages=true`)).json().result.packages;
    expect(all).toHaveLength(5);
    expect(all.every((p: { powerType: string; frameTypes: string[] }) => p.powerType === 'SINGLE_VISION' && p.frameTypes.includes('full-rim'))).toBe(true);
    const prices = all.map((p: { prices: { price: number }[] }) => p.prices[0]!.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(all[0].coatings.length).toBeGreaterThan(0);
    const rimless = (await get(`/v2/products/product/${EYEFRAME}/packages?power_type=SINGLE_VISION&frame_type=rimless&allPackages=true`)).json().result
      .packages;
    expect(rimless.map((p: { name: string }) => p.name)).not.toContain('Anti-Glare Basic');
    const express = (await get(`/v2/products/product/${EYEFRAME}/packages?power_type=SINGLE_VISION&is_express=true&allPackages=true`)).json().result.packages;
    expect(express.every((p: { expressAvailable: boolean }) => p.expressAvailable)).toBe(true);
    expect(express.length).toBeLessThan(all.length);
  });

  it("takes the shopper's audience type (shopping §7 audienceType: the location lookup's domestic, international or default) and refuses another", async () => {
    for (const audience of ['domestic', 'international', 'default'])
      expect((await get(`/v2/products/product/${EYEFRAME}/packages?power_type=SINGLE_VISION&audienceType=${audience}`)).json().result.packages).toHaveLength(3);
    const other = await get(`/v2/products/product/${EYEFRAME}/packages?power_type=SINGLE_VISION&audienceType=everyone`);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ field: 'audienceType' });
  });

  it('refuses a power type the product does not take', async () => {
    const sun = await get(`/v2/products/product/${SUNGLASSES}/packages?power_type=PROGRESSIVE`);
    expect(sun.statusCode).toBe(400);
    expect(sun.json()).toMatchObject({ field: 'power_type', message: 'PROGRESSIVE is not offered for this product.' });
    expect((await get(`/v2/products/product/${SUNGLASSES}/packages?power_type=SUNGLASSES`)).json().result.packages.length).toBeGreaterThan(0);
    expect((await get(`/v2/products/product/${EYEFRAME}/packages?power_type=TRIFOCAL`)).statusCode).toBe(400);
    expect((await get(`/v2/products/product/${GOLD}/packages?power_type=SINGLE_VISION`)).json().message).toBe('This product takes no lenses or powers.');
  });

  it('prices a package and coating group: frame + package + coating', async () => {
    const [pkg] = (await get(`/v2/products/product/${EYEFRAME}/packages?power_type=SINGLE_VISION`)).json().result.packages;
    const frame = (await get(`/v2/products/product/${EYEFRAME}`)).json().result;
    const coating = pkg.coatings[0];
    const group = (await get(`/v2/products/product/${EYEFRAME}/packages/group?packageId=${pkg.id}&coatingId=${coating.id}`)).json().result;
    expect(group.total).toBe(frame.prices[1].price + pkg.prices[0].price + coating.prices[0].price);
    const other = await get(`/v2/products/product/${EYEFRAME}/packages/group?packageId=${pkg.id}&coatingId=999999`);
    expect(other.json()).toMatchObject({ field: 'coatingId', message: 'This coating is not offered with this package.' });
  });
});

describe('powers', () => {
  it('answers a contact lens its own ranges and boxes, a frame the lens range of a power type', async () => {
    const contact = (await get(`/v2/products/product/${CONTACT_LENS}/powers`)).json().result;
    expect(contact).toMatchObject({ productId: CONTACT_LENS, powerType: 'CONTACT_LENS', boxes: [1, 2, 4, 6] });
    expect(contact.sph).toContain('-6.00');
    expect(contact.cyl).toBeUndefined();
    const frame = (await get(`/v2/products/product/${EYEFRAME}/powers?power_type=PROGRESSIVE`)).json().result;
    expect(frame.ap[0]).toBe('+0.75');
    expect((await get(`/v2/products/product/${EYEFRAME}/powers`)).json().field).toBe('power_type');
  });

  it('validates contact-lens powers: result[0].isSuccess', async () => {
    const url = `/v2/products/product/${CONTACT_LENS}/powers/validate`;
    const good = await post(url, { powerType: 'CONTACT_LENS', left: { sph: '-1.25', boxes: 2 }, right: { sph: '-1.50', boxes: 2 } });
    expect(good.json().result[0]).toEqual({ isSuccess: true, eye: 'both' });
    const bad = await post(url, { powerType: 'CONTACT_LENS', left: { sph: '-13.00', boxes: 2 }, right: { sph: '-1.50', boxes: 2 } });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().result[0]).toMatchObject({ isSuccess: false, message: 'Left eye: SPH -13.00 is not available for this lens' });
    const malformed = await post(url, { powerType: 'CONTACT_LENS', left: { sph: 'minus one' }, right: {} });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().field).toBe('left.sph');
    expect((await post(url, { powerType: 'SINGLE_VISION', left: {}, right: {} })).statusCode).toBe(400);
  });
});

describe('contact-lens subscriptions and solutions', () => {
  it('counts boxes for each plan and discounts the longer ones more', async () => {
    const product = (await get(`/v2/products/product/${CONTACT_LENS}`)).json().result;
    const price = product.prices[1].price;
    const plans = (await get(`/v2/products/product/${CONTACT_LENS}/subscriptions?isBothEye=true`)).json().result.subscriptions;
    // 30 dailies a box: a month per box per eye.
    expect(plans.map((p: { boxes: number; discountPercent: number }) => [p.boxes, p.discountPercent])).toEqual([
      [6, 5],
      [12, 10],
      [24, 15],
    ]);
    expect(plans[0].price).toBeCloseTo(6 * price * 0.95, 2);
    const oneEye = (await get(`/v2/products/product/${CONTACT_LENS}/subscriptions?isBothEye=false`)).json().result.subscriptions;
    expect(oneEye[0].boxes).toBe(3);
    const discount = (await get(`/v2/products/subscriptions/discount?productId=${CONTACT_LENS}&subscriptionType=6_MONTHS`)).json().result;
    expect(discount).toMatchObject({ discountPercent: 10, discountAmount: Math.round(12 * price * 10) / 100 });
    expect((await get(`/v2/products/subscriptions/discount?productId=${CONTACT_LENS}&subscriptionType=2_YEARS`)).json().field).toBe('subscriptionType');
    expect((await get(`/v2/products/product/${EYEFRAME}/subscriptions`)).statusCode).toBe(400);
  });

  it('offers solutions with a contact lens', async () => {
    const solutions = (await get(`/v2/products/solutions?productId=${CONTACT_LENS}`)).json().result.solutions;
    expect(solutions.length).toBeGreaterThan(0);
    expect(solutions.length).toBeLessThanOrEqual(4);
    expect(solutions.every((s: { classification: string }) => s.classification === 'contact_lens_solution')).toBe(true);
  });
});

describe('delivery estimates', () => {
  it('estimates by pincode, express in metros', async () => {
    const express = (await get(`/v2/products/product/${SUNGLASSES}/shipping/estimate?pinCode=560001&country=in&isExpress=true`)).json().result;
    expect(express).toMatchObject({ pincode: '560001', serviceable: true, isExpress: true, expressOptions: [{ id: 'express' }] });
    expect(express.estimatedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const details = (await get(`/v2/products/product/${SUNGLASSES}/shipping/estimate?pinCode=302001`)).json().result;
    expect(details).toMatchObject({ serviceable: true, isExpress: false, expressOptions: [] });
    expect(details.estimatedDate > express.estimatedDate).toBe(true);
  });

  it('answers the invalid pincode message', async () => {
    for (const pin of ['12', '012345']) {
      const bad = await get(`/v2/products/product/${SUNGLASSES}/shipping/estimate?pinCode=${pin}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/Please enter a valid pincode/);
    }
    expect((await get(`/v2/products/product/${SUNGLASSES}/shipping/estimate?pinCode=10001`, { 'x-country-code': 'us' })).json().result.serviceable).toBe(true);
  });

  it('tells whether lens-only orders ship to a pincode', async () => {
    expect((await get('/v2/products/shipping/location/400001')).json().result).toEqual({
      pincode: '400001',
      serviceable: true,
      city: 'Mumbai',
      state: 'Maharashtra',
    });
    expect((await get('/v2/products/shipping/location/930001')).json().result.serviceable).toBe(false);
  });
});

describe('reviews', () => {
  const reviewsUrl = `/v2/products/product/${GOLD}/review`;

  beforeAll(async () => {
    for (let i = 0; i < 14; i += 1) {
      await api.db.query(`insert into reviews (id, product_id, rating, created_at, data) values ($1, $2, $3, $4, $5)`, [
        900000 + i,
        GOLD,
        (i % 5) + 1,
        new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
        JSON.stringify({ author: `Shopper ${i}`, title: `Review ${i}`, body: 'Good.' }),
      ]);
    }
  });

  it('pages reviews 10 at a time, newest first, with the average and count', async () => {
    const first = (await get(reviewsUrl)).json().result.review;
    expect(first).toMatchObject({ total: 14, page: 0, count: 10, averageRating: 2.9 });
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews[0].title).toBe('Review 13');
    const second = (await get(`${reviewsUrl}?page=1`)).json().result.review;
    expect(second.reviews.map((r: { title: string }) => r.title)).toEqual(['Review 3', 'Review 2', 'Review 1', 'Review 0']);
    expect((await get('/v2/products/product/99/review')).statusCode).toBe(404);
  });

  it('lets a logged-in customer post one review, refuses guests', async () => {
    const review = { rating: 5, title: 'Worth it', body: 'Free delivery on every order.' };
    const asGuest = await post(reviewsUrl, review);
    expect(asGuest.statusCode).toBe(401);
    expect(asGuest.json().message).toBe('Please log in to write a review.');
    expect((await api.app.inject({ method: 'POST', url: reviewsUrl, payload: review })).statusCode).toBe(401);

    const { cookie } = await customerSession(api.app, api.db, { firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.com' });
    const posted = await api.app.inject({ method: 'POST', url: reviewsUrl, payload: review, headers: { cookie } });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().result).toMatchObject({ author: 'Meera I.', rating: 5, title: 'Worth it', verifiedBuyer: false });
    const list = (await get(reviewsUrl)).json().result.review;
    expect(list.total).toBe(15);
    expect(list.reviews[0]).toMatchObject({ title: 'Worth it' });
    const again = await api.app.inject({ method: 'POST', url: reviewsUrl, payload: review, headers: { cookie } });
    expect(again.statusCode).toBe(409);
    const invalid = await api.app.inject({ method: 'POST', url: reviewsUrl, payload: { rating: 6, title: 'x', body: 'y' }, headers: { cookie } });
    expect(invalid.json().field).toBe('rating');
  });

  it('signs a review with the first letter of a last name as a reader sees it, an emoji included (never half of one)', async () => {
    for (const [lastName, author] of [
      ['👩🏽‍⚕️ Rao', 'Lata 👩🏽‍⚕️.'],
      ['😀', 'Lata 😀.'],
      ['Émile', 'Lata É.'],
    ] as const) {
      const { cookie } = await customerSession(api.app, api.db, { firstName: 'Lata', lastName, email: `lata-${author.length}-${lastName.length}@example.com` });
      const posted = await api.app.inject({ method: 'POST', url: reviewsUrl, payload: { rating: 4, title: 'Nice', body: 'Fits well.' }, headers: { cookie } });
      expect(posted.statusCode).toBe(200);
      expect(posted.json().result.author).toBe(author);
    }
  });
});

describe('frame size from a face photo', () => {
  const upload = (url: string, data: Buffer, fields: Record<string, string> = {}, type = 'image/png') => {
    const { payload, contentType } = multipartBody({ name: 'file', filename: 'face.png', type, data }, fields);
    return api.app.inject({ method: 'POST', url, payload, headers: { cookie: guest, 'content-type': contentType } });
  };

  it('recommends a size from the face width and records the measure', async () => {
    const narrow = await upload('/v2/frame-size', facePhoto(0.41));
    expect(narrow.statusCode).toBe(200);
    expect(narrow.json().result).toMatchObject({ frameSize: 'narrow', frameSizeId: 24070, faceWidthMm: expect.any(Number) });
    const wide = await upload('/v2/frame-size?phone=9812345678', facePhoto(0.47));
    expect(wide.json().result).toMatchObject({ frameSize: 'wide', frameSizeId: 24069 });
    const inStore = await upload('/v2/frame-size/store', facePhoto(0.43), { storeCode: 'BLR01' });
    expect(inStore.json().result.frameSize).toBe('medium');
    const rows = await api.db.query<{ frame_size: string; store_code: string | null; phone: string | null }>(
      'select frame_size, store_code, phone from product_frame_size_measurements order by id',
    );
    expect(rows).toEqual([
      { frame_size: 'narrow', store_code: null, phone: null },
      { frame_size: 'wide', store_code: null, phone: '9812345678' },
      { frame_size: 'medium', store_code: 'BLR01', phone: null },
    ]);
  });

  it('refuses what is not a face photo, and a missing file', async () => {
    const blank = await upload('/v2/frame-size', facePhoto(0));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/could not find a face/);
    const text = await upload('/v2/frame-size', Buffer.from('hello'), {}, 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json().field).toBe('file.mimetype');
    const none = await api.app.inject({ method: 'POST', url: '/v2/frame-size', payload: { file: 'x' }, headers: { cookie: guest } });
    expect(none.statusCode).toBe(400);
  });

  it('keeps JSON bodies working for the rest of the API', async () => {
    const created = await api.app.inject({ method: 'POST', url: '/v2/sessions' });
    expect(cookieHeader(created)).toContain('clientV1_in=');
  });
});

describe('try-on over a saved face profile', () => {
  async function profile(owner: { customerId?: number; sessionCookie?: string }, dittoId: string) {
    const file = `face-${dittoId}`;
    let sessionId: string | null = null;
    if (owner.sessionCookie) {
      const token = /clientV1_in=([^;]+)/.exec(owner.sessionCookie)![1]!;
      const { sessionIdOf } = await import('../../http/session');
      sessionId = sessionIdOf(token);
    }
    await api.db.query(
      `insert into account_files (file_name, customer_id, session_id, purpose, content_type, size, data) values ($1, $2, $3, 'face', 'image/png', 4, $4)`,
      [file, owner.customerId ?? null, sessionId, Buffer.from([137, 80, 78, 71])],
    );
    await api.db.query(
      `insert into account_face_profiles (ditto_id, customer_id, session_id, first_name, image_file, is_default, saved) values ($1, $2, $3, 'Me', $4, true, $5)`,
      [dittoId, owner.customerId ?? null, owner.customerId ? null : sessionId, file, !!owner.customerId],
    );
  }
  const overlay = (cookie: string, query: string) => api.app.inject({ method: 'GET', url: `/v2/try-on/overlay?${query}`, headers: { cookie } });

  it("draws the frame over the customer's own photo, never another's", async () => {
    const asha = await customerSession(api.app, api.db, { firstName: 'Asha', email: 'asha-tryon@example.com' });
    const ravi = await customerSession(api.app, api.db, { firstName: 'Ravi', email: 'ravi-tryon@example.com' });
    // No face profile yet: an answer that says so, not a failed request (issue 42: a 404 in the console).
    const none = await overlay(asha.cookie, `product_id=${EYEFRAME}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ result: { faceProfile: false } });
    await profile({ customerId: asha.customerId }, 'ashaprofile0000001');
    const answer = await overlay(asha.cookie, `product_id=${EYEFRAME}`);
    expect(answer.statusCode).toBe(200);
    const url: string = answer.json().result.overlayed_image_url;
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(answer.json().result.faceProfile).toBe(true);
    const svg = Buffer.from(url.split(',')[1]!, 'base64').toString();
    expect(svg).toContain('data:image/png;base64,iVBORw==');
    expect(svg).toContain('data:image/svg+xml;base64,');
    // Another's profile is never drawn: for Ravi there is none.
    expect((await overlay(ravi.cookie, `product_id=${EYEFRAME}&guest_id=ashaprofile0000001`)).json()).toEqual({ result: { faceProfile: false } });
    expect((await overlay(asha.cookie, `product_id=${CONTACT_LENS}`)).statusCode).toBe(400);
  });

  it("uses a guest's own profile by guest id", async () => {
    const cookie = await guestSession(api.app);
    await profile({ sessionCookie: cookie }, 'guestprofile000001');
    expect((await overlay(cookie, `product_id=${SUNGLASSES}&guest_id=guestprofile000001`)).statusCode).toBe(200);
    expect((await overlay(guest, `product_id=${SUNGLASSES}&guest_id=guestprofile000001`)).json()).toEqual({ result: { faceProfile: false } });
    expect((await overlay(guest, 'product_id=99')).statusCode).toBe(404);
  });
});
