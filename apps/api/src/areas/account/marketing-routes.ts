import { type FastifyInstance } from 'fastify';
import { areaEndpoints, type MarketingSubscription } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { notFound, unauthorized } from '../../http/errors';
import { requireSession } from '../../http/session';
import { MESSAGES, requireCustomer } from './auth-routes';
import { customerById } from './customers';

const marketing = areaEndpoints.marketing;

interface MarketingRow {
  email: string | null;
  phone: string | null;
  subscribed: boolean;
  channels: MarketingSubscription['channels'];
  updated_at: Date | string;
}

const present = (row: MarketingRow): MarketingSubscription => ({
  email: row.email ?? undefined,
  phone: row.phone ?? undefined,
  subscribed: row.subscribed,
  channels: row.channels,
  updatedAt: new Date(row.updated_at).toISOString(),
});

/**
 * Marketing subscription (account §7 Auth/account, §3 Marketing): a customer's own record
 * (read and changed when logged in; nobody else's), or a guest's newsletter sign-up by e-mail.
 */
export function marketingRoutes(app: FastifyInstance, _db: Database) {
  route(app, marketing.subscription, async ({ request, db }) => {
    const session = await requireSession(db, request);
    if (session.customer_id === null) throw unauthorized(MESSAGES.needLogin);
    const [row] = await db.query<MarketingRow>('select * from account_marketing where customer_id = $1', [session.customer_id]);
    if (row) return { result: present(row) };
    const [customer] = await db.query<{ email: string | null; telephone: string | null }>('select email, telephone from customers where id = $1', [
      session.customer_id,
    ]);
    return { result: { email: customer?.email ?? undefined, phone: customer?.telephone ?? undefined, subscribed: false, channels: [] } };
  });

  route(app, marketing.subscribe, async ({ body, request, db }) => {
    const session = await requireSession(db, request);
    const channels = body.subscribed ? body.channels : [];
    if (session.customer_id !== null) {
      const [row] = await db.query<MarketingRow>(
        `insert into account_marketing (customer_id, email, phone, subscribed, channels) values ($1, $2, $3, $4, $5)
         on conflict (customer_id) do update set email = excluded.email, phone = excluded.phone, subscribed = excluded.subscribed, channels = excluded.channels, updated_at = now()
         returning *`,
        [session.customer_id, body.email ?? null, body.phone ?? null, body.subscribed, channels],
      );
      return { result: present(row!) };
    }
    // A guest signs an e-mail (or phone) up; the record is not readable without logging in.
    const [existing] = await db.query<{ id: number }>(
      `select id from account_marketing where customer_id is null and ((email is not null and lower(email) = lower($1)) or ($1::text is null and phone = $2))`,
      [body.email ?? null, body.phone ?? null],
    );
    const [row] = existing
      ? await db.query<MarketingRow>(
          'update account_marketing set subscribed = $2, channels = $3, phone = coalesce($4, phone), updated_at = now() where id = $1 returning *',
          [existing.id, body.subscribed, channels, body.phone ?? null],
        )
      : await db.query<MarketingRow>('insert into account_marketing (email, phone, subscribed, channels) values ($1, $2, $3, $4) returning *', [
          body.email ?? null,
          body.phone ?? null,
          body.subscribed,
          channels,
        ]);
    return { result: present(row!) };
  });

  /** Customer info for marketing (account §3 "customer info by customerId"): the caller's own only, else 404. */
  route(app, marketing.customerInfo, async ({ params, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    if (params.customerId !== customerId) throw notFound('No such customer');
    const row = await customerById(db, customerId);
    return {
      result: { customerId, firstName: row.first_name, lastName: row.last_name ?? undefined, hasPlacedOrder: row.has_placed_order, isLoyalty: row.is_loyalty },
    };
  });
}
