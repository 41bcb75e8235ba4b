import { type FastifyInstance } from 'fastify';
import { areaEndpoints, type ShippingEstimate } from '@eyewear/api-client';
import { CURRENCY_OF, isPincodeOf } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { countryOf, type Country } from '../../http/session';
import { EXPRESS_FEE } from '../cart/config';
import { loadProduct, type ProductRow } from './catalogue';

const productEndpoints = areaEndpoints.product;

/**
 * Delivery estimates by zone. India: the first three digits of a pincode name its sorting
 * district; metro districts get 2-day delivery and next-day express (order by 16:00 IST),
 * the north-east (78x, 79x) 7 days, the army postal service (9xx) is not served, the rest
 * 4 days. Other countries ship from one hub: UAE and Singapore 3 days, Saudi Arabia 5,
 * the United States 6. Sundays are not delivery days. Frames with power lenses take 2 more
 * days in the lab.
 */
export const METROS: Record<string, { city: string; state: string }> = {
  '110': { city: 'New Delhi', state: 'Delhi' },
  '122': { city: 'Gurugram', state: 'Haryana' },
  '201': { city: 'Noida', state: 'Uttar Pradesh' },
  '380': { city: 'Ahmedabad', state: 'Gujarat' },
  '400': { city: 'Mumbai', state: 'Maharashtra' },
  '411': { city: 'Pune', state: 'Maharashtra' },
  '500': { city: 'Hyderabad', state: 'Telangana' },
  '560': { city: 'Bengaluru', state: 'Karnataka' },
  '600': { city: 'Chennai', state: 'Tamil Nadu' },
  '700': { city: 'Kolkata', state: 'West Bengal' },
};
const COUNTRY_DAYS: Record<Exclude<Country, 'in'>, number> = { ae: 3, sg: 3, sa: 5, us: 6 };
export const EXPRESS_CUT_OFF_HOUR_IST = 16;
// The express fee is the cart's (cart/config.ts): the product page promises what checkout charges.
export const LAB_DAYS = 2;
export const INVALID_PINCODE = 'Please enter a valid pincode';

export type Zone = { kind: 'metro' | 'standard' | 'remote'; days: number } | { kind: 'unserved' };

export function zoneOf(country: Country, pincode: string): Zone {
  if (!isPincodeOf(country, pincode)) throw badRequest(INVALID_PINCODE, 'pinCode');
  if (country !== 'in') return { kind: 'standard', days: COUNTRY_DAYS[country] };
  if (pincode.startsWith('9')) return { kind: 'unserved' };
  if (METROS[pincode.slice(0, 3)]) return { kind: 'metro', days: 2 };
  if (pincode.startsWith('78') || pincode.startsWith('79')) return { kind: 'remote', days: 7 };
  return { kind: 'standard', days: 4 };
}

/** The date `days` delivery days after `from` (Sundays skipped), as YYYY-MM-DD. */
export function addDeliveryDays(from: Date, days: number): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

export function estimate(input: { now: Date; country: Country; pincode: string; express: boolean; product: ProductRow }): ShippingEstimate {
  const { now, country, pincode, product } = input;
  const zone = zoneOf(country, pincode);
  if (zone.kind === 'unserved') {
    return { pincode, serviceable: false, isExpress: false, expressOptions: [], message: 'Sorry, we do not deliver to this pincode yet.' };
  }
  if (product.stock === 0) {
    return { pincode, serviceable: true, isExpress: false, expressOptions: [], message: 'This product is out of stock.' };
  }
  const lab = product.data.classification === 'eyeframe' && product.data.powerRequired === 'POWER_REQUIRED' ? LAB_DAYS : 0;
  const local = new Date(now.getTime() + (country === 'in' ? IST_OFFSET_MS : 0));
  if (input.express && zone.kind === 'metro') {
    const late = local.getUTCHours() >= EXPRESS_CUT_OFF_HOUR_IST;
    const date = addDeliveryDays(local, 1 + (late ? 1 : 0));
    return {
      pincode,
      serviceable: true,
      isExpress: true,
      estimatedDate: date,
      expressOptions: [{ id: 'express', label: 'Express delivery', cutOffTime: `${EXPRESS_CUT_OFF_HOUR_IST}:00`, fee: EXPRESS_FEE[CURRENCY_OF[country]] }],
    };
  }
  return {
    pincode,
    serviceable: true,
    isExpress: false,
    estimatedDate: addDeliveryDays(local, zone.days + lab),
    expressOptions: [],
    ...(input.express ? { message: 'Express delivery is not available for this pincode.' } : {}),
  };
}

export function shippingRoutes(app: FastifyInstance, rootDb: Database, clock: () => Date = () => new Date()) {
  route(app, productEndpoints.shippingEstimate, async ({ params, query, request, db }) => {
    const country = query.country ?? countryOf(request);
    const product = await loadProduct(db, params.id, country);
    return { result: estimate({ now: clock(), country, pincode: query.pinCode, express: query.isExpress ?? false, product }) };
  });

  // Lens-only orders (lenses fitted to the shopper's own frame) are picked up and delivered
  // in India only.
  route(app, productEndpoints.lensShippingLocation, async ({ params }) => {
    const zone = zoneOf('in', params.pincode);
    const metro = METROS[params.pincode.slice(0, 3)];
    return { result: { pincode: params.pincode, serviceable: zone.kind !== 'unserved', ...(metro ?? {}) } };
  });
}
