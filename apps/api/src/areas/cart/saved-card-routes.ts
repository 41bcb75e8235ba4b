import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { requireSession } from '../../http/session';
import { OFFERS } from './config';

/** A customer's saved cards (none for a guest), newest first, with whether a card offer applies to each. */
export async function savedCards(db: Database, customerId: number | null, gatewayId?: string) {
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

/** The saved cards of the checkout: list and remove. */
export function savedCardRoutes(app: FastifyInstance, _db: Database) {
  const e = areaEndpoints.savedCards;

  route(app, e.list, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    let cards = await savedCards(db, session.customer_id, query.gatewayId);
    if (query.filterByOffer) cards = cards.filter((c) => OFFERS.some((o) => o.kind === 'card' && o.bins?.some((bin) => c.bin.startsWith(bin))));
    return { result: { cards: cards.map(({ bin: _bin, ...card }) => card) } };
  });
  route(app, e.remove, async ({ params, query, request, reply, db }) => {
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
