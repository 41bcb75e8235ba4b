import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { type Database } from '../../db/database';
import { adminOf, cookieHeader, guestSession } from '../../testing/api';

/** Test helpers of the account area: shoppers who register and log in through the real routes. */
export interface Shopper {
  cookie: string;
  customerId: number;
  email: string;
}

let counter = 0;

export async function call(app: FastifyInstance, cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function register(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<Shopper> {
  counter += 1;
  // Taken before any await: registrations made together get different e-mails.
  const email = (overrides.email as string | undefined) ?? `shopper${counter}-${Date.now()}@example.com`;
  const guest = await guestSession(app);
  const response = await app.inject({
    method: 'POST',
    url: '/v2/customers',
    headers: { cookie: guest },
    payload: { firstName: 'Asha', lastName: 'Rao', email, password: 'secret-pass', ...overrides },
  });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { cookie: cookieHeader(response, guest), customerId: response.json().result.user.id, email };
}

/** What the simulated notifiers "sent" to `to`, newest first, read from the admin listener of the test API (GET /outbox). */
export async function outbox(app: FastifyInstance, to: string) {
  const response = await adminOf(app).inject({ method: 'GET', url: `/outbox?to=${encodeURIComponent(to)}` });
  if (response.statusCode !== 200) throw new Error(`outbox failed: ${response.statusCode} ${response.body}`);
  return response.json().result.messages as { code?: string; body: string; channel: string; subject?: string }[];
}

/** The simulated courier moves an order on, driven from the admin listener of the test API (POST /orders/:id/advance). */
export async function advanceOrder(app: FastifyInstance, orderId: number, to: 'CONFIRMED' | 'PACKED' | 'SHIPPED' | 'DELIVERED' = 'DELIVERED') {
  return adminOf(app).inject({ method: 'POST', url: `/orders/${orderId}/advance?to=${to}` });
}

export const jar = (response: LightMyRequestResponse, previous: string) => cookieHeader(response, previous);

/** The photo a face image (face-image.ts: a 300x240 SVG) shows, and its size: what the tests compare with what was uploaded. */
export function photoOfFaceImage(response: LightMyRequestResponse): { width: string; height: string; photo: Buffer } {
  const svg = response.rawPayload.toString();
  const size = /^<svg [^>]*width="(\d+)" height="(\d+)"/.exec(svg);
  const photo = /<image href="data:[^;]+;base64,([^"]+)"/.exec(svg);
  return { width: size?.[1] ?? '', height: size?.[2] ?? '', photo: Buffer.from(photo?.[1] ?? '', 'base64') };
}

/**
 * Writes an order straight into the cart area's tables (041_cart_orders), as checkout would,
 * so after-sales routes are tested without going through payment.
 */
export async function placeOrder(
  db: Pick<Database, 'query'>,
  owner: { customerId?: number | null; sessionId?: string | null; email?: string },
  options: { paymentMethod?: string; items?: { productId?: number; classification?: string; price?: number }[]; status?: string } = {},
) {
  const items = options.items ?? [{}];
  const total = items.reduce((sum, i) => sum + (i.price ?? 1500), 0);
  const method = options.paymentMethod ?? 'cc';
  const [order] = await db.query<{ id: number }>(
    `insert into orders (customer_id, session_id, email, country, currency, status, sub_total, total_discount, total_tax, shipping, total, shipping_address, payment_method, cod_confirmed)
     values ($1, $2, $3, 'in', 'INR', $4, $5, 0, 0, 0, $5, $6, $7, $8) returning id`,
    [
      owner.customerId ?? null,
      owner.sessionId ?? null,
      owner.email ?? 'buyer@example.com',
      options.status ?? 'PLACED',
      total,
      JSON.stringify({
        addressType: 'shipping',
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'buyer@example.com',
        phone: '9812345678',
        addressline1: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postcode: '560038',
        country: 'in',
        floor: 0,
        liftAvailable: false,
      }),
      method,
      method === 'cod' ? false : null,
    ],
  );
  const itemIds: number[] = [];
  for (const item of items) {
    const [row] = await db.query<{ id: number }>(
      `insert into order_items (order_id, product_id, name, sku, brand_name, classification, quantity, unit_price, total, status)
       values ($1, $2, 'Round Classic', 'sku-1', 'House', $3, 1, $4, $4, 'PROCESSING') returning id`,
      [order!.id, item.productId ?? 128001, item.classification ?? 'eyeframe', item.price ?? 1500],
    );
    itemIds.push(row!.id);
    await db.query(`insert into order_status_history (order_id, item_id, status) values ($1, $2, 'PROCESSING')`, [order!.id, row!.id]);
  }
  await db.query(`insert into order_payments (id, order_id, method, amount, currency, status, gateway) values ($1, $2, $3, $4, 'INR', $5, 'sim')`, [
    `pay_${order!.id}`,
    order!.id,
    method,
    total,
    method === 'cod' ? 'PENDING' : 'SUCCESS',
  ]);
  return { orderId: order!.id, itemIds, total };
}
