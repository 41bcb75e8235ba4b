import { randomBytes } from 'node:crypto';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { errorBody, HttpError, notFound, unprocessable } from '../../http/errors';
import { setCookie } from '../../http/cookies';
import { ownerOf, requireSession } from '../../http/session';
import { HAS_PLACED_ORDER_SECONDS } from '../account/login';
import { type Tx } from '../area';
import { newCaptcha } from './captcha';
import { findCart } from './cart-store';
import { cardProvider, offersCardProvider, upiOutcome, vpaValid } from './gateways';
import { claim, complete, hashBody, keyOf, release } from '../../http/idempotency';
import { expireUnpaidIn, expireUnpaidOrders, orderExpired } from './order-expiry';
import { orderPlacedWith, placeOrder, settlePayment } from './orders';
import { queuePaymentFailed } from '../../messages/order-messages';
import { ownedOrder, presentOrder } from './order-read-model';
import { savedCards } from './saved-card-routes';

const { checkout: checkoutEndpoints, orders: orderEndpoints } = areaEndpoints;

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** A status poll takes the order's lock first (as the expiry sweep does) and expires it if its hold ran out. */
async function lockForPayment(tx: Tx, orderId: number) {
  await expireUnpaidIn(tx, orderId);
  await tx.query('select id from orders where id = $1 for update', [orderId]);
}

/**
 * A paid order makes the shopper a repeat customer at once, a guest too: the readable marker the
 * product calls send as X-Customer-Type (REPEAT) is written with the answer, so the product page
 * stops advertising the first-frame price the cart no longer gives (pricing.ts guestHasOrdered).
 */
function markOrdered(request: FastifyRequest, reply: FastifyReply, placed: { payment: { status: string; action: string } }) {
  // An order still waiting for its payment (a UPI request, a QR code, the provider) is not placed yet.
  if (placed.payment.status !== 'SUCCESS' && placed.payment.action !== 'NONE') return;
  setCookie(request, reply, 'hasPlacedOrder', 'true', { maxAgeSeconds: HAS_PLACED_ORDER_SECONDS, httpOnly: false });
}

/** Paying: the order placed exactly once, its status polls, the provider and SDK flows, QR payments. */
export function paymentRoutes(app: FastifyInstance, _db: Database) {
  const e = checkoutEndpoints;

  route(
    app,
    e.pay,
    async ({ body, request, reply, db }) => {
      const session = await requireSession(db, request, reply);
      const key = keyOf(request.headers);
      const owner = ownerOf(session);
      const claimed = await claim(db, owner, key, hashBody(request.body));
      if (claimed.kind === 'replay') {
        reply.header('idempotent-replayed', 'true');
        return reply.code(claimed.status).send(claimed.response);
      }
      // A key taken over from a request that crashed: the order it may have placed is the answer.
      const placedBefore = claimed.takenOver ? await orderPlacedWith(db, owner, key) : null;
      if (placedBefore) {
        const result = { result: placedBefore };
        await complete(db, owner, key, 200, result);
        markOrdered(request, reply, placedBefore);
        return result;
      }
      try {
        const result = { result: await placeOrder(db, session, body, body.orderId === undefined ? key : null, request.ip) };
        await complete(db, owner, key, 200, result);
        markOrdered(request, reply, result.result);
        return result;
      } catch (error) {
        const placed = isUniqueViolation(error) ? await orderPlacedWith(db, owner, key) : null;
        if (placed) {
          const result = { result: placed };
          await complete(db, owner, key, 200, result);
          return result;
        }
        if (error instanceof HttpError) {
          await complete(db, owner, key, error.status, errorBody(error));
        } else {
          await release(db, owner, key);
        }
        throw error;
      }
    },
    { ownIdempotency: true },
  );

  route(app, e.order, async ({ params, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    await expireUnpaidOrders(db, params.orderId);
    return { result: await presentOrder(db, await ownedOrder(db, session, params.orderId)) };
  });

  /** Polled by the payment screen: each poll advances the simulated collect request. */
  route(app, e.upiStatus, async ({ params, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const order = await ownedOrder(db, session, params.orderId);
    return db.transaction(async (tx) => {
      await lockForPayment(tx, order.id);
      const [payment] = await tx.query<{ id: string; status: string; vpa: string | null; polls: number; message: string | null }>(
        `select id, status, vpa, polls, message from order_payments where order_id = $1 and method = 'upi' order by created_at desc limit 1 for update`,
        [order.id],
      );
      if (!payment) throw notFound('No UPI payment for this order');
      if (payment.status !== 'PENDING') {
        return { result: { orderId: order.id, paymentId: payment.id, status: payment.status as 'SUCCESS', message: payment.message ?? undefined } };
      }
      const polls = payment.polls + 1;
      const outcome = upiOutcome(payment.vpa ?? '', polls);
      await tx.query('update order_payments set polls = $2, updated_at = now() where id = $1', [payment.id, polls]);
      if (outcome.status === 'SUCCESS' && !(await settlePayment(tx, order.id, payment.id))) {
        return { result: { orderId: order.id, paymentId: payment.id, status: 'FAILED' as const, message: orderExpired().message } };
      }
      if (outcome.status === 'FAILED') {
        await tx.query(`update order_payments set status = 'FAILED', message = $2, updated_at = now() where id = $1`, [payment.id, outcome.message]);
        await queuePaymentFailed(tx, order.id, payment.id, outcome.message);
      }
      return { result: { orderId: order.id, paymentId: payment.id, status: outcome.status, message: outcome.message } };
    });
  });

  route(app, e.validateVpa, async ({ body, request, reply, db }) => {
    await requireSession(db, request, reply);
    const valid = vpaValid(body.vpa);
    return { result: valid ? { valid, name: 'UPI account holder' } : { valid } };
  });

  route(app, e.captcha, async ({ db }) => ({ result: await newCaptcha(db) }));

  // The card provider (shopping §7 "the card-provider flow"), simulated behind gateways.ts cardProvider.
  // The client token opens its hosted card form: for the session's own cart, or for its own unpaid order.
  route(app, e.clientToken, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    if (!offersCardProvider(session.country)) throw unprocessable('This payment method is not available', 'paymentMethod');
    if (query.orderId !== undefined) {
      const order = await ownedOrder(db, session, query.orderId);
      if (order.status !== 'PENDING_PAYMENT') throw unprocessable('This order is already paid', 'orderId', 'ALREADY_PAID');
    } else {
      const cart = await findCart(db, session);
      const [items] = cart ? await db.query<{ n: number }>('select count(*)::int as n from cart_items where cart_id = $1', [cart.id]) : [];
      if (!items?.n) throw unprocessable('Your cart is empty', undefined, 'EMPTY_CART');
    }
    return { result: { clientToken: `ct_${randomBytes(16).toString('hex')}`, expiresAt: new Date(Date.now() + 15 * 60000).toISOString() } };
  });
  /** The caller's cards saved with the provider (none for a guest); cards of the shop's own gateway are not the provider's. */
  route(app, e.providerSavedCards, async ({ request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    return { result: { cards: (await savedCards(db, session.customer_id, cardProvider.gatewayId)).map(({ bin: _bin, ...card }) => card) } };
  });
  /** Polled by the payment page: each poll advances the provider's pending payment; someone else's answers 404. */
  route(app, e.providerPaymentStatus, async ({ params, query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    if (query.paymentId !== undefined && query.paymentId !== params.paymentRefId) throw notFound('Payment not found');
    const [found] = await db.query<{ order_id: number }>(`select order_id from order_payments where id = $1 and method = 'primer'`, [params.paymentRefId]);
    if (!found) throw notFound('Payment not found');
    const order = await ownedOrder(db, session, found.order_id);
    return db.transaction(async (tx) => {
      await lockForPayment(tx, order.id);
      const [payment] = await tx.query<{ id: string; status: string; card_last4: string | null; polls: number; message: string | null }>(
        'select id, status, card_last4, polls, message from order_payments where id = $1 for update',
        [params.paymentRefId],
      );
      const answer = (status: 'PENDING' | 'SUCCESS' | 'FAILED' | 'CANCELLED', message?: string | null) => ({
        result: { orderId: order.id, paymentId: payment!.id, paymentRefId: payment!.id, status, message: message ?? undefined },
      });
      if (payment!.status !== 'PENDING') return answer(payment!.status as 'SUCCESS', payment!.message);
      const polls = payment!.polls + 1;
      const outcome = cardProvider.outcome(payment!.card_last4 ?? '', polls);
      await tx.query('update order_payments set polls = $2, updated_at = now() where id = $1', [payment!.id, polls]);
      if (outcome.status === 'SUCCESS' && !(await settlePayment(tx, order.id, payment!.id))) return answer('FAILED', orderExpired().message);
      if (outcome.status === 'FAILED') {
        await tx.query(`update order_payments set status = 'FAILED', message = $2, updated_at = now() where id = $1`, [payment!.id, outcome.message]);
        await queuePaymentFailed(tx, order.id, payment!.id, outcome.message);
      }
      return answer(outcome.status, outcome.message);
    });
  });
  route(app, e.juspayStatus, async ({ params, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const order = await ownedOrder(db, session, params.orderId);
    const [payment] = await db.query<{ id: string; status: string; message: string | null }>(
      'select id, status, message from order_payments where order_id = $1 order by created_at desc limit 1',
      [order.id],
    );
    if (!payment) throw notFound('No payment for this order');
    return { result: { orderId: order.id, paymentId: payment.id, status: payment.status as 'SUCCESS', message: payment.message ?? undefined } };
  });
  route(app, e.sdkInitiate, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const order = await ownedOrder(db, session, query.orderId);
    return { result: { requestId: `req_${randomBytes(10).toString('hex')}`, payload: { orderId: order.id, amount: order.total, currency: order.currency } } };
  });

  // QR payments of /checkout/payment/qr/{id}: the code carries a UPI intent for the order.
  route(app, orderEndpoints.qrGenerate, async ({ params, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const order = await ownedOrder(db, session, params.orderId);
    if (order.status !== 'PENDING_PAYMENT') throw unprocessable('This order is already paid', 'orderId');
    return {
      result: {
        orderId: order.id,
        qrCode: `upi://pay?pa=eyewear@upi&pn=Eyewear&tr=${order.id}&am=${order.total}&cu=${order.currency}`,
        amount: order.total,
        currencyCode: order.currency as 'INR',
        expiresAt: new Date(Date.now() + 10 * 60000).toISOString(),
      },
    };
  });
  route(app, orderEndpoints.qrStatus, async ({ params, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const order = await ownedOrder(db, session, params.orderId);
    return db.transaction(async (tx) => {
      await lockForPayment(tx, order.id);
      const [payment] = await tx.query<{ id: string; status: string; polls: number }>(
        `select id, status, polls from order_payments where order_id = $1 and method = 'qr' order by created_at desc limit 1 for update`,
        [order.id],
      );
      if (!payment) throw notFound('No QR payment for this order');
      if (payment.status !== 'PENDING') return { result: { orderId: order.id, paymentId: payment.id, status: payment.status as 'SUCCESS' } };
      const polls = payment.polls + 1;
      const outcome = upiOutcome('qr@upi', polls);
      await tx.query('update order_payments set polls = $2 where id = $1', [payment.id, polls]);
      if (outcome.status === 'SUCCESS' && !(await settlePayment(tx, order.id, payment.id))) {
        return { result: { orderId: order.id, paymentId: payment.id, status: 'FAILED' as const, message: orderExpired().message } };
      }
      return { result: { orderId: order.id, paymentId: payment.id, status: outcome.status, message: outcome.message } };
    });
  });
}
