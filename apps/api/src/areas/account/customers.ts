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
    cygnus: row.cygnus_id ? { cygnusId: row.cygnus_id } : undefined,
    hasPlacedOrder: row.has_placed_order,
    countryCode: isCountryCode(row.country) ? row.country : DEFAULT_COUNTRY,
    isLoyalty: row.is_loyalty,
  };
}
