import { type FastifyInstance } from 'fastify';
import { areaEndpoints, type Prescription } from '@eyewear/api-client';
import { isCountryCode, MOBILE_RULES } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { route } from '../../http/endpoint';
import { requireSession, type SessionRow } from '../../http/session';
import { CANCELLABLE_ITEM } from './after-sales-rules';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from './auth-routes';
import { oneTimeCode, sha256, takeCodeTry } from './credentials';
import { itemsOf, ownedOrder, type OrderRow } from './order-data';
import { deliver, smsRecipient } from './outbox';
import { spendSms } from './sms-budget';

const prescriptions = areaEndpoints.prescriptions;

export const POWER_MESSAGES = {
  noOtp: 'Please request a new code.',
  wrongCode: 'The code you entered is incorrect.',
  expiredCode: 'The code has expired. Please update the power again.',
  tooManyTries: 'Too many wrong attempts. Please update the power again.',
} as const;

const ownsBySession = (order: OrderRow, session: SessionRow) =>
  (order.customer_id !== null && order.customer_id === session.customer_id) || (order.customer_id === null && order.session_id === session.id);

/** An order item's prescription: read, updated (at once, or held until the order's code confirms it). */
export function itemRoutes(app: FastifyInstance, _db: Database) {
  route(app, prescriptions.itemPrescription, async ({ params, query, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId, query);
    const [item] = await db.query<{ prescription: unknown }>('select prescription from order_items where id = $1 and order_id = $2', [params.itemId, order.id]);
    if (!item) throw notFound('Order item not found');
    return { result: (item.prescription ?? null) as never };
  });

  /**
   * The shopper's own order: applied at once. Proved only by the order's e-mail (a link from an
   * e-mail or SMS): held until the code sent to the order's phone is confirmed (PUT .../otp).
   */
  route(app, prescriptions.updateItemPrescription, async ({ params, query, body, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId, query);
    const item = (await itemsOf(db, order.id)).find((i) => i.id === params.itemId);
    if (!item) throw notFound('Order item not found');
    if (!CANCELLABLE_ITEM.has(item.status)) throw conflict('This item has already been shipped; its power cannot change.');
    const customer =
      session.customer_id !== null ? await db.query<{ first_name: string }>('select first_name from customers where id = $1', [session.customer_id]) : [];
    const prescription = { ...body, powerUpdatedBy: customer[0]?.first_name || 'customer' } as Prescription;
    if (ownsBySession(order, session)) {
      await db.query('update order_items set prescription = $2 where id = $1', [item.id, JSON.stringify(prescription)]);
      return { result: prescription };
    }
    const phone = order.shipping_address.phone;
    const rule = isCountryCode(order.country) ? MOBILE_RULES[order.country] : undefined;
    if (!phone || !rule) throw conflict('This order has no phone number to confirm the change with.');
    const recipient = smsRecipient(rule.phoneCode, phone);
    // The daily SMS budget (per number, account, client address, country: sms-budget.ts); refused, nothing is held or sent.
    await spendSms(db, { to: recipient, client: request.ip, customerId: session.customer_id, country: order.country });
    const code = oneTimeCode();
    await db.transaction(async (tx) => {
      await tx.query('update account_order_otps set consumed_at = now() where order_id = $1 and consumed_at is null', [order.id]);
      await tx.query(
        `insert into account_order_otps (order_id, item_id, prescription, recipient, code_hash, expires_at) values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
        [order.id, item.id, JSON.stringify(prescription), recipient, sha256(`order${order.id}:${code}`), OTP_TTL_MINUTES],
      );
      await deliver(tx, {
        channel: 'sms',
        to: recipient,
        body: `${code} is your code to confirm the power update of order ${order.id}. It is valid for ${OTP_TTL_MINUTES} minutes.`,
        code,
      });
    });
    return { result: { ...prescription, otpRequired: true } };
  });

  /** Confirms a held power update with the code sent to the order's phone (single use, 5 minutes, 5 tries). */
  route(app, prescriptions.otp, async ({ params, query, request, db }) => {
    const session = await requireSession(db, request);
    const order = await ownedOrder(db, session, params.orderId, query.email ? { email: query.email } : {});
    const [otp] = await db.query<{ id: number; item_id: number; prescription: Prescription; code_hash: string; attempts: number; expired: boolean }>(
      `select id, item_id, prescription, code_hash, attempts, expires_at <= now() as expired from account_order_otps
        where order_id = $1 and consumed_at is null order by id desc limit 1`,
      [order.id],
    );
    if (!otp) throw badRequest(POWER_MESSAGES.noOtp, 'value');
    if (otp.attempts >= OTP_MAX_ATTEMPTS) throw new HttpError(429, POWER_MESSAGES.tooManyTries, 'value', 'OTP_LOCKED');
    if (otp.expired) throw badRequest(POWER_MESSAGES.expiredCode, 'value');
    const tries = await takeCodeTry(db, 'account_order_otps', otp.id, OTP_MAX_ATTEMPTS);
    if (tries === null) throw new HttpError(429, POWER_MESSAGES.tooManyTries, 'value', 'OTP_LOCKED');
    if (otp.code_hash !== sha256(`order${order.id}:${query.value}`)) {
      if (tries >= OTP_MAX_ATTEMPTS) throw new HttpError(429, POWER_MESSAGES.tooManyTries, 'value', 'OTP_LOCKED');
      throw badRequest(POWER_MESSAGES.wrongCode, 'value');
    }
    await db.transaction(async (tx) => {
      const used = await tx.query('update account_order_otps set consumed_at = now() where id = $1 and consumed_at is null returning id', [otp.id]);
      if (used.length === 0) throw badRequest(POWER_MESSAGES.noOtp, 'value');
      const [item] = await tx.query<{ status: string }>('select status from order_items where id = $1 for update', [otp.item_id]);
      if (!item || !CANCELLABLE_ITEM.has(item.status)) throw conflict('This item has already been shipped; its power cannot change.');
      await tx.query('update order_items set prescription = $2 where id = $1', [otp.item_id, JSON.stringify(otp.prescription)]);
    });
    return { result: { success: true } };
  });
}
