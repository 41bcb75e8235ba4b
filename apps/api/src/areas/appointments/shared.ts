import { isValidMobile } from '@eyewear/i18n/rules';
import { badRequest } from '../../http/errors';
import { type Country, type SessionRow } from '../../http/session';

/** The rows a session may see: its own, or its customer's from any session. */
export const OWNED = '(session_id = $1 or (customer_id is not null and customer_id = $2))';
export const ownerParams = (session: SessionRow) => [session.id, session.customer_id];

/** A mobile of the site's country (MOBILE_RULES, account.md §5). */
export function checkPhone(country: Country, phone: string, field: string) {
  if (!isValidMobile(country, phone)) throw badRequest('Please enter a valid mobile number', field);
}

export function newAppointmentId(prefix: string): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export const isoDate = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
export const isoDateTime = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();
