import { randomBytes } from 'node:crypto';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { areaEndpoints, type PaymentMethod } from '@eyewear/api-client';
import { type CurrencyCode } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { HttpError, notFound } from '../../http/errors';
import { requireSession } from '../../http/session';
import { type Tx } from '../area';
import { ensureCart } from './cart-store';
import { NET_BANKS, OFFERS, type OfferRule } from './config';
import { upiOutcome, vpaValid } from './gateways';
import { claim, complete, hashBody, keyOf, release } from './idempotency';
import { expireUnpaidIn, expireUnpaidOrders, orderExpired } from './order-expiry';
import { orderPlacedWith, ownerOf, placeOrder, settlePayment } from './orders';
import { ownedOrder, presentOrder } from './order-read-model';
import { priceCart, type CartRow } from './pricing';
import { newCaptcha } from './captcha';

const { checkout: checkoutEndpoints, orders: orderEndpoints, savedCards: savedCardEndpoints } = areaEndpoints;
const unprocessable = (message: string, field?: string) => new HttpError(422, message, field, 'UNPROCESSABLE');

const METHODS: PaymentMethod[] = [
  { code: 'cc', label: 'Credit card', enabled: true },
  { code: 'dc', label: 'Debit card', enabled: true },
  { code: 'upi', label: 'UPI', enabled: true, description: 'Approve a collect request in your UPI app' },
  { code: 'nb', label: 'Net banking', enabled: true, banks: NET_BANKS.map(({ code, name }) => ({ code, name })) },
  { code: 'cod', label: 'Cash on delivery', enabled: true },
  { code: 'qr', label: 'Pay by QR code', enabled: true, description: 'Scan the code with any UPI app' },
];

function offerOut(o: OfferRule, currency: CurrencyCode) {
  return {
    offerId: o.offerId,
    title: o.title,
    description: o.description,
    paymentMethod: o.paymentMethod,
    bank: o.bank,
    discountPercent: o.percent,
    minCartValue: o.minCartValue[currency],
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** A status poll takes the order's lock first (as the expiry sweep does) and expires it if its hold ran out. */
async function lockForPayment(tx: Tx, orderId: number) {
  await expireUnpaidIn(tx, orderId);
  await tx.query('select id from orders where id = $1 for update', [orderId]);
}

export function paymentRoutes(app: FastifyInstance, db: Database) {
  const e = checkoutEndpoints;

  route(app, e.pay, async ({ body, request, reply }) => {
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
      return result;
    }
    try {
      const result = { result: await placeOrder(db, session, body, body.orderId === undefined ? key : null) };
      await complete(db, owner, key, 200, result);
      return result;
    } catch (error) {
      const placed = isUniqueViolation(error) ? await orderPlacedWith(db, owner, key) : null;
      if (placed) {
        const result = { result: placed };
        await complete(db, owner, key, 200, result);
        return result;
      }
      if (error instanceof HttpError) {
        await complete(db, owner, key, error.status, { message: error.message, field: error.field, code: error.code });
      } else {
        await release(db, owner, key);
      }
      throw error;
    }
  });

  route(app, e.order, async ({ params, request, reply }) => {
    const session = await requireSession(db, request, reply);
    await expireUnpaidOrders(db, params.orderId);
    return { result: await presentOrder(db, await ownedOrder(db, session, params.orderId)) };
  });

  /** Polled by the payment screen: each poll advances the simulated collect request. */
  route(app, e.upiStatus, async ({ params, request, reply }) => {
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
      }
      return { result: { orderId: order.id, paymentId: payment.id, status: outcome.status, message: outcome.message } };
    });
  });

  route(app, e.validateVpa, async ({ body, request, reply }) => {
    await requireSession(db, request, reply);
    const valid = vpaValid(body.vpa);
    return { result: valid ? { valid, name: 'UPI account holder' } : { valid } };
  });

  // One answer on every path version (shopping §7: v5, v4 or default); each says which served it.
  const methodsOn =
    (version: 'default' | 'v4' | 'v5') =>
    async ({ query, request, reply }: { query: { orderId?: number; paymentMethod?: string[] }; request: FastifyRequest; reply: FastifyReply }) => {
      const session = await requireSession(db, request, reply);
      if (query.orderId !== undefined) await ownedOrder(db, session, query.orderId);
      // India only (shopping §5); elsewhere cards only. The filter's methods come first (default cc,dc).
      const available = session.country === 'in' ? METHODS : METHODS.filter((m) => m.code === 'cc' || m.code === 'dc');
      const first = query.paymentMethod ?? ['cc', 'dc'];
      const offers = OFFERS.filter((o) => o.paymentMethod);
      const methods = [...available]
        .sort((a, b) => Number(!first.includes(a.code)) - Number(!first.includes(b.code)))
        .map((m) => {
          const offer = offers.find((o) => o.paymentMethod === m.code);
          return offer ? { ...m, offerText: offer.title } : m;
        });
      return { result: { methods, version } };
    };
  route(app, e.paymentMethods, methodsOn('default'));
  route(app, e.paymentMethodsV4, methodsOn('v4'));
  route(app, e.paymentMethodsV5, methodsOn('v5'));

  route(app, e.captcha, async () => ({ result: await newCaptcha(db) }));

  route(app, e.cardOffers, async ({ query, request, reply }) => {
    const session = await requireSession(db, request, reply);
    const cart = await ensureCart(db, session);
    const currency = (await priceCart(db, cart)).cart.currencyCode;
    const offers = OFFERS.filter((o) => o.kind === 'card' && o.bins?.some((bin) => query.cardNumber.startsWith(bin)));
    return { result: { offers: offers.map((o) => offerOut(o, currency)) } };
  });

  route(app, e.paymentOffers, async ({ request, reply }) => {
    const session = await requireSession(db, request, reply);
    const cart = await ensureCart(db, session);
    const currency = (await priceCart(db, cart)).cart.currencyCode;
    return { result: { offers: OFFERS.filter((o) => o.kind !== 'cart').map((o) => offerOut(o, currency)) } };
  });

  route(app, e.applyPaymentOffer, async ({ body, request, reply }) => {
    const session = await requireSession(db, request, reply);
    const cart = await ensureCart(db, session);
    const offer = OFFERS.find((o) => o.offerId === body.offerId.toUpperCase() && o.kind !== 'cart');
    if (!offer) throw unprocessable('This offer is not available', 'offerId');
    if (offer.kind === 'card' && !(body.cardBin && offer.bins?.some((bin) => body.cardBin!.startsWith(bin)))) {
      throw unprocessable('This offer is not valid for this card', 'cardBin');
    }
    if (offer.kind === 'payment' && body.paymentMethod !== offer.paymentMethod)
      throw unprocessable('This offer is not valid for this payment method', 'paymentMethod');
    const trial: CartRow = { ...cart, payment_offer_id: offer.offerId };
    const priced = await priceCart(db, trial);
    if (!priced.cart.totals.discounts.some((d) => d.type === 'offer')) {
      throw unprocessable(`Add items worth ${offer.minCartValue[priced.cart.currencyCode]} to use this offer`, 'offerId');
    }
    await db.query('update carts set payment_offer_id = $2, payment_offer_bin = $3, updated_at = now() where id = $1', [
      cart.id,
      offer.offerId,
      body.cardBin ?? null,
    ]);
    return { result: priced.cart };
  });

  // The hosted card-provider and payment-SDK flows run on the same simulated gateway.
  route(app, e.clientToken, async ({ query, request, reply }) => {
    const session = await requireSession(db, request, reply);
    if (query.orderId !== undefined) await ownedOrder(db, session, query.orderId);
    return { result: { clientToken: `ct_${randomBytes(16).toString('hex')}`, expiresAt: new Date(Date.now() + 15 * 60000).toISOString() } };
  });
  route(app, e.providerSavedCards, async ({ request, reply }) => {
    const session = await requireSession(db, request, reply);
    return { result: { cards: (await savedCards(db, session.customer_id)).map(({ bin: _bin, ...card }) => card) } };
  });
  route(app, e.providerPaymentStatus, async ({ params, request, reply }) => {
    const session = await requireSession(db, request, reply);
    const [payment] = await db.query<{ id: string; order_id: number; status: string }>('select id, order_id, status from order_payments where id = $1', [
      params.paymentRefId,
    ]);
    if (!payment) throw notFound('Payment not found');
    await ownedOrder(db, session, payment.order_id);
    return { result: { orderId: payment.order_id, paymentId: payment.id, paymentRefId: payment.id, status: payment.status as 'SUCCESS' } };
  });
  route(app, e.juspayStatus, async ({ params, request, reply }) => {
    const session = await requireSession(db, request, reply);
    const order = await ownedOrder(db, session, params.orderId);
    const [payment] = await db.query<{ id: string; status: string; message: string | null }>(
      'select id, status, message from order_payments where order_id = $1 order by created_at desc limit 1',
      [order.id],
    );
    if (!payment) throw notFound('No payment for this order');
    return { result: { orderId: order.id, paymentId: payment.id, status: payment.status as 'SUCCESS', message: payment.message ?? undefined } };
  });
  route(app, e.sdkInitiate, async ({ query, request, reply }) => {
    const session = await requireSession(db, request, reply);
    const order = await ownedOrder(db, session, query.orderId);
    return { result: { requestId: `req_${randomBytes(10).toString('hex')}`, payload: { orderId: order.id, amount: order.total, currency: order.currency } } };
  });

  // QR payments of /checkout/payment/qr/{id}: the code carries a UPI intent for the order.
  route(app, orderEndpoints.qrGenerate, async ({ params, request, reply }) => {
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
  route(app, orderEndpoints.qrStatus, async ({ params, request, reply }) => {
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

  route(app, savedCardEndpoints.list, async ({ query, request, reply }) => {
    const session = await requireSession(db, request, reply);
    let cards = await savedCards(db, session.customer_id, query.gatewayId);
    if (query.filterByOffer) cards = cards.filter((c) => OFFERS.some((o) => o.kind === 'card' && o.bins?.some((bin) => c.bin.startsWith(bin))));
    return { result: { cards: cards.map(({ bin: _bin, ...card }) => card) } };
  });
  route(app, savedCardEndpoints.remove, async ({ params, query, request, reply }) => {
    const session = await requireSession(db, request, reply);
    if (!session.customer_id) throw notFound('Saved card not found');
    const removed = await db.query('delete from saved_cards where token = $1 and customer_id = $2 and gateway_id = $3 returning token', [
      params.token,
      session.customer_id,
      query.gatewayId,
    ]);
    if (removed.length === 0) throw notFound('Saved card not found');
    return { result: { success: true } };
  });
}

async function savedCards(db: Database, customerId: number | null, gatewayId?: string) {
  if (!customerId) return [];
  const rows = await db.query<{
    token: string;
    gateway_id: string;
    card_type: string;
    last4: string;
    bin: string;
    name_on_card: string;
    expiry_month: number;
    expiry_year: number;
    email: string | null;
  }>(
    `select s.*, c.email from saved_cards s join customers c on c.id = s.customer_id
      where s.customer_id = $1 and ($2::text is null or s.gateway_id = $2) order by s.created_at desc`,
    [customerId, gatewayId ?? null],
  );
  return rows.map((r) => ({
    token: r.token,
    emailId: r.email ?? 'unknown@example.com',
    gatewayId: r.gateway_id,
    cardType: r.card_type as 'visa',
    maskedNumber: `XXXX XXXX XXXX ${r.last4}`,
    nameOnCard: r.name_on_card,
    expiryMonth: r.expiry_month,
    expiryYear: r.expiry_year,
    bin: r.bin,
    offerApplicable: OFFERS.some((o) => o.kind === 'card' && o.bins?.some((b) => r.bin.startsWith(b))),
  }));
}
