import { openDatabase, type Database } from '../db/database';
import { createTestApi, adminOf, type TestApi } from '../testing/api';
import { queueMessage } from '../messages/queue';
import { startWorker, queueScheduledJobs, runDueJobs, listJobs } from './worker';

/**
 * The worker: scheduled jobs once per cluster however many workers ask, a failing job retried
 * and shown to a person, and a real worker sending a queued message.
 */
const quiet = { info: () => undefined, error: () => undefined };
const AUDIENCE = { country: 'in' as const, name: 'Asha', email: 'worker-test@example.com', phone: null, siteUrl: 'http://localhost:4200' };
const EVENT = { kind: 'order-delivered' as const, orderId: 4242, lines: [{ name: 'Round Classic', quantity: 1, amount: 1500 }] };

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  // Generous: the worker polls every half second; a loaded machine may take a while.
  for (let i = 0; i < 120; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const jobsOf = (db: Database, name: string) =>
  db.query<{ state: string }>(`select state::text as state from pgboss.job where name = $1 union all select state::text from pgboss.archive where name = $1`, [
    name,
  ]);

describe('the worker', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it('queues each scheduled job once per slot however many workers ask, and one run does it', async () => {
    const asked = await Promise.all([queueScheduledJobs(api.db), queueScheduledJobs(api.db), queueScheduledJobs(api.db)]);
    expect(asked.flat().sort()).toEqual(['expire-orders', 'sweep']);
    const runs = await Promise.all([runDueJobs(api.db, ['expire-orders', 'sweep']), runDueJobs(api.db, ['expire-orders', 'sweep'])]);
    expect(runs.reduce((sum, run) => sum + run.ran, 0)).toBe(2);
    expect((await jobsOf(api.db, 'sweep')).map((j) => j.state)).toEqual(['completed']);
    // Asked again in the same slot: nothing new.
    expect(await queueScheduledJobs(api.db)).toEqual([]);
  });

  it('retries a failing job and shows it to a person (GET /jobs on the admin listener)', async () => {
    const [id] = await api.db.transaction((tx) => queueMessage(tx, 'worker-test:broken', { ...EVENT, kind: 'no-such-message' } as never, AUDIENCE));
    const run = await runDueJobs(api.db, ['message']);
    expect(run.failed).toBe(1);
    const [row] = await api.db.query<{ status: string; attempts: number; last_error: string | null }>(
      'select status, attempts, last_error from customer_messages where id = $1',
      [id],
    );
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 1 });
    expect(row?.last_error).toBeTruthy();
    // Waiting for its retry (the queue's backoff), listed by state.
    expect((await listJobs(api.db, 'retry')).map((j) => j.data)).toContainEqual({ id });
    const listed = await adminOf(api.app).inject({ method: 'GET', url: '/jobs?state=retry' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().result.jobs.map((j: { queue: string; data: unknown }) => [j.queue, j.data])).toContainEqual(['message', { id }]);
    expect((await adminOf(api.app).inject({ method: 'GET', url: '/jobs?state=lost' })).statusCode).toBe(400);
  });

  it('a running worker sends a queued message and stops cleanly', async () => {
    const worker = await startWorker(api.db, quiet, { pollingIntervalSeconds: 0.5 });
    try {
      const [id] = await api.db.transaction((tx) => queueMessage(tx, 'worker-test:delivered', EVENT, AUDIENCE));
      await until(
        () => api.db.query<{ status: string }>('select status from customer_messages where id = $1', [id]),
        (rows) => rows[0]?.status === 'SENT',
        'the message to be sent',
      );
      const [mail] = await api.db.query<{ body: string }>(`select body from account_outbox where recipient = $1 order by id desc limit 1`, [AUDIENCE.email]);
      expect(mail?.body).toContain('4242');
    } finally {
      await worker.stop();
    }
  });
});

const onServer = process.env.TEST_DATABASE_URL ? describe : describe.skip;
onServer('two worker processes on one PostgreSQL server', () => {
  it('run one scheduled job of a slot once between them', async () => {
    const api = await createTestApi();
    const second = await openDatabase({ url: process.env.TEST_DATABASE_URL });
    const workers = await Promise.all([
      startWorker(api.db, quiet, { pollingIntervalSeconds: 0.5 }),
      startWorker(second, quiet, { pollingIntervalSeconds: 0.5 }),
    ]);
    try {
      const done = await until(
        () => jobsOf(api.db, 'expire-orders'),
        (jobs) => jobs.length > 0 && jobs.every((j) => j.state === 'completed'),
        'the scheduled job to run',
      );
      expect(done).toHaveLength(1);
      expect(await jobsOf(api.db, 'sweep')).toHaveLength(1);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      await second.close();
      await api.close();
    }
  });
});
