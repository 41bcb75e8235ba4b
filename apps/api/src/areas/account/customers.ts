import { type UserInfo } from '@eyewear/api-client';
import { DEFAULT_COUNTRY, isCountryCode } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { notFound } from '../../http/errors';

export interface CustomerRow {
  id: number;
  first_name: string;
  last_name: string | null;
  email: string | null;
  gender: 'male' | 'female' | 'other' | null;
  phone_code: string | null;
  telephone: string | null;
  country: string;
  has_placed_order: boolean;
  is_loyalty: boolean;
  cygnus_id: string | null;
  password_hash: string | null;
  whatsapp_opt_in: boolean | null;
  email_verified: boolean;
  phone_verified: boolean;
}

export async function customerById(db: Pick<Database, 'query'>, id: number): Promise<CustomerRow> {
  const [row] = await db.query<CustomerRow>('select * from customers where id = $1', [id]);
  if (!row) throw notFound('No such customer');
  return row;
}

/**
 * The customer's face profiles (account §3 User info `dittos`): their ditto ids, the default
 * first, then by age.
 */
export async function dittosOf(db: Pick<Database, 'query'>, customerId: number): Promise<string[]> {
  const rows = await db.query<{ ditto_id: string }>('select ditto_id from account_face_profiles where customer_id = $1 order by is_default desc, created_at', [
    customerId,
  ]);
  return rows.map((r) => r.ditto_id);
}

/** `GET /me`'s `dittos` (account §3 User info): a customer's face profiles, or a guest's own (their session's). */
export async function sessionDittos(db: Pick<Database, 'query'>, session: { id: string; customer_id: number | null }): Promise<{ dittos: string[] }> {
  if (session.customer_id !== null) return { dittos: await dittosOf(db, session.customer_id) };
  const rows = await db.query<{ ditto_id: string }>(
    'select ditto_id from account_face_profiles where customer_id is null and session_id = $1 order by is_default desc, created_at',
    [session.id],
  );
  return { dittos: rows.map((r) => r.ditto_id) };
}

/** account §3 User info, as the login answers and the account pages read it. */
export function userInfoOf(row: CustomerRow, dittos: string[] = []): UserInfo {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name ?? '',
    gender: row.gender ?? undefined,
    email: row.email ?? undefined,
    phoneCode: row.phone_code ?? undefined,
    telephone: row.telephone ?? undefined,
    phoneVerified: row.telephone ? row.phone_verified : undefined,
    login: true,
    dittos,
    cygnus: { cygnusId: row.cygnus_id },
    hasPlacedOrder: row.has_placed_order,
    countryCode: isCountryCode(row.country) ? row.country : DEFAULT_COUNTRY,
    isLoyalty: row.is_loyalty,
  };
}
