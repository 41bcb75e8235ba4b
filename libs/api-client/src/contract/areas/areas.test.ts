import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Endpoint } from '../define';
import { contentTypeOf, MULTIPART, pathParams } from '../helpers';
import { areaEndpoints } from './index';

const all = Object.entries(areaEndpoints).flatMap(([area, endpoints]) => Object.entries(endpoints).map(([key, e]) => ({ area, key, e: e as Endpoint })));
const byName = (name: string): Endpoint => {
  const found = all.find(({ e }) => e.name === name);
  if (!found) throw new Error(`no endpoint ${name}`);
  return found.e;
};
const issuePaths = (r: { success: boolean; error?: z.ZodError }) => (r.error?.issues ?? []).map((i) => i.path.join('.'));

/** Counted by hand from shopping §7 and account §7, less the calls declared elsewhere. */
const DECLARED_CALLS = 200;

describe('area endpoints: shape of the contract', () => {
  it('declares every call once, about 200 of them', () => {
    expect(all.length).toBeGreaterThanOrEqual(DECLARED_CALLS);
  });

  it("matches the README's count of endpoints per file", () => {
    const readme = readFileSync(join(__dirname, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| `([a-z-]+)\.ts` \| (\d+) \|/gm)].map(([, file, count]) => ({ file: file!, count: Number(count) }));
    expect(rows.length).toBe(Object.keys(areaEndpoints).length);
    for (const { file, count } of rows) {
      const area = file.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof typeof areaEndpoints;
      expect({ file, count: Object.keys(areaEndpoints[area] ?? {}).length }).toEqual({ file, count });
    }
  });

  it('names each endpoint area.key, uniquely', () => {
    for (const { area, key, e } of all) expect(e.name).toBe(`${area}.${key}`);
    const names = all.map(({ e }) => e.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('never declares the same method and path twice', () => {
    const routes = all.map(({ e }) => `${e.method} ${e.path}`);
    const dupes = routes.filter((r, i) => routes.indexOf(r) !== i);
    expect(dupes).toEqual([]);
  });

  it('uses absolute, versioned paths with :param segments', () => {
    for (const { e } of all) {
      expect(e.path).toMatch(/^\/v[2-5]\//);
      expect(e.path).not.toMatch(/[{}?\s]/);
    }
  });

  it('declares exactly the path parameters as the params schema keys', () => {
    for (const { e } of all) {
      expect(e.params).toBeInstanceOf(z.ZodObject);
      const keys = Object.keys((e.params as z.ZodObject).shape).sort();
      expect({ name: e.name, keys }).toEqual({ name: e.name, keys: pathParams(e.path).sort() });
    }
  });

  it('names a parameter the same wherever two paths share its position (one router tree)', () => {
    const seen = new Map<string, string>();
    for (const { e } of all) {
      const segments = e.path.split('/');
      segments.forEach((segment, i) => {
        if (!segment.startsWith(':')) return;
        const parent = segments.slice(0, i).join('/');
        const earlier = seen.get(parent);
        if (earlier !== undefined) expect(`${parent}/${segment}`).toBe(`${parent}/${earlier}`);
        else seen.set(parent, segment);
      });
    }
  });

  it('declares query schemas as objects, and no body on GET or DELETE', () => {
    for (const { e } of all) {
      expect(e.query).toBeInstanceOf(z.ZodObject);
      if (e.method !== 'GET' && e.method !== 'DELETE') continue;
      expect({ name: e.name, noBody: e.body instanceof z.ZodUndefined }).toEqual({ name: e.name, noBody: true });
    }
  });

  it('wraps every JSON answer in { result }', () => {
    for (const { e } of all) {
      if (contentTypeOf(e.response) !== 'application/json') continue;
      expect(e.response).toBeInstanceOf(z.ZodObject);
      expect({ name: e.name, keys: Object.keys((e.response as z.ZodObject).shape) }).toEqual({ name: e.name, keys: ['result'] });
    }
  });

  it('sends the customer-type and exchange headers on every product call', () => {
    for (const { e } of all.filter(({ e }) => e.path.startsWith('/v2/products/product/'))) {
      expect({ name: e.name, ...e.headers }).toMatchObject({ name: e.name, customerType: true, exchange: true });
    }
    for (const name of [
      'catalogue.category',
      'catalogue.search',
      'checkout.paymentMethods',
      'checkout.paymentMethodsV4',
      'checkout.paymentMethodsV5',
      'product.packages',
    ]) {
      expect(byName(name).headers.exchange).toBe(true);
    }
  });

  it('sends only the captcha without a session', () => {
    expect(all.filter(({ e }) => e.headers.noSession).map(({ e }) => e.name)).toEqual(['checkout.captcha']);
  });

  it('leaves sessions, /me, routing and country data to the other contract file', () => {
    for (const { e } of all) {
      expect(e.path).not.toMatch(/^\/v2\/sessions|^\/me\b|^\/v3\/utility\/routing|country-data|telemetry/);
    }
  });

  it('marks uploads as multipart', () => {
    for (const name of ['prescriptions.cameraPd', 'faceProfiles.frameSize', 'faceProfiles.storeImage']) {
      expect(contentTypeOf(byName(name).body)).toBe(MULTIPART);
    }
  });
});

const realisticProduct = {
  id: 128001,
  sku: 'eye-hb-round-128001',
  type: 'eyeglass',
  classification: 'eyeframe',
  modelName: 'Round Classic',
  brandName: 'House Brand',
  url: '/eyeglasses/house-brand-round-black-128001.html',
  prices: [
    { name: 'Market Price', price: 2500, currencyCode: 'INR' },
    { name: 'Our Price', price: 1500, currencyCode: 'INR' },
    { id: 1000, name: 'First Buy', price: 0, currencyCode: 'INR' },
  ],
  frameColour: 'Black',
  frameType: 'full-rim',
  frameSizeId: 11341,
  isPlano: false,
  powerRequired: 'POWER_REQUIRED',
  specifications: [{ name: 'general', items: [{ name: 'Frame Shape', value: 'Round' }] }],
  frameDetails: { Size: 'Medium', MEASURE: '52-18-140' },
  imageUrlsDetail: [{ url: '/api/images/128001/front.svg', view: 'front' }],
  reviews: { rating: 4.3, count: 120 },
  qty: 12,
};

describe('area endpoints: validation behaviour', () => {
  const add = byName('cart.add');

  it('accepts a frame with a lens package and power', () => {
    const body = {
      productId: 128001,
      packageId: 3,
      coatingId: 7,
      powerType: 'SINGLE_VISION',
      prescription: { powerType: 'SINGLE_VISION', left: { sph: '-1.25', cyl: '-0.50', axis: '90' }, right: { sph: '-1.00' } },
    };
    const parsed = add.body.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ quantity: 1 });
  });

  it('refuses a negative quantity and unknown keys, naming the field', () => {
    expect(issuePaths(add.body.safeParse({ productId: 1, quantity: -1 }))).toEqual(['quantity']);
    expect(add.body.safeParse({ productId: 1, price: 0 }).success).toBe(false);
    expect(issuePaths(add.body.safeParse({ productId: 0 }))).toEqual(['productId']);
  });

  it('refuses a bad pincode and a bad email', () => {
    const estimate = byName('product.shippingEstimate');
    expect(estimate.query.safeParse({ pinCode: '560001', isExpress: 'true' }).data).toEqual({ pinCode: '560001', isExpress: true });
    expect(issuePaths(estimate.query.safeParse({ pinCode: '56A001' }))).toEqual(['pinCode']);
    const login = byName('account.authenticate');
    expect(login.body.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
    expect(issuePaths(login.body.safeParse({ email: 'a @b', password: 'x' }))).toEqual(['email']);
  });

  it('fills address defaults and refuses a bad phone', () => {
    const create = byName('addresses.create');
    const address = {
      firstName: 'Asha',
      email: 'asha@example.in',
      phone: '9876543210',
      addressline1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postcode: '560001',
      country: 'in',
    };
    expect(create.body.parse(address)).toMatchObject({ addressType: 'billing', floor: 0, liftAvailable: false });
    expect(issuePaths(create.body.safeParse({ ...address, phone: '12' }))).toEqual(['phone']);
  });

  it('accepts a realistic product and refuses one without id', () => {
    const response = byName('product.get').response;
    expect(response.safeParse({ result: realisticProduct }).success).toBe(true);
    const { id: _id, ...withoutId } = realisticProduct;
    expect(issuePaths(response.safeParse({ result: withoutId }))).toEqual(['result.id']);
  });

  it('coerces path ids and refuses non-positive ones', () => {
    const params = byName('cart.remove').params;
    expect(params.parse({ itemId: '12' })).toEqual({ itemId: 12 });
    expect(params.safeParse({ itemId: '0' }).success).toBe(false);
    expect(params.safeParse({ itemId: 'abc' }).success).toBe(false);
  });

  it('applies the spec rules on passwords, power phones, search and payment methods', () => {
    const reset = byName('account.resetPassword').body;
    expect(issuePaths(reset.safeParse({ newPassword: 'secret1', confirmNewPassword: 'secret2' }))).toEqual(['confirmNewPassword']);
    const power = byName('marketing.enterMyPower').query;
    expect(power.safeParse({ phone: '09876543210' }).success).toBe(true);
    expect(power.safeParse({ phone: '6876543210' }).success).toBe(false);
    expect(byName('catalogue.searchFilters').query.safeParse({ sort: 'price' }).success).toBe(false);
    expect(byName('catalogue.search').params.safeParse({ query: 'round (black)' }).success).toBe(false);
    const methods = byName('checkout.paymentMethods').query;
    expect(methods.parse({ paymentMethod: 'cc,dc' })).toEqual({ paymentMethod: ['cc', 'dc'] });
    expect(methods.safeParse({ paymentMethod: 'cc,xx' }).success).toBe(false);
  });

  it('reads contact-lens validation as result[0].isSuccess', () => {
    const response = byName('product.validatePowers').response;
    const parsed = response.parse({ result: [{ isSuccess: true }] }) as { result: { isSuccess: boolean }[] };
    expect(parsed.result[0]?.isSuccess).toBe(true);
  });
});
