import { type FastifyInstance } from 'fastify';
import { type Database } from '../../db/database';
import { customerSession as sharedCustomerSession } from '../../testing/api';

export const ADDRESS = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  addressline1: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  postcode: '560001',
  country: 'in',
};

export { sessionIdFrom } from '../../testing/api';

/** A logged-in shopper without the account area's login (the shared helper of testing/api.ts). */
export const customerSession = (app: FastifyInstance, db: Database, email?: string) => sharedCustomerSession(app, db, { email });

/** A United Arab Emirates address (the card provider's countries). */
export const AE_ADDRESS = {
  firstName: 'Omar',
  lastName: 'Haddad',
  email: 'omar@example.com',
  phone: '501234567',
  addressline1: '1 Marina Walk',
  city: 'Dubai',
  state: 'Dubai',
  postcode: '00000',
  country: 'ae',
};

/** A shopper of one country's site (India by default), calling with its session cookie. */
export function client(app: FastifyInstance, cookie: string, country = 'in') {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.inject({
      method,
      url,
      payload: payload as never,
      headers: { cookie, 'x-country-code': country, ...headers },
    });
    // Answers are read loosely in tests: each assertion names the fields it checks.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.statusCode, body: response.json() as any, headers: response.headers };
  };
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) => call('POST', url, payload, headers),
    put: (url: string, headers?: Record<string, string>) => call('PUT', url, undefined, headers),
    del: (url: string, headers?: Record<string, string>) => call('DELETE', url, undefined, headers),
  };
}

/** A card the simulated gateway approves. */
export const CARD = { number: '4111111111111111', nameOnCard: 'Asha Rao', expiryMonth: 12, expiryYear: 2099, cvv: '123' };

let payments = 0;
/** A shopper (as `client`) who pays with a fresh Idempotency-Key unless given one, as the store's client sends one per action. */
export function payingClient(app: FastifyInstance, cookie: string, country = 'in') {
  const c = client(app, cookie, country);
  return { ...c, pay: (body: unknown, key = `pay-${Date.now()}-${(payments += 1)}`) => c.post('/v2/orders/payment', body, { 'idempotency-key': key }) };
}

/** Seeded products by what a test needs: in stock, house brand, price. */
export async function pickProducts(db: Database) {
  const rows = await db.query<{
    id: number;
    stock: number;
    classification: string;
    house: boolean;
    brand: string;
    selling_price: number;
    market_price: number;
  }>(
    `select p.id, p.stock, p.classification, b.house, b.name as brand, pp.selling_price, pp.market_price
       from products p join brands b on b.id = p.brand_id join product_prices pp on pp.product_id = p.id and pp.country = 'in'
      order by p.id`,
  );
  const frame = (house: boolean) => rows.find((r) => r.classification === 'eyeframe' && r.house === house && r.stock > 5 && r.selling_price >= 1500)!;
  return {
    houseFrame: frame(true),
    otherFrame: frame(false),
    otherFrame2: rows.filter((r) => r.classification === 'eyeframe' && !r.house && r.stock > 5 && r.selling_price >= 1500)[1]!,
    outOfStock: rows.find((r) => r.stock === 0)!,
    lastOne: rows.find((r) => r.stock === 1 && r.classification !== 'loyalty_services')!,
    gold: rows.find((r) => r.id === 128269)!,
    all: rows,
  };
}
