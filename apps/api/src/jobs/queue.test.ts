import { openDatabase, type Database } from '../db/database';
import { enqueue, installJobQueue, jobQueueRefusals, QUEUE_NAMES } from './queue';

/** A bare database (PGlite, or the suite's PostgreSQL server emptied) with the queue installed. */
async function queueDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const db = await openDatabase({ url });
  if (url) await db.exec('drop schema if exists pgboss cascade; drop schema public cascade; create schema public;');
  return db;
}

const jobs = (db: Database, name: string) =>
  db.query<{ id: string; data: { n?: number }; singleton_on: Date | null }>(
    `select id, data, singleton_on from pgboss.job where name = $1 order by created_on`,
    [name],
  );

describe('the job queue', () => {
  let db: Database;
  beforeAll(async () => {
    db = await queueDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('is refused before it is installed, then installs with every queue, and installing again changes nothing', async () => {
    expect((await jobQueueRefusals(db)).join(' ')).toMatch(/not installed.*migrate/);
    await installJobQueue(db);
    await installJobQueue(db);
    expect(await jobQueueRefusals(db)).toEqual([]);
    const queues = await db.query<{ name: string; retry_limit: number }>('select name, retry_limit from pgboss.queue order by name');
    expect(queues.map((q) => q.name).sort()).toEqual([...QUEUE_NAMES].sort());
    expect(queues.find((q) => q.name === 'message')?.retry_limit).toBe(8);
  });

  it('queues a job with the transaction that asks for it: none when it rolls back, one when it commits', async () => {
    const before = (await jobs(db, 'message')).length;
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, 'message', { n: 1 });
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await jobs(db, 'message')).toHaveLength(before);
    await db.transaction((tx) => enqueue(tx, 'message', { n: 2 }));
    const after = await jobs(db, 'message');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.data).toEqual({ n: 2 });
  });

  it('queues a scheduled slot once, however many callers ask at once', async () => {
    const ids = await Promise.all(Array.from({ length: 5 }, () => enqueue(db, 'sweep', {}, { singletonKey: 'sweep', singletonSeconds: 3600 })));
    expect(ids.filter(Boolean)).toHaveLength(1);
    expect(await jobs(db, 'sweep')).toHaveLength(1);
  });
});
