import { isCountryCode, MOBILE_RULES, type CountryCode } from '@eyewear/i18n/rules';
import { type Queryable } from '../jobs/queue';
import { type MessageAudience } from './events';

/** The store's public address, for links in messages (STORE_URL; `npm start` serves it on 4200). */
export function storeUrl(country: CountryCode, env: Record<string, string | undefined> = process.env): string {
  const origin = (env.STORE_URL || 'http://localhost:4200').replace(/\/+$/, '');
  return country === 'in' ? origin : `${origin}/${country}`;
}

/** `+91 9876543210` for a number of the country, or null. */
export function phoneOf(country: CountryCode, phone: string | null | undefined): string | null {
  const digits = phone?.trim();
  return digits ? `${MOBILE_RULES[country].phoneCode} ${digits}` : null;
}

const countryOf = (code: string): CountryCode => (isCountryCode(code) ? code : 'in');

interface OrderContact {
  country: string;
  email: string;
  shipping_address: { firstName?: string; phone?: string };
}

/** Who an order's messages go to: its contact e-mail, and the mobile of its delivery address. */
export async function orderAudience(tx: Queryable, orderId: number): Promise<MessageAudience | null> {
  const [order] = await tx.query<OrderContact>('select country, email, shipping_address from orders where id = $1', [orderId]);
  if (!order) return null;
  const country = countryOf(order.country);
  return {
    country,
    name: order.shipping_address?.firstName?.trim() || null,
    email: order.email?.trim() || null,
    phone: phoneOf(country, order.shipping_address?.phone),
    siteUrl: storeUrl(country),
  };
}
