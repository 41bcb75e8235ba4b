import { type FastifyInstance } from 'fastify';
import { areaEndpoints, type Address, type AddressInput, type CountryCode } from '@eyewear/api-client';
import { isPincodeOf } from '@eyewear/i18n/rules';

const addressEndpoints = areaEndpoints.addresses;
import { type Database } from '../../db/database';
import { notFound } from '../../http/errors';
import { route } from '../../http/endpoint';
import { checkAddressRule } from '../../http/address';
import { countryOf } from '../../http/session';
import { requireCustomer } from './auth-routes';
import { STATES } from './states';

interface AddressRow {
  id: number;
  is_default: boolean;
  data: Omit<Address, 'addressId' | 'defaultAddress'>;
}

const present = (row: AddressRow): Address => ({ ...row.data, addressId: row.id, defaultAddress: row.is_default });

/**
 * A pincode is serviceable when it is a valid code of the country (POSTCODE_RULES of
 * @eyewear/i18n/rules) that couriers reach: India's 9xxxxx codes (the Army Postal Service) are
 * valid but not served.
 */
export async function pincodeInfo(db: Pick<Database, 'query'>, pincode: string, country: CountryCode) {
  const serviceable = isPincodeOf(country, pincode) && !(country === 'in' && pincode.startsWith('9'));
  // The nearest store sharing the sorting district (first three digits) names the city.
  const [store] = serviceable
    ? await db.query<{ city: string; state: string | null }>(
        `select city, data->>'state' as state from stores where country = $1 and left(pincode, 3) = left($2, 3) order by pincode limit 1`,
        [country, pincode],
      )
    : [];
  return { pincode, serviceable, city: store?.city, state: store?.state ?? undefined };
}

export function addressRoutes(app: FastifyInstance, _db: Database) {
  async function owned(db: Database, customerId: number, addressId: number) {
    const [row] = await db.query<AddressRow>('select id, is_default, data from account_addresses where id = $1 and customer_id = $2', [addressId, customerId]);
    if (!row) throw notFound('No such address');
    return row;
  }

  /** The first address is the default; choosing another default clears the old one; an address already in the book is not added again. */
  async function save(db: Database, customerId: number, input: AddressInput & { defaultAddress?: boolean }, addressId?: number) {
    // The address's own country decides its postcode and state rule (the checkout's); an invalid one is never stored.
    const { defaultAddress, ...data } = checkAddressRule(input);
    return db.transaction(async (tx) => {
      // One customer's address writes queue here, so the check below sees the other's insert.
      await tx.query('select id from customers where id = $1 for update', [customerId]);
      let target = addressId;
      if (!target) {
        // The same address sent again (a double click, a retry whose answer was lost) is the one already kept.
        const [same] = await tx.query<AddressRow>(
          'select id, is_default, data from account_addresses where customer_id = $1 and data = $2::jsonb order by id limit 1',
          [customerId, JSON.stringify(data)],
        );
        if (same && (defaultAddress !== true || same.is_default)) return present(same);
        if (same) target = same.id;
      }
      const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
        'select count(*)::int as count from account_addresses where customer_id = $1 and id <> coalesce($2, 0)',
        [customerId, target ?? null],
      );
      const makeDefault = defaultAddress === true || count === 0;
      if (makeDefault) await tx.query('update account_addresses set is_default = false where customer_id = $1', [customerId]);
      const [row] = target
        ? await tx.query<AddressRow>(
            `update account_addresses set data = $3, is_default = case when $4 then true else is_default end, updated_at = now()
             where id = $1 and customer_id = $2 returning id, is_default, data`,
            [target, customerId, JSON.stringify(data), makeDefault],
          )
        : await tx.query<AddressRow>('insert into account_addresses (customer_id, is_default, data) values ($1, $2, $3) returning id, is_default, data', [
            customerId,
            makeDefault,
            JSON.stringify(data),
          ]);
      return present(row!);
    });
  }

  route(app, addressEndpoints.list, async ({ request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    const rows = await db.query<AddressRow>('select id, is_default, data from account_addresses where customer_id = $1 order by is_default desc, id desc', [
      customerId,
    ]);
    return { result: { addresses: rows.map(present) } };
  });

  route(app, addressEndpoints.create, async ({ body, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    return { result: await save(db, customerId, body) };
  });

  route(app, addressEndpoints.update, async ({ params, body, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    await owned(db, customerId, params.addressId);
    return { result: await save(db, customerId, body, params.addressId) };
  });

  route(app, addressEndpoints.remove, async ({ params, request, db }) => {
    const { customerId } = await requireCustomer(db, request);
    const row = await owned(db, customerId, params.addressId);
    await db.transaction(async (tx) => {
      await tx.query('delete from account_addresses where id = $1 and customer_id = $2', [row.id, customerId]);
      // The newest remaining address takes over as default.
      if (row.is_default) {
        await tx.query(
          `update account_addresses set is_default = true where id = (select id from account_addresses where customer_id = $1 order by id desc limit 1)`,
          [customerId],
        );
      }
    });
    return { result: { addressId: row.id } };
  });

  route(app, addressEndpoints.pincodeCheck, async ({ query, request, db }) => ({
    result: await pincodeInfo(db, query.pincode, query.country ?? countryOf(request)),
  }));

  route(app, addressEndpoints.locationData, async ({ query, request }) => {
    const country: keyof typeof STATES = query.country ?? countryOf(request);
    return { result: { country, states: STATES[country] } };
  });
}
