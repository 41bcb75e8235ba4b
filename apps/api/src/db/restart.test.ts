import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { generateCatalogue } from '../seed/generate';
import { openDatabase } from './database';
import { migrate } from './migrate';
import { seed } from './seed';

/** What `npm start` does on each start, on the same data folder. */
async function start(dataDir: string) {
  const db = await openDatabase({ dataDir });
  const migrated = await migrate(db);
  const seeded = await seed(db, generateCatalogue());
  const app = await buildApp({ db });
  return { db, app, migrated, seeded };
}

const maybe = process.env.TEST_DATABASE_URL ? describe.skip : describe;

maybe('restarting the API', () => {
  it('keeps its data, and migrations and seed are not applied twice', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'api-data-'));
    try {
      const first = await start(dataDir);
      expect(first.migrated.length).toBeGreaterThan(0);
      expect(first.seeded.applied).toBe(true);
      const session = await first.app.inject({ method: 'POST', url: '/v2/sessions' });
      const cookie = `clientV1_in=${session.cookies.find((c) => c.name === 'clientV1_in')!.value}`;
      const products = await first.db.query<{ n: number }>('select count(*)::int as n from products');
      await first.app.close();
      await first.db.close();

      const second = await start(dataDir);
      expect(second.migrated).toEqual([]);
      expect(second.seeded.applied).toBe(false);
      expect((await second.app.inject({ method: 'GET', url: '/v2/sessions/validate', headers: { cookie } })).statusCode).toBe(200);
      expect(await second.db.query('select count(*)::int as n from products')).toEqual(products);
      await second.app.close();
      await second.db.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
