import { randomBytes } from 'node:crypto';
import { type OrderPayment, type OrderPaymentResult } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { moveStocks } from '../../db/purges';
import { badRequest, HttpError, unprocessable } from '../../http/errors';
import { ownerOf, type SessionRow } from '../../http/session';
import { type Tx } from '../area';
import { findCart } from './cart-store';
import { decideCharge } from './charges';
import { EXPRESS_DELIVERY_DAYS, STANDARD_DELIVERY_DAYS } from './config';
import { presalesOf } from './presales';
import { priceCart } from './pricing';
import { boundUnpaidOrders, expireUnpaidIn, expireUnpaidOrders, orderExpired } from './order-expiry';
import { ownedOrder } from './order-read-model';
import { queueOrderPlaced } from '../../messages/order-messages';
import { queueExchangePlaced } from '../../messages/after-sales-messages';
import { scheduleSimulatedDelivery } from '../../jobs/simulated-courier';
import { insertOrderItem } from './order-item-row';

const paymentId = () => `pay_${randomBytes(12).toString('hex')}`;

/** Amounts compared to the paisa (cent), as they are shown. */
const sameAmount = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

/**
 * 409 CART_CHANGED: the amount the Pay button showed (`expectedTotal`) is not the one that
 * would be charged. Nothing is charged or written; the body carries the new amount
 * (`total`, `currencyCode`, and the cart's `itemsQty`) for the page to show before paying again.
 */
const cartChanged = (cart: { totals: { total: number }; currencyCode: string; itemsQty: number }) =>
  new HttpError(409, 'Your cart changed since you saw it. Please check the new total and pay again.', undefined, 'CART_CHANGED', undefined, {
    total: cart.totals.total,
    currencyCode: cart.currencyCode,
    itemsQty: cart.itemsQty,
  });

async function history(tx: Tx, orderId: number, status: string, itemId: number | null = null, note: string | null = null) {
  await tx.query('insert into order_status_history (order_id, item_id, status, note) values ($1, $2, $3, $4)', [orderId, itemId, status, note]);
}

/** An order placed is told as such, or as the exchange it is (an order paid with an exchange credit), and its delivery begins. */
async function queueOrderMessage(tx: Tx, orderId: number) {
  if ((await queueExchangePlaced(tx, orderId)) === null) await queueOrderPlaced(tx, orderId);
  // In local mode the simulated courier will ship and deliver it (jobs/simulated-courier.ts).
  await scheduleSimulatedDelivery(tx, orderId);
}

/**
 * Marks a payment settled: the order is placed and its items confirmed. An order that is no
 * longer waiting for it (cancelled, or unpaid past its hold, which is expired here first) is
 * refused: the payment is failed with a clear message and false is returned.
 */
export async function settlePayment(tx: Tx, orderId: number, id: string): Promise<boolean> {
  await expireUnpaidIn(tx, orderId);
  const [order] = await tx.query<{ status: string }>('select status from orders where id = $1 for update', [orderId]);
  if (!order || order.status === 'CANCELLED') {
    await tx.query(`update order_payments set status = 'FAILED', message = $2, updated_at = now() where id = $1`, [id, orderExpired().message]);
    return false;
  }
  await tx.query(`update order_payments set status = 'SUCCESS', updated_at = now() where id = $1`, [id]);
  await tx.query(`update orders set status = 'PLACED', updated_at = now() where id = $1 and status = 'PENDING_PAYMENT'`, [orderId]);
  await history(tx, orderId, 'PLACED', null, 'payment received');
  // The customer is told, once however often the payment is settled (messages/order-messages.ts).
  await queueOrderMessage(tx, orderId);
  return true;
}

/** The answer a payment gets when its order was placed by an earlier request with the same key (a crash before the answer was stored). */
export async function orderPlacedWith(db: Pick<Database, 'query'>, owner: string, key: string): Promise<OrderPaymentResult | null> {
  const [order] = await db.query<{ id: number; total: number; currency: string }>(
    'select id, total, currency from orders where idempotency_owner = $1 and idempotency_key = $2',
    [owner, key],
  );
  if (!order) return null;
  const [payment] = await db.query<{ id: string; status: string; method: string }>(
    'select id, status, method from order_payments where order_id = $1 order by created_at limit 1',
    [order.id],
  );
  const action = payment?.method === 'upi' ? 'UPI_COLLECT' : payment?.method === 'qr' ? 'QR' : payment?.method === 'primer' ? 'SDK' : 'NONE';
  return {
    order: { id: order.id, amount: { total: Number(order.total), currencyCode: order.currency as 'INR' } },
    payment: { paymentId: payment?.id ?? '', status: payment?.status === 'SUCCESS' ? 'SUCCESS' : 'PENDING', action },
  };
}

/**
 * Places the order and starts its payment, exactly once per Idempotency-Key (see routes):
 * in ONE transaction the cart is locked, priced, stock is reserved with a conditional update
 * (never below zero, so two orders for the last unit cannot both pass), balances are spent,
 * the order, its items, payment and status history are written and the cart is emptied.
 */
export async function placeOrder(
  db: Database,
  session: SessionRow,
  body: OrderPayment,
  idempotencyKey: string | null = null,
  clientAddress: string | null = null,
): Promise<OrderPaymentResult> {
  if (body.orderId !== undefined) return retryPayment(db, session, body);
  const cart = await findCart(db, session);
  if (!cart) throw unprocessable('Your cart is empty', undefined, 'EMPTY_CART');
  // The payment offers follow the payment being made (pricing.ts paymentOfferFor).
  const paying = { method: body.paymentMethod, cardBin: body.card?.number.replace(/\D/g, '').slice(0, 6) };
  const preview = await priceCart(db, cart, paying);
  if (preview.lines.length === 0) throw unprocessable('Your cart is empty', undefined, 'EMPTY_CART');
  if (!cart.shipping_address) throw badRequest('Please add a shipping address', 'shippingAddress');
  // The amount the Pay button showed (sent by the current client; optional for older builds): a
  // cart that changed since is never charged, whatever the payment method (the card provider too).
  if (body.expectedTotal !== undefined && !sameAmount(body.expectedTotal, preview.cart.totals.total)) throw cartChanged(preview.cart);
  const charge = await decideCharge(db, session, body, preview.cart.totals.total, preview.cart.currencyCode, clientAddress);

  // A presales lead only when the client says so from the presales info AND a sales person is signed in on this session.
  const leadSource = !!body.leadSource && (await presalesOf(db, session.id)) !== null;

  return db.transaction(async (tx) => {
    const [locked] = await tx.query<typeof cart>('select * from carts where id = $1 for update', [cart.id]);
    if (!locked) throw unprocessable('Your cart is empty', undefined, 'EMPTY_CART');
    const priced = await priceCart(tx, locked, paying);
    if (priced.lines.length === 0) throw unprocessable('Your cart is empty', undefined, 'EMPTY_CART');
    // Changed between the check above and the lock (another tab, a voucher spent elsewhere): the same answer.
    if (!sameAmount(priced.cart.totals.total, preview.cart.totals.total)) throw cartChanged(priced.cart);
    const placed = charge.status === 'SUCCESS' || body.paymentMethod === 'cod';
    // An order left unpaid holds stock: only a few at once per shopper and per client address.
    if (!placed) await boundUnpaidOrders(tx, session, clientAddress);
    // Pages show stock (the product page's line, a card's tags): a product sold out or down to its
    // last one is purged (`s<id>`) with the order; any other order changes no page (db/purges.ts).
    const short = await moveStocks(
      tx,
      priced.lines.map(({ line }) => [Number(line.product_id), -Number(line.quantity)] as const),
    );
    if (short !== null) throw unprocessable(`${priced.lines[short]!.item.name} is out of stock`, 'items', 'OUT_OF_STOCK');
    const spendFrom = async (sql: string, params: unknown[], amount: number, label: string) => {
      if (amount <= 0) return;
      const done = await tx.query(sql, params);
      if (done.length === 0) throw unprocessable(`Your ${label} balance changed. Please review your cart.`, undefined, 'BALANCE_CHANGED');
    };
    await spendFrom(
      'update gift_vouchers set balance = balance - $2 where code = $1 and balance >= $2 returning code',
      [locked.gift_voucher_code, priced.spend.giftVoucher],
      priced.spend.giftVoucher,
      'gift voucher',
    );
    await spendFrom(
      'update store_credits set balance = balance - $2 where code = $1 and balance >= $2 returning code',
      [locked.store_credit_code, priced.spend.storeCredit],
      priced.spend.storeCredit,
      'store credit',
    );
    await spendFrom(
      'update wallets set balance = balance - $2 where customer_id = $1 and balance >= $2 returning customer_id',
      [locked.customer_id, priced.spend.wallet],
      priced.spend.wallet,
      'wallet',
    );

    const address = locked.shipping_address as { email: string };
    const days = locked.delivery_option === 'express' ? EXPRESS_DELIVERY_DAYS : STANDARD_DELIVERY_DAYS;
    const t = priced.cart.totals;
    const discounts = t.discounts.map((d) =>
      d.code === 'brand' ? { type: 'brand', code: d.type, amount: d.amount } : { type: d.type, ...(d.code ? { code: d.code } : {}), amount: d.amount },
    );
    const [order] = await tx.query<{ id: number }>(
      `insert into orders (customer_id, session_id, email, country, currency, status, sub_total, total_discount, total_tax, shipping, total,
          discounts, shipping_address, delivery_option, estimated_delivery, gift_message, payment_method, cod_confirmed, lead_source, membership_ends_on,
          idempotency_owner, idempotency_key, client_address)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, current_date + $15::int, $16, $17, $18, $19,
          case when $20::int is null then null else current_date + $20::int end, $21, $22, $23)
       returning id`,
      [
        session.customer_id,
        session.customer_id ? null : session.id,
        address.email,
        locked.country,
        priced.cart.currencyCode,
        placed ? 'PLACED' : 'PENDING_PAYMENT',
        t.subTotal,
        t.totalDiscount,
        t.totalTax,
        t.shipping,
        t.total,
        JSON.stringify(discounts),
        JSON.stringify(locked.shipping_address),
        locked.delivery_option ?? 'standard',
        days,
        body.giftMessage ? JSON.stringify(body.giftMessage) : null,
        t.total === 0 ? (priced.spend.giftVoucher > 0 ? 'gv' : 'sc') : body.paymentMethod,
        // Nothing to collect (a balance paid it all, issue 42): no cash-on-delivery confirmation to wait for.
        body.paymentMethod === 'cod' && t.total > 0 ? false : null,
        leadSource,
        priced.membershipDays,
        idempotencyKey === null ? null : ownerOf(session),
        idempotencyKey,
        clientAddress,
      ],
    );
    const orderId = order!.id;
    for (const { line, item, unit } of priced.lines) {
      const lineId = await insertOrderItem(tx, orderId, {
        productId: line.product_id,
        name: item.name,
        sku: item.sku,
        brandName: item.brandName,
        classification: item.classification,
        thumbnail: item.thumbnail,
        quantity: line.quantity,
        unitPrice: unit,
        total: item.amount.total,
        options: item.options,
        packageId: line.package_id,
        coatingId: line.coating_id,
        powerType: line.power_type,
        prescription: line.prescription ?? null,
        powerSubmission: item.powerSubmission,
      });
      await history(tx, orderId, 'PROCESSING', lineId);
    }
    const payId = paymentId();
    await tx.query(
      `insert into order_payments (id, order_id, method, amount, currency, status, gateway, card_type, card_last4, vpa, bank_code)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        payId,
        orderId,
        t.total === 0 ? (priced.spend.giftVoucher > 0 ? 'gv' : 'sc') : body.paymentMethod,
        t.total,
        priced.cart.currencyCode,
        charge.status,
        'simulated',
        charge.cardType ?? null,
        charge.last4 ?? null,
        charge.vpa ?? null,
        charge.bankCode ?? null,
      ],
    );
    await history(tx, orderId, placed ? 'PLACED' : 'PENDING_PAYMENT');
    // The customer is told the order is placed (a refused charge throws before any order exists;
    // a payment that fails later, while the order waits, is told by the payment routes).
    if (placed) await queueOrderMessage(tx, orderId);
    if (priced.spend.storeCredit > 0) {
      await tx.query('insert into store_credit_entries (code, order_id, amount, reason) values ($1, $2, $3, $4)', [
        locked.store_credit_code,
        orderId,
        -priced.spend.storeCredit,
        'order',
      ]);
    }
    if (locked.customer_id) {
      await tx.query('update customers set has_placed_order = true, is_loyalty = is_loyalty or $2 where id = $1', [
        locked.customer_id,
        priced.membershipDays !== null,
      ]);
    }
    if (charge.saveCard && locked.customer_id) {
      const c = charge.saveCard;
      await tx.query(
        `insert into saved_cards (token, customer_id, card_type, last4, bin, name_on_card, expiry_month, expiry_year, gateway_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          `card_${randomBytes(12).toString('hex')}`,
          locked.customer_id,
          charge.cardType,
          c.number.slice(-4),
          c.number.slice(0, 6),
          c.name,
          c.month,
          c.year,
          c.gatewayId ?? 'PU',
        ],
      );
    }
    await tx.query('delete from cart_items where cart_id = $1', [locked.id]);
    await tx.query(
      `update carts set gift_voucher_code = null, store_credit_code = null, store_credit_amount = null, offer_id = null, payment_offer_id = null,
         payment_offer_bin = null, voucher_message = null, store_credit_message = null, reorder_id = null, delivery_option = null, updated_at = now()
       where id = $1`,
      [locked.id],
    );
    return {
      order: { id: orderId, amount: { total: t.total, currencyCode: priced.cart.currencyCode } },
      payment: { paymentId: payId, status: charge.status, action: charge.action },
    };
  });
}

/** Pays again for an order whose payment failed or is still pending (/checkout/onepage/retrypayment). */
async function retryPayment(db: Database, session: SessionRow, body: OrderPayment): Promise<OrderPaymentResult> {
  await expireUnpaidOrders(db, body.orderId!);
  const order = await ownedOrder(db, session, body.orderId!);
  if (order.status === 'CANCELLED') throw orderExpired();
  if (order.status !== 'PENDING_PAYMENT') throw unprocessable('This order is already paid', 'orderId', 'ALREADY_PAID');
  // An order keeps its amount; a page that showed another one is told before anything is charged.
  if (body.expectedTotal !== undefined && !sameAmount(body.expectedTotal, order.total)) {
    throw new HttpError(409, "This order's amount is different from the one shown. Please check it and pay again.", undefined, 'CART_CHANGED', undefined, {
      total: order.total,
      currencyCode: order.currency,
    });
  }
  const charge = await decideCharge(db, session, body, order.total, order.currency);
  return db.transaction(async (tx) => {
    // The order's lock first (as the expiry sweep takes it), then its hold is checked again.
    await expireUnpaidIn(tx, order.id);
    const [current] = await tx.query<{ status: string }>('select status from orders where id = $1 for update', [order.id]);
    if (current?.status === 'CANCELLED') throw orderExpired();
    if (current?.status !== 'PENDING_PAYMENT') throw unprocessable('This order is already paid', 'orderId', 'ALREADY_PAID');
    const id = paymentId();
    await tx.query(`update order_payments set status = 'CANCELLED', updated_at = now() where order_id = $1 and status = 'PENDING'`, [order.id]);
    await tx.query(
      `insert into order_payments (id, order_id, method, amount, currency, status, gateway, card_type, card_last4, vpa, bank_code)
       values ($1, $2, $3, $4, $5, $6, 'simulated', $7, $8, $9, $10)`,
      [
        id,
        order.id,
        body.paymentMethod,
        order.total,
        order.currency,
        'PENDING',
        charge.cardType ?? null,
        charge.last4 ?? null,
        charge.vpa ?? null,
        charge.bankCode ?? null,
      ],
    );
    await tx.query('update orders set payment_method = $2, cod_confirmed = $3, updated_at = now() where id = $1', [
      order.id,
      body.paymentMethod,
      body.paymentMethod === 'cod' ? false : null,
    ]);
    if (charge.status === 'SUCCESS' || body.paymentMethod === 'cod') {
      if (charge.status === 'SUCCESS') {
        if (!(await settlePayment(tx, order.id, id))) throw orderExpired();
      } else {
        await tx.query(`update orders set status = 'PLACED', updated_at = now() where id = $1`, [order.id]);
        await history(tx, order.id, 'PLACED', null, 'cash on delivery');
        await queueOrderMessage(tx, order.id);
      }
    }
    return {
      order: { id: order.id, amount: { total: order.total, currencyCode: order.currency as 'INR' } },
      payment: { paymentId: id, status: charge.status, action: charge.action },
    };
  });
}
