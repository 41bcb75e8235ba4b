import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { checkPincode } from '../../http/pincode';
import { sessionCart } from './cart-store';

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
    const { session, cart } = await sessionCart(db, request, reply);
    checkPincode(cart.country, body.pincode);
    await db.query('insert into cart_leads (kind, session_id, cart_id, phone, name, pincode) values ($1, $2, $3, $4, $5, $6)', [
      'hto',
      session.id,
      cart.id,
      body.phone,
      body.name ?? null,
      body.pincode ?? null,
    ]);
    return { result: { success: true } };
  });
}
