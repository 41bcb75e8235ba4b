import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { isValidMobile } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { checkPincode } from '../../http/pincode';
import { requireSession } from '../../http/session';
import { countInWindow, tooMany, type ThrottleKey } from '../account/throttle';
import { findCart, sessionCart } from './cart-store';

/**
 * Home try-on leads (`cart.htoLeads`) cost a call-centre follow-up each, and the route is open
 * to guests, so it is throttled like the account area's sends (account/throttle.ts, the shared
 * account_throttle counters): a few leads per mobile number and a bounded number per client
 * address (request.ip) in an hour; over either, 429 with Retry-After and a message.
 */
export const HTO_LEADS_PER_PHONE = 5;
export const HTO_LEADS_PER_CLIENT = 20;
export const HTO_LEADS_WINDOW_SECONDS = 60 * 60;
/** The same number, name and pincode again within this time is the same lead: it is not stored twice. */
export const HTO_LEAD_REPEAT_HOURS = 24;

const htoLeadKeys = (phone: string, address: string): [ThrottleKey, number][] => [
  [{ bucket: 'hto-lead-phone', subject: phone }, HTO_LEADS_PER_PHONE],
  [{ bucket: 'hto-lead-client', subject: address || 'unknown' }, HTO_LEADS_PER_CLIENT],
];

/** Leads left from the cart: an abandoned cart's contact, a home try-on request. */
export function leadRoutes(app: FastifyInstance, db: Database) {
  const e = areaEndpoints.cart;

  route(app, e.abandonedLeads, async ({ body, request, reply }) => {
    const { session, cart } = await sessionCart(db, request, reply);
    if (!body.email && !body.phone) throw badRequest('An email or a phone number is needed', 'email');
    await db.query('insert into cart_leads (kind, session_id, cart_id, email, phone, name) values ($1, $2, $3, $4, $5, $6)', [
      'abandoned',
      session.id,
      cart.id,
      body.email ?? null,
      body.phone ?? null,
      body.name ?? null,
    ]);
    return { result: { success: true } };
  });

  route(app, e.htoLeads, async ({ body, request, reply }) => {
    const session = await requireSession(db, request, reply);
    // The lead is about the visit, not the cart: a shopper without one does not get an empty cart.
    const cart = await findCart(db, session);
    const country = cart?.country ?? session.country;
    if (!isValidMobile(country, body.phone)) throw badRequest('Please enter a valid mobile number', 'phone');
    checkPincode(country, body.pincode);
    for (const [key, limit] of htoLeadKeys(body.phone, request.ip)) {
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
