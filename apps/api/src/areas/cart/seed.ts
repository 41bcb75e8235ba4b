import { type Database } from '../../db/database';
import { insertRows } from '../../db/rows';
import { OFFERS, SEED_GIFT_VOUCHERS, SEED_STORE_CREDITS } from './config';
import { seedPresalesStaff } from './presales';

/** Documented test data: gift vouchers, store credit and offers. Existing balances are kept. */
export async function seedCart(db: Database) {
  await insertRows(
    db,
    'gift_vouchers',
    ['code', 'currency', 'amount', 'balance', 'expires_at'],
    SEED_GIFT_VOUCHERS.map((v) => [v.code, v.currency, v.amount, v.amount, v.expiresAt]),
    'on conflict (code) do nothing',
  );
  await insertRows(
    db,
    'store_credits',
    ['code', 'currency', 'balance', 'expires_at'],
    SEED_STORE_CREDITS.map((c) => [c.code, c.currency, c.balance, c.expiresAt]),
    'on conflict (code) do nothing',
  );
  await insertRows(
    db,
    'offers',
    ['offer_id', 'kind', 'data'],
    OFFERS.map((o) => [o.offerId, o.kind, JSON.stringify(o)]),
    'on conflict (offer_id) do update set kind = excluded.kind, data = excluded.data',
  );
  await seedPresalesStaff(db);
}
