import { type FastifyInstance } from 'fastify';
import { coreEndpoints, type CurrentUser } from '@eyewear/api-client';
import { type AreaHooks } from '../areas/area';
import { type Database } from '../db/database';
import { HAS_PLACED_ORDER_SECONDS, syncLoginCookies } from '../areas/account/login';
import { setCookie } from '../http/cookies';
import { route } from '../http/endpoint';
import { requireSession } from '../http/session';

interface CustomerRow {
  id: number;
  first_name: string;
  last_name: string | null;
  email: string | null;
  gender: string | null;
  phone_code: string | null;
  telephone: string | null;
  phone_verified: boolean;
  has_placed_order: boolean;
  is_loyalty: boolean;
  cygnus_id: string | null;
}

export function meRoutes(app: FastifyInstance, rootDb: Database, hooks: AreaHooks) {
  route(app, coreEndpoints.me, async ({ request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const guest: CurrentUser = {
      id: null,
      login: false,
      firstName: null,
      lastName: null,
      email: null,
      gender: null,
      phoneCode: null,
      telephone: null,
      countryCode: session.country,
      hasPlacedOrder: false,
      isLoyalty: false,
      dittos: [],
      cygnus: { cygnusId: null },
      // Counted by the areas that own them (cart, wishlist); 0 where no area counts.
      cartCount: 0,
      wishlistCount: 0,
    };
    for (const count of hooks.counts) Object.assign(guest, await count(db, session));
    const [customer] = session.customer_id === null ? [] : await db.query<CustomerRow>('select * from customers where id = $1', [session.customer_id]);
    // The login markers follow what this answer says (issue 42: isLogined=1 outlived its session).
    syncLoginCookies(request, reply, Boolean(customer));
    if (!customer) return { result: guest };
    // The readable marker the product calls send as X-Customer-Type (REPEAT or NEW), written at
    // login and kept in step here: a first order makes a customer a repeat one at once.
    setCookie(request, reply, 'hasPlacedOrder', String(customer.has_placed_order), { maxAgeSeconds: HAS_PLACED_ORDER_SECONDS, httpOnly: false });
    return {
      result: {
        ...guest,
        id: customer.id,
        login: true,
        firstName: customer.first_name,
        lastName: customer.last_name,
        email: customer.email,
        gender: customer.gender,
        phoneCode: customer.phone_code,
        telephone: customer.telephone,
        ...(customer.telephone ? { phoneVerified: customer.phone_verified } : {}),
        hasPlacedOrder: customer.has_placed_order,
        isLoyalty: customer.is_loyalty,
        cygnus: { cygnusId: customer.cygnus_id },
      },
    };
  });
}
