import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { COUNTRIES } from '../../countries';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { unprocessable } from '../../http/errors';
import { type Tx } from '../area';
import { validateAddress } from './address-rules';
import { cartAnswer, sessionCart } from './cart-store';
import { EXPRESS_DELIVERY_DAYS, EXPRESS_FEE, STANDARD_DELIVERY_DAYS } from './config';
import { priceCart } from './pricing';

/** Delivery options for a pincode: standard everywhere; express in India where a store shares the pincode's first three digits. */
export async function deliveryOptionsFor(db: Tx, country: keyof typeof COUNTRIES, pincode: string, selected?: string | null) {
  const currency = COUNTRIES[country].currencyCode;
  const day = (n: number) => new Date(Date.now() + n * 86400000).toISOString().slice(0, 10);
  const options = [{ id: 'standard', label: 'Standard delivery', fee: 0, currencyCode: currency, estimatedDate: day(STANDARD_DELIVERY_DAYS), express: false }];
  if (country === 'in') {
    const [store] = await db.query('select code from stores where country = $1 and left(pincode, 3) = left($2, 3) limit 1', [country, pincode]);
    if (store)
      options.push({
        id: 'express',
        label: 'Express delivery',
        fee: EXPRESS_FEE[currency],
        currencyCode: currency,
        estimatedDate: day(EXPRESS_DELIVERY_DAYS),
        express: true,
      });
  }
  return options.map((o) => ({ ...o, selected: (selected ?? 'standard') === o.id }));
}

/** The cart's shipping: the shipping check, the shipping address and the delivery options. */
export function deliveryRoutes(app: FastifyInstance, _db: Database) {
  const e = areaEndpoints.cart;

  route(app, e.shippingCheck, async ({ body, request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    const priced = await priceCart(db, cart);
    if (body.country !== cart.country) {
      return { result: { serviceable: false, shipping: 0, message: `We ship only within ${COUNTRIES[cart.country].countryName} from this site` } };
    }
    return { result: { serviceable: true, shipping: priced.cart.totals.shipping } };
  });

  route(app, e.shippingAddress, async ({ body, request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    const address = validateAddress(body, cart.country);
    await db.query('update carts set shipping_address = $2, delivery_pincode = $3, updated_at = now() where id = $1', [
      cart.id,
      JSON.stringify(address),
      address.postcode,
    ]);
    const options = await deliveryOptionsFor(db, cart.country, address.postcode, cart.delivery_option);
    if (cart.delivery_option === 'express' && !options.some((o) => o.id === 'express')) {
      await db.query('update carts set delivery_option = null where id = $1', [cart.id]);
    }
    return { result: { address: { ...address, addressId: body.addressId ?? cart.id, defaultAddress: false }, deliveryOptions: options } };
  });

  route(app, e.deliveryOptions, async ({ query, request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    return { result: { options: await deliveryOptionsFor(db, cart.country, query.pincode, cart.delivery_option) } };
  });

  route(app, e.updateDeliveryOption, async ({ query, body, request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    if (query.shippingCountry !== cart.country)
      throw unprocessable(`We ship only within ${COUNTRIES[cart.country].countryName} from this site`, 'shippingCountry');
    const options = await deliveryOptionsFor(db, cart.country, query.pincode);
    if (!options.some((o) => o.id === body.deliveryOptionId)) {
      throw unprocessable('This delivery option is not available for this pincode', 'deliveryOptionId');
    }
    await db.query('update carts set delivery_option = $2, delivery_pincode = $3, updated_at = now() where id = $1', [
      cart.id,
      body.deliveryOptionId,
      query.pincode,
    ]);
    return cartAnswer(db, cart.id);
  });

  route(app, e.deliveryOptionCheck, async ({ query, request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    const options = query.shippingCountry === cart.country ? await deliveryOptionsFor(db, cart.country, query.postcode, cart.delivery_option) : [];
    return { result: { valid: options.some((o) => o.id === (cart.delivery_option ?? 'standard')), options } };
  });
}
