import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Database } from '../../db/database';
import { requireSession, type SessionRow } from '../../http/session';
import { type LoginEvent, type Tx } from '../area';
import { linesOf, priceCart, type CartRow, type LineRow } from './pricing';

/** A cart belongs to the customer when logged in, else to the guest session. */
export async function findCart(tx: Tx, session: Pick<SessionRow, 'id' | 'customer_id'>, lock = false): Promise<CartRow | null> {
  const [row] = session.customer_id
    ? await tx.query<CartRow>(`select * from carts where customer_id = $1${lock ? ' for update' : ''}`, [session.customer_id])
    : await tx.query<CartRow>(`select * from carts where session_id = $1${lock ? ' for update' : ''}`, [session.id]);
  return row ?? null;
}

export async function ensureCart(tx: Tx, session: Pick<SessionRow, 'id' | 'customer_id' | 'country'>): Promise<CartRow> {
  const found = await findCart(tx, session);
  if (found) return found;
  const [row] = session.customer_id
    ? await tx.query<CartRow>(
        `insert into carts (customer_id, country) values ($1, $2)
         on conflict (customer_id) where customer_id is not null do update set updated_at = now() returning *`,
        [session.customer_id, session.country],
      )
    : await tx.query<CartRow>(
        `insert into carts (session_id, country) values ($1, $2)
         on conflict (session_id) where session_id is not null do update set updated_at = now() returning *`,
        [session.id, session.country],
      );
  return row!;
}

/** The session of a request (401 without one) and its cart, made on first use. */
export async function sessionCart(db: Database, request: FastifyRequest, reply: FastifyReply): Promise<{ session: SessionRow; cart: CartRow }> {
  const session = await requireSession(db, request, reply);
  return { session, cart: await ensureCart(db, session) };
}

/** The answer of a cart call: the cart as it is now, read again after a change, priced. */
export async function cartAnswer(db: Tx, cartId: number) {
  const [cart] = await db.query<CartRow>('select * from carts where id = $1', [cartId]);
  return { result: (await priceCart(db, cart!)).cart };
}

/**
 * The session's cart with its lines in one query (GET /v2/carts, the cart most read): the
 * lines as JSON beside the row, in the order loadLines reads them.
 */
export async function cartWithLines(tx: Tx, session: Pick<SessionRow, 'id' | 'customer_id'>): Promise<{ cart: CartRow; lines: LineRow[] } | null> {
  const owner = session.customer_id ? 'c.customer_id = $1' : 'c.session_id = $1';
  const [row] = await tx.query<CartRow & { lines: LineRow[] }>(
    `select c.*, (select coalesce(json_agg(l order by l.id), '[]'::json) from (${linesOf('c.id', 'c.country')}) l) as lines
       from carts c where ${owner}`,
    [session.customer_id ?? session.id],
  );
  if (!row) return null;
  const { lines, ...cart } = row;
  return { cart: cart as CartRow, lines };
}

/** The header badge: units in the session's cart (one query: /me is on every page). */
export async function cartCount(db: Database, session: SessionRow): Promise<{ cartCount: number }> {
  const [row] = session.customer_id
    ? await db.query<{ n: number }>(
        'select coalesce(sum(ci.quantity), 0)::int as n from carts c join cart_items ci on ci.cart_id = c.id where c.customer_id = $1',
        [session.customer_id],
      )
    : await db.query<{ n: number }>(
        'select coalesce(sum(ci.quantity), 0)::int as n from carts c join cart_items ci on ci.cart_id = c.id where c.session_id = $1',
        [session.id],
      );
  return { cartCount: row?.n ?? 0 };
}

/**
 * Runs inside the login transaction: the guest cart's items move into the customer's cart
 * (identical lines add up their quantities), its vouchers and choices fill what the customer's
 * cart has not set, and the guest cart is deleted. Nothing the guest added is lost.
 */
export async function mergeGuestCart(tx: Tx, event: LoginEvent): Promise<void> {
  const [guest] = await tx.query<CartRow>('select * from carts where session_id = $1 for update', [event.previousSessionId]);
  if (!guest) return;
  const [existing] = await tx.query<CartRow>('select * from carts where customer_id = $1 for update', [event.customerId]);
  if (!existing) {
    await tx.query('update carts set session_id = null, customer_id = $2, updated_at = now() where id = $1', [guest.id, event.customerId]);
    return;
  }
  const items = await tx.query<{ id: number }>('select id from cart_items where cart_id = $1 order by id', [guest.id]);
  for (const { id } of items) {
    const [same] = await tx.query<{ id: number }>(
      `select t.id from cart_items t join cart_items g on g.id = $1
        where t.cart_id = $2 and t.product_id = g.product_id
          and t.package_id is not distinct from g.package_id and t.coating_id is not distinct from g.coating_id
          and t.power_type is not distinct from g.power_type and t.subscription_id is not distinct from g.subscription_id
          and t.prescription::text is not distinct from g.prescription::text and t.power_later = g.power_later
        limit 1`,
      [id, existing.id],
    );
    if (same) {
      await tx.query('update cart_items set quantity = quantity + (select quantity from cart_items where id = $1) where id = $2', [id, same.id]);
      await tx.query('delete from cart_items where id = $1', [id]);
    } else {
      await tx.query('update cart_items set cart_id = $2 where id = $1', [id, existing.id]);
    }
  }
  await tx.query(
    `update carts c set
        gift_voucher_code = coalesce(c.gift_voucher_code, g.gift_voucher_code),
        store_credit_code = coalesce(c.store_credit_code, g.store_credit_code),
        store_credit_amount = case when c.store_credit_code is null then g.store_credit_amount else c.store_credit_amount end,
        offer_id = coalesce(c.offer_id, g.offer_id),
        payment_offer_id = coalesce(c.payment_offer_id, g.payment_offer_id),
        payment_offer_bin = coalesce(c.payment_offer_bin, g.payment_offer_bin),
        delivery_option = coalesce(c.delivery_option, g.delivery_option),
        delivery_pincode = coalesce(c.delivery_pincode, g.delivery_pincode),
        shipping_address = coalesce(g.shipping_address, c.shipping_address),
        exchange_order_id = case when c.exchange_item_id is null then g.exchange_order_id else c.exchange_order_id end,
        exchange_item_id = coalesce(c.exchange_item_id, g.exchange_item_id),
        updated_at = now()
       from carts g where c.id = $1 and g.id = $2`,
    [existing.id, guest.id],
  );
  await tx.query('delete from carts where id = $1', [guest.id]);
}
