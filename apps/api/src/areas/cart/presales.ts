import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import { requireSession } from '../../http/session';
import { type LoginEvent, type Tx } from '../area';
import { readConfig, type StoreMode } from '../../config';
import { boundedScrypt } from '../account/credentials';
import { SEED_PRESALES_STAFF } from './config';

const e = areaEndpoints.account;
const KEY_LENGTH = 64;
const COST = 16384;
export const PRESALES_LOGIN_FAILED = 'The sales person id or password is wrong';

/** Through the API's bounded scrypt pool (account/credentials.ts), so staff logins cannot starve it either. */
const derive = (password: string, salt: Buffer, cost: number) => boundedScrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: cost });

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${COST}$${salt.toString('base64url')}$${(await derive(password, salt, COST)).toString('base64url')}`;
}

async function passwordMatches(password: string, stored: string | undefined): Promise<boolean> {
  const [scheme, cost, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !hash) {
    // The same work for an unknown id, so it does not answer faster.
    await derive(password, Buffer.from('no-such-salesman'), COST);
    return false;
  }
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(cost));
  const expected = Buffer.from(hash, 'base64url');
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** The sales person signed in on a shopper session, if any. */
export async function presalesOf(db: Tx, sessionId: string) {
  const [row] = await db.query<{ salesman_id: string; name: string; store_code: string | null }>(
    `select s.salesman_id, s.name, s.store_code from presales_sessions ps join presales_staff s on s.salesman_id = ps.salesman_id
      where ps.session_id = $1`,
    [sessionId],
  );
  return row ?? null;
}

/** A customer who logs in while a sales person is signed in keeps them: the presales session moves to the new session. */
export async function keepPresalesOnLogin(tx: Tx, event: LoginEvent): Promise<void> {
  await tx.query('update presales_sessions set session_id = $2 where session_id = $1', [event.previousSessionId, event.sessionId]);
}

/** Sales people whose password is still a documented default one (production mode refuses to start). */
export async function staffWithDefaultPassword(db: Pick<Database, 'query'>): Promise<string[]> {
  const rows = await db.query<{ salesman_id: string; password_hash: string }>('select salesman_id, password_hash from presales_staff order by salesman_id');
  const found: string[] = [];
  for (const row of rows) {
    for (const staff of SEED_PRESALES_STAFF) {
      if (await passwordMatches(staff.password, row.password_hash)) {
        found.push(row.salesman_id);
        break;
      }
    }
  }
  return found;
}

/**
 * Test staff (config SEED_PRESALES_STAFF), hashed once; an existing row keeps its password.
 * Local mode only (STORE_MODE, apps/api/src/config.ts): production staff are created with their
 * own passwords, and production mode refuses to start while one has a default password.
 */
export async function seedPresalesStaff(db: Tx, mode: StoreMode = readConfig().mode) {
  if (mode !== 'local') return;
  for (const staff of SEED_PRESALES_STAFF) {
    const [known] = await db.query('select 1 from presales_staff where salesman_id = $1', [staff.salesmanId]);
    if (known) continue;
    const [store] = await db.query<{ code: string }>(`select code from stores where country = 'in' order by code limit 1`);
    await db.query('insert into presales_staff (salesman_id, name, store_code, password_hash) values ($1, $2, $3, $4) on conflict (salesman_id) do nothing', [
      staff.salesmanId,
      staff.name,
      staff.storeCode ?? store?.code ?? null,
      await hashPassword(staff.password),
    ]);
  }
}

/**
 * Pre-sales (shopping §3 leadSource, §6, §7): a sales person signs in on the shopper's session
 * (dual login); the presales session info says so, and orders placed on it are presales leads.
 */
export function presalesRoutes(app: FastifyInstance, _db: Database) {
  route(app, e.presalesSession, async ({ request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const staff = await presalesOf(db, session.id);
    if (!staff) return { result: { loggedIn: false } };
    return { result: { loggedIn: true, salesmanId: staff.salesman_id, name: staff.name, ...(staff.store_code ? { storeCode: staff.store_code } : {}) } };
  });

  route(app, e.presalesDualLogin, async ({ body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const [staff] = await db.query<{ password_hash: string }>('select password_hash from presales_staff where upper(salesman_id) = upper($1)', [
      body.salesmanId,
    ]);
    if (!(await passwordMatches(body.password, staff?.password_hash))) throw new HttpError(401, PRESALES_LOGIN_FAILED, 'password', 'PRESALES_LOGIN_FAILED');
    await db.query(
      `insert into presales_sessions (session_id, salesman_id, customer_email, customer_phone)
       select $1, salesman_id, $3, $4 from presales_staff where upper(salesman_id) = upper($2)
       on conflict (session_id) do update set salesman_id = excluded.salesman_id, customer_email = excluded.customer_email,
         customer_phone = excluded.customer_phone, created_at = now()`,
      [session.id, body.salesmanId, body.customerEmail ?? null, body.customerTelephone ?? null],
    );
    return { result: { loggedIn: true, leadSource: true } };
  });
}
