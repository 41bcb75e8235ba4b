import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';

export interface TestApi {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

/**
 * A fresh API on a real database: in-memory PGlite by default, or the PostgreSQL server of
 * TEST_DATABASE_URL (the suite's second run, see tools/scripts/test-postgres.mjs), emptied
 * first so every suite starts clean.
 */
export async function createTestApi(options: { seeded?: boolean } = {}): Promise<TestApi> {
  const url = process.env.TEST_DATABASE_URL;
  const db = await openDatabase({ url });
  if (url) await db.exec('drop schema public cascade; create schema public;');
  await migrate(db);
  if (options.seeded) {
    const { generateCatalogue } = await import('../seed/generate');
    await seed(db, generateCatalogue());
  }
  const app = await buildApp({ db });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
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

export async function guestSession(app: FastifyInstance, country = 'in'): Promise<string> {
  const created = await app.inject({ method: 'POST', url: '/v2/sessions', headers: { 'x-country-code': country } });
  return cookieHeader(created);
}
