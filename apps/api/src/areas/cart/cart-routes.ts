import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { areaEndpoints, type AddToCart, type EyePower, type Prescription } from '@eyewear/api-client';
import { SUBSCRIPTION_PLANS, subscriptionEyes, subscriptionPlanOf, subscriptionPrice, type LensPack } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { badRequest, notFound, unprocessable } from '../../http/errors';
import { requireSession, type SessionRow } from '../../http/session';
import { type Tx } from '../area';
import { cartAnswer, cartWithLines, ensureCart, sessionCart } from './cart-store';
import { MAX_QUANTITY_PER_ITEM } from './config';
import { ownedOrder } from './order-read-model';
import { checkPackage, packageFitting } from './package-rules';
import { exchangeCreditFor } from './exchange-credit';
import { priceCart, type CartRow } from './pricing';

export const OUT_OF_STOCK_MESSAGE = 'This product is out of stock';

/** The exchange an add to cart was made in (the client's exchange headers, shopping §7), or null outside exchange mode. */
export function exchangeOfRequest(request: Pick<FastifyRequest, 'headers'>): { orderId: number; itemId: number } | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (header('x-service-type') !== 'exchange') return null;
  const orderId = Number(header('x-exchange-order-id'));
  const itemId = Number(header('x-exchange-item-id'));
  if (!Number.isInteger(orderId) || orderId <= 0 || !Number.isInteger(itemId) || itemId <= 0)
    throw badRequest('This exchange is not valid', 'x-exchange-item-id');
  return { orderId, itemId };
}

async function ownedItem(db: Tx, cart: CartRow, itemId: number) {
  const [item] = await db.query<{ id: number; quantity: number; product_id: number; stock: number; classification: string; subscription_id: number | null }>(
    `select ci.id, ci.quantity, ci.product_id, ci.subscription_id, p.stock, p.classification from cart_items ci join products p on p.id = ci.product_id
      where ci.id = $1 and ci.cart_id = $2`,
    [itemId, cart.id],
  );
  // Another shopper's item and a missing one answer the same.
  if (!item) throw notFound('This item is not in your cart');
  return item;
}

/**
 * A contact-lens subscription line: the plan decides the boxes (its months for the eyes that have
 * boxes, the rule the product page shows the plan's price with), not the quantity sent; the
 * prescription carries the plan's boxes per eye.
 */
function subscriptionLine(product: { classification: string; data: LensPack }, subscriptionId: number, prescription: AddToCart['prescription']) {
  if (product.classification !== 'contact_lens') throw badRequest('Subscriptions are for contact lenses only.', 'subscriptionId');
  const plan = subscriptionPlanOf(subscriptionId);
  if (!plan) throw badRequest(`Unknown subscription; one of ${SUBSCRIPTION_PLANS.map((p) => p.months).join(', ')} (months)`, 'subscriptionId');
  const eyes = subscriptionEyes(prescription);
  const { boxes, boxesPerEye } = subscriptionPrice(product.data, 0, plan, eyes);
  const withBoxes = (eye: EyePower) => ((eye.boxes ?? 0) > 0 || eyes === 2 ? { ...eye, boxes: boxesPerEye } : eye);
  return {
    boxes,
    prescription: prescription ? JSON.stringify({ ...prescription, left: withBoxes(prescription.left), right: withBoxes(prescription.right) }) : null,
  };
}

const SUBSCRIPTION_FIXED = 'The boxes of a subscription are set by its plan; choose another plan on the product page';

const touch = (db: Tx, cartId: number) => db.query('update carts set updated_at = now() where id = $1', [cartId]);

/** The cart and its items: read, add, change, remove, clear, reorder, and the contact-lens power check. */
export function cartRoutes(app: FastifyInstance, _db: Database) {
  const e = areaEndpoints.cart;

  route(app, e.get, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const found = await cartWithLines(db, session);
    const cart = found?.cart ?? (await ensureCart(db, session));
    if (!found || (query.applyWallet !== undefined && query.applyWallet !== cart.apply_wallet)) {
      if (query.applyWallet !== undefined && query.applyWallet !== cart.apply_wallet)
        await db.query('update carts set apply_wallet = $2 where id = $1', [cart.id, query.applyWallet]);
      return cartAnswer(db, cart.id);
    }
    return { result: (await priceCart(db, found.cart, undefined, found.lines)).cart };
  });

  route(app, e.add, async ({ body, request, reply, db }) => {
    const { session, cart } = await sessionCart(db, request, reply);
    // In exchange mode the cart takes the returned item's credit (pricing.ts). An add without the
    // exchange headers (the cart page's Gold, which its own client sends, another tab) leaves it
    // where it is (issue 42: it dropped the credit): the credit holds whatever else is added, until
    // an order spends it or its return is cancelled (exchangeCreditFor), or an add in another exchange.
    const exchange = exchangeOfRequest(request);
    if (exchange) {
      const order = await ownedOrder(db, session, exchange.orderId);
      if (!(await db.query('select 1 from order_items where id = $1 and order_id = $2', [exchange.itemId, order.id])).length)
        throw notFound('Order item not found');
      const credit = await exchangeCreditFor(db, cart, exchange.orderId, exchange.itemId);
      if (!credit.ok) throw unprocessable(credit.reason, undefined, 'EXCHANGE_CLOSED');
    }
    const [product] = await db.query<{ id: number; stock: number; has_price: boolean; classification: string; data: LensPack }>(
      `select p.id, p.stock, p.classification, p.data, exists (select 1 from product_prices pp where pp.product_id = p.id and pp.country = $2) as has_price
         from products p where p.id = $1`,
      [body.productId, cart.country],
    );
    if (!product) throw notFound('Product not found');
    if (!product.has_price) throw notFound('This product is not sold in your country');
    if (product.stock <= 0) throw unprocessable(OUT_OF_STOCK_MESSAGE, 'productId', 'OUT_OF_STOCK');
    await checkPackage(db, body.packageId, body.coatingId);
    const subscription = body.subscriptionId === undefined ? null : subscriptionLine(product, body.subscriptionId, body.prescription);
    const prescription = subscription?.prescription ?? (body.prescription ? JSON.stringify(body.prescription) : null);
    await db.transaction(async (tx) => {
      await tx.query('select id from carts where id = $1 for update', [cart.id]);
      if (exchange)
        await tx.query('update carts set exchange_order_id = $2, exchange_item_id = $3 where id = $1', [cart.id, exchange.orderId, exchange.itemId]);
      const [same] = await tx.query<{ id: number; quantity: number }>(
        `select id, quantity from cart_items where cart_id = $1 and product_id = $2
           and package_id is not distinct from $3 and coating_id is not distinct from $4 and power_type is not distinct from $5
           and subscription_id is not distinct from $6 and prescription::text is not distinct from $7::jsonb::text and power_later = $8`,
        [
          cart.id,
          body.productId,
          body.packageId ?? null,
          body.coatingId ?? null,
          body.powerType ?? null,
          body.subscriptionId ?? null,
          prescription,
          !!body.powerLater,
        ],
      );
      const [goldProduct] = await tx.query<{ data: { classification: string } }>('select data from products where id = $1 and classification = $2', [
        body.productId,
        'loyalty_services',
      ]);
      if (same && (goldProduct || subscription)) return; // one membership per cart; a subscription line holds one plan
      const quantity = goldProduct ? 1 : subscription ? subscription.boxes : (same?.quantity ?? 0) + body.quantity;
      if (!subscription && quantity > MAX_QUANTITY_PER_ITEM) throw unprocessable(`You can add at most ${MAX_QUANTITY_PER_ITEM} of this item`, 'quantity');
      if (quantity > product.stock) throw unprocessable(`Only ${product.stock} left in stock`, 'quantity', 'OUT_OF_STOCK');
      if (same) await tx.query('update cart_items set quantity = $2 where id = $1', [same.id, quantity]);
      else
        await tx.query(
          `insert into cart_items (cart_id, product_id, quantity, package_id, coating_id, power_type, frame_size_id, subscription_id, is_both_eye, prescription, power_later)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            cart.id,
            body.productId,
            quantity,
            body.packageId ?? null,
            body.coatingId ?? null,
            body.powerType ?? null,
            body.frameSizeId ?? null,
            body.subscriptionId ?? null,
            body.isBothEye ?? null,
            prescription,
            !!body.powerLater,
          ],
        );
      await touch(tx, cart.id);
    });
    return cartAnswer(db, cart.id);
  });

  route(app, e.updateItem, async ({ params, body, request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    await ownedItem(db, cart, params.itemId);
    await checkPackage(db, body.packageId, body.coatingId);
    const fitted = body.packageId === undefined ? null : await packageFitting(db, cart, params.itemId, body.packageId, body.powerType);
    const sets: string[] = [];
    const values: unknown[] = [params.itemId];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (body.packageId !== undefined) {
      // A new package drops the old coating unless one of the new package's is named.
      set('package_id', body.packageId);
      set('coating_id', body.coatingId ?? null);
    }
    if (fitted && body.powerType === undefined) set('power_type', fitted.powerType);
    if (body.powerType !== undefined) set('power_type', body.powerType);
    if (body.prescription !== undefined) {
      set('prescription', JSON.stringify(body.prescription as Prescription));
      set('power_later', false);
    }
    if (body.powerLater !== undefined) set('power_later', body.powerLater);
    if (sets.length) await db.query(`update cart_items set ${sets.join(', ')} where id = $1`, values);
    await touch(db, cart.id);
    return cartAnswer(db, cart.id);
  });

  route(app, e.increase, async ({ params, query, request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    const item = await ownedItem(db, cart, params.itemId);
    if (['services', 'loyalty_services'].includes(item.classification)) throw unprocessable('The quantity of this item cannot change', 'count');
    if (item.subscription_id !== null) throw unprocessable(SUBSCRIPTION_FIXED, 'count');
    const quantity = item.quantity + query.count;
    if (quantity > item.stock) throw unprocessable(`Only ${item.stock} left in stock`, 'count', 'OUT_OF_STOCK');
    if (quantity > MAX_QUANTITY_PER_ITEM) throw unprocessable(`You can add at most ${MAX_QUANTITY_PER_ITEM} of this item`, 'count');
    await db.query('update cart_items set quantity = $2 where id = $1', [item.id, quantity]);
    await touch(db, cart.id);
    return cartAnswer(db, cart.id);
  });

  route(app, e.decrease, async ({ params, query, request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    const item = await ownedItem(db, cart, params.itemId);
    const quantity = item.quantity - query.count;
    if (item.subscription_id !== null && quantity > 0) throw unprocessable(SUBSCRIPTION_FIXED, 'count');
    if (quantity <= 0) await db.query('delete from cart_items where id = $1', [item.id]);
    else await db.query('update cart_items set quantity = $2 where id = $1', [item.id, quantity]);
    await touch(db, cart.id);
    return cartAnswer(db, cart.id);
  });

  route(app, e.remove, async ({ params, request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    const item = await ownedItem(db, cart, params.itemId);
    await db.query('delete from cart_items where id = $1', [item.id]);
    await touch(db, cart.id);
    return cartAnswer(db, cart.id);
  });

  route(app, e.clear, async ({ request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    await db.query('delete from cart_items where cart_id = $1', [cart.id]);
    await db.query(
      `update carts set gift_voucher_code = null, store_credit_code = null, store_credit_amount = null, offer_id = null,
         payment_offer_id = null, payment_offer_bin = null, voucher_message = null, store_credit_message = null, reorder_id = null,
         updated_at = now() where id = $1`,
      [cart.id],
    );
    return cartAnswer(db, cart.id);
  });

  async function reorder(db: Database, session: SessionRow, cart: CartRow, orderId: number) {
    const [order] = await db.query<{ id: number }>('select id from orders where id = $1 and (customer_id = $2 or (customer_id is null and session_id = $3))', [
      orderId,
      session.customer_id ?? -1,
      session.id,
    ]);
    if (!order) throw notFound('Order not found');
    const items = await db.query<{
      product_id: number;
      quantity: number;
      package_id: number | null;
      coating_id: number | null;
      power_type: string | null;
      prescription: unknown;
      stock: number;
    }>('select oi.*, p.stock from order_items oi join products p on p.id = oi.product_id where oi.order_id = $1 order by oi.id', [orderId]);
    const available = items.filter((i) => i.stock >= i.quantity);
    if (available.length === 0) throw unprocessable('The items of this order are out of stock', undefined, 'OUT_OF_STOCK');
    for (const i of available) {
      await db.query(
        `insert into cart_items (cart_id, product_id, quantity, package_id, coating_id, power_type, prescription) values ($1, $2, $3, $4, $5, $6, $7)`,
        [cart.id, i.product_id, i.quantity, i.package_id, i.coating_id, i.power_type, i.prescription ? JSON.stringify(i.prescription) : null],
      );
    }
    await db.query('update carts set reorder_id = $2, updated_at = now() where id = $1', [cart.id, orderId]);
    return cartAnswer(db, cart.id);
  }
  route(app, e.reorder, async ({ body, request, reply, db }) => {
    const { session, cart } = await sessionCart(db, request, reply);
    const [order] = await db.query('select 1 from orders where id = $1 and lower(email) = lower($2)', [body.orderId, body.emailId.email]);
    if (!order) throw notFound('Order not found');
    return reorder(db, session, cart, body.orderId);
  });
  route(app, e.reorderById, async ({ params, request, reply, db }) => {
    const { session, cart } = await sessionCart(db, request, reply);
    return reorder(db, session, cart, params.orderId);
  });

  route(app, e.validateCart, async ({ body, request, reply, db }) => {
    await requireSession(db, request, reply);
    const [row] = await db.query<{ data: { sph: string[]; cyl: string[]; axis: string[]; boxes: number[] } }>(
      'select data from contact_lens_powers where product_id = $1',
      [body.productId],
    );
    if (!row) throw notFound('This product has no powers to check');
    const check = (eye: 'left' | 'right') => {
      const p = body[eye];
      const bad = (['sph', 'cyl', 'axis'] as const).find((k) => p[k] !== undefined && p[k] !== '' && !row.data[k].includes(String(p[k])));
      return bad ? { isSuccess: false, eye, message: `The ${eye} eye ${bad} is not available for this lens` } : null;
    };
    const problems = [check('right'), check('left')].filter((x) => x !== null);
    return { result: problems.length ? problems : [{ isSuccess: true, eye: 'both' as const }] };
  });
}
