import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { WISHLIST_MAX } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { countryOf, ownerOf, requireSession } from '../../http/session';
import { type AreaHooks } from '../area';
import { addToWishlist, moveGuestWishlist, wishlistAnswer } from './wishlist';

const { catalogue } = areaEndpoints;

/** The wishlist, per guest session or per customer; its count on /me; the guest's moved to the customer at login. */
export function wishlistRoutes(app: FastifyInstance, rootDb: Database, hooks: AreaHooks) {
  route(app, catalogue.wishlist, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    return wishlistAnswer(db, ownerOf(session), countryOf(request), query.attributes === true);
  });
  route(app, catalogue.wishlistAdd, async ({ body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    await addToWishlist(db, ownerOf(session), body.productId);
    return wishlistAnswer(db, ownerOf(session), countryOf(request), true);
  });
  route(app, catalogue.wishlistRemove, async ({ params, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const removed = await db.query('delete from wishlist_items where owner = $1 and product_id = $2 returning product_id', [
      ownerOf(session),
      params.productId,
    ]);
    if (removed.length === 0) throw notFound(`Product ${params.productId} is not in your wishlist`);
    return wishlistAnswer(db, ownerOf(session), countryOf(request), true);
  });
  route(app, catalogue.wishlistClear, async ({ request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    await db.query('delete from wishlist_items where owner = $1', [ownerOf(session)]);
    return wishlistAnswer(db, ownerOf(session), countryOf(request), true);
  });
  hooks.counts.push(async (database, session) => {
    const [row] = await database.query<{ n: number }>('select count(*)::int as n from wishlist_items where owner = $1', [ownerOf(session)]);
    return { wishlistCount: Math.min(row?.n ?? 0, WISHLIST_MAX) };
  });
  hooks.afterLogin.push((tx, event) => moveGuestWishlist(tx, event.previousSessionId, event.customerId));
}
