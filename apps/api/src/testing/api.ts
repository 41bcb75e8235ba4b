import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { buildAdminApp } from '../admin/app';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { sessionIdOf } from '../http/session';
import { diskObjectStore, type ObjectStore } from '../storage';

export interface TestApi {
  app: FastifyInstance;
  /** The admin listener's app (outbox, simulated courier) on the same database; `adminOf(app)` finds it too. */
  admin: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

const admins = new WeakMap<FastifyInstance, FastifyInstance>();

/** The admin app built with a test API (tests read the outbox and drive the courier through it). */
export function adminOf(app: FastifyInstance): FastifyInstance {
  const admin = admins.get(app);
  if (!admin) throw new Error('This app was not built by createTestApi: it has no admin app.');
  return admin;
}

/**
 * A fresh API on a real database: in-memory PGlite by default, or the PostgreSQL server of
 * TEST_DATABASE_URL (the suite's second run, see tools/scripts/test-postgres.mjs), emptied
 * first so every suite starts clean.
 */
export async function createTestApi(options: { seeded?: boolean; objects?: ObjectStore } = {}): Promise<TestApi> {
  const url = process.env.TEST_DATABASE_URL;
  const db = await openDatabase({ url });
  if (url) await db.exec('drop schema if exists pgboss cascade; drop schema public cascade; create schema public;');
  await migrate(db);
  if (options.seeded) {
    const { generateCatalogue } = await import('../seed/generate');
    await seed(db, generateCatalogue());
  }
  return instanceOn(db, options.objects);
}

let testUploads: { store: ObjectStore; folder: string; users: number } | null = null;
/**
 * The upload store of the test APIs of this process that are not given one: a temporary folder,
 * shared by the instances open at once (as one machine's disk is), removed when the last closes.
 */
function testUploadStore(): { store: ObjectStore; release(): void } {
  if (!testUploads) {
    const folder = mkdtempSync(join(tmpdir(), 'eyewear-uploads-'));
    testUploads = { store: diskObjectStore(folder), folder, users: 0 };
  }
  const uploads = testUploads;
  uploads.users += 1;
  return {
    store: uploads.store,
    release() {
      uploads.users -= 1;
      if (uploads.users > 0) return;
      rmSync(uploads.folder, { recursive: true, force: true });
      if (testUploads === uploads) testUploads = null;
    },
  };
}

/** An API (and its admin app) on a database, as one process behind the load balancer builds it. */
async function instanceOn(db: Database, given?: ObjectStore): Promise<TestApi> {
  const uploads = given ? { store: given, release() {} } : testUploadStore();
  const app = await buildApp({ db, objects: uploads.store });
  await app.ready();
  const admin = await buildAdminApp({ db });
  await admin.ready();
  admins.set(app, admin);
  return {
    app,
    admin,
    db,
    async close() {
      await app.close();
      await admin.close();
      await db.close();
      uploads.release();
    },
  };
}

/**
 * A second API instance on the same PostgreSQL server as `first` (TEST_DATABASE_URL): its own
 * connection pool, app and admin app, no migration or emptying: what a second process behind
 * the load balancer is. PGlite is one process's database, so there is none there.
 */
export async function createSecondInstance(): Promise<TestApi> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('A second API instance needs a PostgreSQL server (TEST_DATABASE_URL).');
  return instanceOn(await openDatabase({ url }));
}

/** The cookies an answer set, as a Cookie header for the next request. */
export function cookieHeader(response: LightMyRequestResponse, previous = ''): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name) jar.set(name, rest.join('='));
  }
  for (const cookie of response.cookies) {
    if (cookie.maxAge === 0) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * A built-in captcha from GET /v2/captcha, solved the way a person reads the image: its answer
 * comes from the admin listener of the test API (GET /captchas/:id, docs/adr/042), as `id:answer`.
 */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const { id } = (await app.inject({ method: 'GET', url: '/v2/captcha' })).json().result as { id: string };
  const answer = await adminOf(app).inject({ method: 'GET', url: `/captchas/${id}` });
  if (answer.statusCode !== 200) throw new Error(`captcha answer failed: ${answer.statusCode} ${answer.body}`);
  return `${id}:${(answer.json().result.answer as string).toLowerCase()}`;
}

export async function guestSession(app: FastifyInstance, country = 'in'): Promise<string> {
  const created = await app.inject({ method: 'POST', url: '/v2/sessions', headers: { 'x-country-code': country } });
  return cookieHeader(created);
}

/** The session row id behind a Cookie header (the server stores sessions by a hash of the token). */
export function sessionIdFrom(cookie: string, country = 'in'): string {
  const token = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`clientV1_${country}=`))
    ?.split('=')[1];
  if (!token) throw new Error(`no clientV1_${country} session cookie`);
  return sessionIdOf(decodeURIComponent(token));
}

let customers = 0;

/**
 * A logged-in shopper without the account area's login (which tests of other areas should not
 * depend on): a new customer row bound to a fresh guest session.
 */
export async function customerSession(
  app: FastifyInstance,
  db: Pick<Database, 'query'>,
  customer: { country?: string; firstName?: string; lastName?: string; email?: string; telephone?: string } = {},
): Promise<{ cookie: string; customerId: number }> {
  const country = customer.country ?? 'in';
  customers += 1;
  const cookie = await guestSession(app, country);
  const [row] = await db.query<{ id: number }>(
    'insert into customers (first_name, last_name, email, telephone, country) values ($1, $2, $3, $4, $5) returning id',
    [
      customer.firstName ?? 'Test',
      customer.lastName ?? null,
      customer.email ?? `customer${customers}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      customer.telephone ?? '9876543210',
      country,
    ],
  );
  await db.query('update sessions set customer_id = $1 where id = $2', [row!.id, sessionIdFrom(cookie, country)]);
  return { cookie, customerId: row!.id };
}
