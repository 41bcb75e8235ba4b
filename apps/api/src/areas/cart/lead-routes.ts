import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { isValidMobile } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { checkPincode } from '../../http/pincode';
import { requireSession } from '../../http/session';
import { countInWindow, tooMany, type ThrottleKey } from '../account/throttle';
import { findCart } from './cart-store';

/**
 * Leads (`cart.htoLeads`, `cart.abandonedLeads`) cost a call-centre follow-up each, and the routes are open
 * to guests, so they are throttled like the account area's sends (account/throttle.ts, the shared
 * account_throttle counters): a few leads per mobile number and a bounded number per client
 * address (request.ip) in an hour; over either, 429 with Retry-After and a message.
 */
export const HTO_LEADS_PER_PHONE = 5;
export const HTO_LEADS_PER_CLIENT = 20;
export const HTO_LEADS_WINDOW_SECONDS = 60 * 60;
/** The same number, name and pincode again within this time is the same lead: it is not stored twice. */
export const HTO_LEAD_REPEAT_HOURS = 24;

export const LEADS_WINDOW_SECONDS = HTO_LEADS_WINDOW_SECONDS;

/** The throttle keys of a lead: its contact (a number or an e-mail) and the client address. */
const leadKeys = (kind: 'hto' | 'abandoned', contact: string, address: string): [ThrottleKey, number][] => [
  [{ bucket: kind === 'hto' ? 'hto-lead-phone' : 'abandoned-lead-contact', subject: contact }, HTO_LEADS_PER_PHONE],
  [{ bucket: kind === 'hto' ? 'hto-lead-client' : 'abandoned-lead-client', subject: address || 'unknown' }, HTO_LEADS_PER_CLIENT],
];

/** Leads left from the cart: an abandoned cart's contact, a home try-on request. */
export function leadRoutes(app: FastifyInstance, _db: Database) {
  const e = areaEndpoints.cart;

  route(app, e.abandonedLeads, async ({ body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    if (!body.email && !body.phone) throw badRequest('An email or a phone number is needed', 'email');
    // A lead about the shopper's cart: none is made for it (an empty cart is nothing to follow up).
    const cart = await findCart(db, session);
    const contact = (body.email ?? body.phone ?? '').trim().toLowerCase();
    for (const [key, limit] of leadKeys('abandoned', contact, request.ip)) {
      const { count, secondsLeft } = await countInWindow(db, key, LEADS_WINDOW_SECONDS);
      if (count > limit) throw tooMany('Too many requests were sent.', secondsLeft, body.email ? 'email' : 'phone');
    }
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`abandoned-lead:${contact}`]);
      await tx.query(
        `insert into cart_leads (kind, session_id, cart_id, email, phone, name)
         select 'abandoned', $1::text, $2::integer, $3::text, $4::text, $5::text
          where not exists (
            select 1 from cart_leads where kind = 'abandoned' and cart_id is not distinct from $2::integer
               and email is not distinct from $3::text and phone is not distinct from $4::text
               and created_at > now() - make_interval(hours => $6::integer))`,
        [session.id, cart?.id ?? null, body.email ?? null, body.phone ?? null, body.name ?? null, HTO_LEAD_REPEAT_HOURS],
      );
    });
    return { result: { success: true } };
  });

  route(app, e.htoLeads, async ({ body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    // The lead is about the visit, not the cart: a shopper without one does not get an empty cart.
    const cart = await findCart(db, session);
    const country = cart?.country ?? session.country;
    if (!isValidMobile(country, body.phone)) throw badRequest('Please enter a valid mobile number', 'phone');
    checkPincode(country, body.pincode);
    for (const [key, limit] of leadKeys('hto', body.phone, request.ip)) {
      const { count, secondsLeft } = await countInWindow(db, key, HTO_LEADS_WINDOW_SECONDS);
      if (count > limit) throw tooMany('Too many home try-on requests were sent.', secondsLeft, 'phone');
    }
    const name = body.name?.trim() || null;
    const pincode = body.pincode ?? null;
    await db.transaction(async (tx) => {
      // One writer per number at a time, so two identical submissions racing still make one lead.
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`hto-lead:${body.phone}`]);
      await tx.query(
        `insert into cart_leads (kind, session_id, cart_id, phone, name, pincode)
         select 'hto', $1::text, $2::integer, $3::text, $4::text, $5::text
          where not exists (
            select 1 from cart_leads where kind = 'hto' and phone = $3
               and name is not distinct from $4 and pincode is not distinct from $5
               and created_at > now() - make_interval(hours => $6::integer))`,
        [session.id, cart?.id ?? null, body.phone, name, pincode, HTO_LEAD_REPEAT_HOURS],
      );
    });
    return { result: { success: true } };
  });
}
