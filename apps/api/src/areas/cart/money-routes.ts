import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';

const { cart: cartEndpoints, money: moneyEndpoints } = areaEndpoints;
import { COUNTRIES } from '../../countries';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { HttpError, notFound, unauthorized, unprocessable } from '../../http/errors';
import { requireSession } from '../../http/session';
import { deliver, smsRecipient } from '../account/outbox';
import { spendSms } from '../account/sms-budget';
import { cartAnswer, ensureCart, sessionCart } from './cart-store';
import { OFFERS } from './config';
import { priceCart } from './pricing';
import { recordWrongCode, refuseCodeGuessing } from './code-guesses';

interface VoucherRow {
  code: string;
  currency: string;
  balance: number;
  expires_at: Date | string;
  active: boolean;
}

const failed = (message: string, field: string) => new HttpError(422, message, field, 'VOUCHER_FAILED');

export function moneyRoutes(app: FastifyInstance, _db: Database) {
  /** shopping §8 "Voucher failure: gift voucher amount zeroed; message stored": the failure removes the voucher and keeps its message on the cart. */
  route(app, cartEndpoints.applyGiftVoucher, async ({ body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const cart = await ensureCart(db, session);
    const code = body.code.toUpperCase();
    const currency = COUNTRIES[cart.country].currencyCode;
    await refuseCodeGuessing(db, session.id, request.ip);
    const [voucher] = await db.query<VoucherRow>('select * from gift_vouchers where code = $1', [code]);
    if (!voucher) await recordWrongCode(db, session.id, request.ip);
    const [items] = await db.query<{ n: number }>('select count(*)::int as n from cart_items where cart_id = $1', [cart.id]);
    let problem: string | null = null;
    if (!items?.n) problem = 'Add an item to your cart to use a gift voucher';
    else if (!voucher || !voucher.active) problem = 'This gift voucher code is not valid';
    else if (new Date(voucher.expires_at).getTime() <= Date.now()) problem = 'This gift voucher has expired';
    else if (voucher.currency !== currency) problem = 'This gift voucher cannot be used in this country';
    else if (voucher.balance <= 0) problem = 'This gift voucher has no balance left';
    if (problem) {
      await db.query('update carts set gift_voucher_code = null, voucher_message = $2, updated_at = now() where id = $1', [cart.id, problem]);
      throw failed(problem, 'code');
    }
    await db.query('update carts set gift_voucher_code = $2, voucher_message = null, updated_at = now() where id = $1', [cart.id, code]);
    return cartAnswer(db, cart.id);
  });

  route(app, cartEndpoints.removeGiftVoucher, async ({ params, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const cart = await ensureCart(db, session);
    if (cart.gift_voucher_code !== params.code.toUpperCase()) throw notFound('This gift voucher is not applied');
    await db.query('update carts set gift_voucher_code = null, voucher_message = null, updated_at = now() where id = $1', [cart.id]);
    return cartAnswer(db, cart.id);
  });

  route(app, cartEndpoints.applyStoreCredit, async ({ body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const cart = await ensureCart(db, session);
    const code = body.code.toUpperCase();
    await refuseCodeGuessing(db, session.id, request.ip);
    const [credit] = await db.query<{ customer_id: number | null; currency: string; balance: number; expires_at: Date | string }>(
      'select * from store_credits where code = $1',
      [code],
    );
    let problem: string | null = null;
    // Someone else's credit answers like a missing one.
    if (!credit || (credit.customer_id !== null && credit.customer_id !== session.customer_id)) {
      problem = 'This store credit code is not valid';
      await recordWrongCode(db, session.id, request.ip);
    } else if (new Date(credit.expires_at).getTime() <= Date.now()) problem = 'This store credit has expired';
    else if (credit.currency !== COUNTRIES[cart.country].currencyCode) problem = 'This store credit cannot be used in this country';
    else if (credit.balance <= 0) problem = 'This store credit has no balance left';
    else if (body.amount !== undefined && body.amount > credit.balance) problem = `You can use at most ${credit.balance} of this store credit`;
    if (problem) {
      await db.query('update carts set store_credit_code = null, store_credit_amount = null, store_credit_message = $2 where id = $1', [cart.id, problem]);
      throw failed(problem, 'code');
    }
    await db.query('update carts set store_credit_code = $2, store_credit_amount = $3, store_credit_message = null, updated_at = now() where id = $1', [
      cart.id,
      code,
      body.amount ?? null,
    ]);
    return cartAnswer(db, cart.id);
  });

  route(app, cartEndpoints.removeStoreCredit, async ({ request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const cart = await ensureCart(db, session);
    await db.query('update carts set store_credit_code = null, store_credit_amount = null, store_credit_message = null where id = $1', [cart.id]);
    return cartAnswer(db, cart.id);
  });

  route(app, cartEndpoints.applyOffer, async ({ body, request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    const offer = OFFERS.find((o) => o.offerId === body.offerId.toUpperCase() && o.kind === 'cart');
    if (!offer) throw unprocessable('This offer is not available', 'offerId');
    const priced = await priceCart(db, { ...cart, offer_id: offer.offerId });
    if (priced.cart.implicitAmt <= 0) throw unprocessable(`Add items worth ${offer.minCartValue[priced.cart.currencyCode]} to use this offer`, 'offerId');
    await db.query('update carts set offer_id = $2, updated_at = now() where id = $1', [cart.id, offer.offerId]);
    return cartAnswer(db, cart.id);
  });
  route(app, cartEndpoints.removeOffer, async ({ params, request, reply, db }) => {
    const { cart } = await sessionCart(db, request, reply);
    const id = params.offerId.toUpperCase();
    if (cart.offer_id === id) await db.query('update carts set offer_id = null where id = $1', [cart.id]);
    else if (cart.payment_offer_id === id) await db.query('update carts set payment_offer_id = null, payment_offer_bin = null where id = $1', [cart.id]);
    else throw notFound('This offer is not applied');
    return cartAnswer(db, cart.id);
  });

  route(app, moneyEndpoints.giftVoucher, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    await refuseCodeGuessing(db, session.id, request.ip);
    const [voucher] = await db.query<VoucherRow>('select * from gift_vouchers where code = $1', [query.giftVoucherCode.toUpperCase()]);
    if (!voucher) {
      await recordWrongCode(db, session.id, request.ip);
      throw notFound('This gift voucher code is not valid');
    }
    // The balance is what can still be spent: an expired or withdrawn voucher has none (issue 42:
    // an expired voucher read "Balance ₹500"), and says when it expired.
    const active = voucher.active && new Date(voucher.expires_at).getTime() > Date.now();
    return {
      result: {
        code: voucher.code,
        balance: active ? voucher.balance : 0,
        currencyCode: voucher.currency as 'INR',
        expiresAt: new Date(voucher.expires_at).toISOString(),
        active,
      },
    };
  });

  async function customerOf(db: Database, request: Parameters<typeof requireSession>[1], reply: Parameters<typeof requireSession>[2]) {
    const session = await requireSession(db, request, reply);
    if (!session.customer_id) throw unauthorized('Please sign in to see your store credit');
    return session;
  }

  route(app, moneyEndpoints.storeCredit, async ({ request, reply, db }) => {
    const session = await customerOf(db, request, reply);
    const codes = await db.query<{ code: string; balance: number; expires_at: Date | string; currency: string }>(
      'select code, balance, expires_at, currency from store_credits where customer_id = $1 and currency = $2 order by created_at',
      [session.customer_id, COUNTRIES[session.country].currencyCode],
    );
    const live = codes.filter((c) => new Date(c.expires_at).getTime() > Date.now());
    return {
      result: {
        balance: Math.round(live.reduce((s, c) => s + c.balance, 0) * 100) / 100,
        currencyCode: COUNTRIES[session.country].currencyCode,
        codes: codes.map((c) => ({ code: c.code, balance: c.balance, expiresAt: new Date(c.expires_at).toISOString() })),
      },
    };
  });

  async function entries(db: Database, customerId: number, orderId?: number, page?: number) {
    const rows = await db.query<{ id: number; order_id: number | null; amount: number; reason: string; currency: string; created_at: Date | string }>(
      `select e.*, s.currency from store_credit_entries e join store_credits s on s.code = e.code
        where s.customer_id = $1 and ($2::int is null or e.order_id = $2) order by e.created_at desc, e.id desc
        limit $3 offset $4`,
      [customerId, orderId ?? null, page === undefined ? 1000 : 20, page === undefined ? 0 : page * 20],
    );
    return rows.map((r) => ({
      id: r.id,
      orderId: r.order_id ?? undefined,
      type: r.amount >= 0 ? ('CREDIT' as const) : ('DEBIT' as const),
      amount: Math.abs(r.amount),
      currencyCode: r.currency as 'INR',
      description: r.reason === 'order' ? `Used on order ${r.order_id}` : r.reason === 'refund' ? `Refund of order ${r.order_id}` : 'Store credit issued',
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }

  route(app, moneyEndpoints.storeCreditOrders, async ({ query, request, reply, db }) => {
    const session = await customerOf(db, request, reply);
    const page = query.page ?? 0;
    return { result: { entries: (await entries(db, session.customer_id!, undefined, page)).filter((e) => e.orderId !== undefined), page } };
  });
  route(app, moneyEndpoints.storeCreditHistory, async ({ query, request, reply, db }) => {
    const session = await customerOf(db, request, reply);
    return { result: { entries: await entries(db, session.customer_id!, query.orderId) } };
  });
  /**
   * SMS of the store credit an order earned or spent (codes, balances, expiry) to the
   * customer's mobile, through the account area's SMS notifier (`deliver`, docs/adr/019).
   */
  route(app, moneyEndpoints.storeCreditSms, async ({ query, request, reply, db }) => {
    const session = await customerOf(db, request, reply);
    const [order] = await db.query('select 1 from orders where id = $1 and customer_id = $2', [query.orderId, session.customer_id]);
    if (!order) throw notFound('Order not found');
    const codes = await db.query<{ code: string; balance: number; currency: string; expires_at: Date | string }>(
      `select distinct s.code, s.balance, s.currency, s.expires_at from store_credits s join store_credit_entries e on e.code = s.code
        where s.customer_id = $1 and e.order_id = $2 order by s.code`,
      [session.customer_id, query.orderId],
    );
    if (codes.length === 0) throw notFound('No store credit for this order');
    const [customer] = await db.query<{ phone_code: string | null; telephone: string | null }>('select phone_code, telephone from customers where id = $1', [
      session.customer_id,
    ]);
    if (!customer?.telephone || !customer.phone_code)
      throw new HttpError(422, 'Please add your mobile number to your account to get the SMS.', 'telephone', 'NO_MOBILE');
    const lines = codes.map(
      (c) => `${c.code}: ${c.currency} ${Number(c.balance).toFixed(2)} left, valid till ${new Date(c.expires_at).toISOString().slice(0, 10)}`,
    );
    const to = smsRecipient(customer.phone_code, customer.telephone);
    // The daily SMS budget (per number, account, client address, country: account/sms-budget.ts).
    await spendSms(db, { to, client: request.ip, customerId: session.customer_id });
    await deliver(db, {
      channel: 'sms',
      to,
      body: `Your Eyewear store credit for order ${query.orderId}: ${lines.join('; ')}.`,
    });
    return { result: { success: true, message: 'We have sent the store credit code to your mobile number' } };
  });
}
