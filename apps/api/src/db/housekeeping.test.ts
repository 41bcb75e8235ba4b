import { createTestApi, type TestApi } from '../testing/api';
import { sweepExpired } from './housekeeping';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const count = async (table: string) => (await api.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

/** One row long past keeping and one still in use, per table the sweep looks after. */
async function plant(age: string) {
  const at = `now() - interval '${age}'`;
  const tag = age.replace(/\W/g, '');
  await api.db.query(
    `insert into account_social_requests (state_hash, session_id, provider, nonce, code_verifier, redirect_uri, return_to, country, expires_at)
     values ($1, 's', 'google', 'n', 'v', 'http://x/cb', '/', 'in', ${at})`,
    [`state-${tag}`],
  );
  await api.db.query(
    `insert into account_social_links (session_id, issuer, subject, provider, email, email_verified, first_name, last_name, return_to, expires_at)
     values ('s', 'iss', $1, 'google', 'a@example.com', true, 'A', 'B', '/', ${at})`,
    [`sub-${tag}`],
  );
  await api.db.query(
    `insert into account_contact_codes (session_id, purpose, channel, recipient, value, code_hash, expires_at) values ('s', 'change-email', 'email', 'a@example.com', 'a@example.com', 'h', ${at})`,
  );
  await api.db.query(`insert into account_otps (phone_code, telephone, code_hash, expires_at, created_at) values ('+91', '9876543210', 'h', ${at}, ${at})`);
  await api.db.query(`insert into captchas (id, answer, created_at) values ($1, 'ABCD', ${at})`, [`captcha-${tag}`]);
  await api.db.query(`insert into account_throttle (bucket, subject, count, window_started_at, last_at) values ('login-account', $1, 3, ${at}, ${at})`, [
    `who-${tag}`,
  ]);
  await api.db.query(`insert into upload_quota (subject, day, files, bytes) values ($1, (${at})::date, 1, 10)`, [`session-${tag}`]);
  await api.db.query(`insert into cache_purges (keys, created_at) values ($1::text[], ${at})`, [[`p-${tag}`]]);
}

/** One row long past keeping and one still in use, per table kept longer: keys and reports a week, sessions and guest carts 30 days. */
async function plantLonger(age: string) {
  const at = `now() - interval '${age}'`;
  const tag = age.replace(/\W/g, '');
  await api.db.query(`insert into idempotency_keys (owner, key, request_hash, state, created_at) values ('s:x', $1, 'h', 'done', ${at})`, [`key-${tag}`]);
  await api.db.query(`insert into telemetry_events (received_at, kind, remote, message) values (${at}, 'render', 'catalog', 'boom')`);
  // A session over since `age`, with its guest cart untouched since then.
  await api.db.query(`insert into sessions (id, country, created_at, last_seen_at, expires_at) values ($1, 'in', ${at}, ${at}, ${at})`, [`session-${tag}`]);
  await api.db.query(`insert into carts (session_id, country, created_at, updated_at) values ($1, 'in', ${at}, ${at})`, [`session-${tag}`]);
}

const TABLES = [
  'account_social_requests',
  'account_social_links',
  'account_contact_codes',
  'account_otps',
  'captchas',
  'account_throttle',
  'upload_quota',
  'cache_purges',
];
const LONGER = ['idempotency_keys', 'telemetry_events', 'carts', 'sessions'];

describe('housekeeping', () => {
  it('deletes short-lived rows a day after they stopped mattering, and keeps the ones still in use', async () => {
    await plant('3 days');
    await plant('1 minute');
    const before = await Promise.all(TABLES.map(count));
    const removed = (await sweepExpired(api.db))!;
    for (const [index, table] of TABLES.entries()) {
      expect(removed[table]).toBe(1);
      expect(await count(table)).toBe(before[index]! - 1);
    }
    // A second sweep finds nothing more: what is left is in use.
    expect(Object.values((await sweepExpired(api.db))!).every((n) => n === 0)).toBe(true);
  });

  it('deletes Idempotency-Keys and failure reports after a week, ended sessions and their untouched guest carts after 30 days', async () => {
    await plantLonger('40 days');
    await plantLonger('3 days');
    // A guest cart untouched for 40 days whose session is still live is the guest's: kept.
    await api.db.query(`insert into sessions (id, country, expires_at) values ('live-session', 'in', now() + interval '1 day')`);
    await api.db.query(`insert into carts (session_id, country, updated_at) values ('live-session', 'in', now() - interval '40 days')`);
    const removed = (await sweepExpired(api.db))!;
    expect(Object.fromEntries(LONGER.map((t) => [t, removed[t]]))).toEqual({ idempotency_keys: 1, telemetry_events: 1, carts: 1, sessions: 1 });
    expect(await api.db.query(`select 1 from carts where session_id = 'live-session'`)).toHaveLength(1);
    expect(await api.db.query(`select 1 from sessions where id = 'session-3days'`)).toHaveLength(1);
    // A week-old key goes, a 3-day-old one stays.
    await plantLonger('8 days');
    expect((await sweepExpired(api.db))!).toMatchObject({ idempotency_keys: 1, telemetry_events: 1, carts: 0, sessions: 0 });
  });

  it('deletes a sent message to a customer after 90 days, and keeps one never sent', async () => {
    const plantMessage = async (key: string, status: string, sentAgo: string | null) =>
      api.db.query(
        `insert into customer_messages (event_key, channel, recipient, kind, event, audience, status, sent_at)
         values ($1, 'email', 'a@example.com', 'order-delivered', '{}', '{}', $2, ${sentAgo ? `now() - interval '${sentAgo}'` : 'null'})`,
        [key, status],
      );
    await plantMessage('old-sent', 'SENT', '100 days');
    await plantMessage('recent-sent', 'SENT', '10 days');
    await plantMessage('never-sent', 'QUEUED', null);
    expect((await sweepExpired(api.db))!.customer_messages).toBe(1);
    expect((await api.db.query<{ event_key: string }>('select event_key from customer_messages order by event_key')).map((r) => r.event_key)).toEqual([
      'never-sent',
      'recent-sent',
    ]);
  });

  it('works off a backlog in batches, and one process sweeps at a time', async () => {
    for (let i = 0; i < 5; i += 1)
      await api.db.query(`insert into captchas (id, answer, created_at) values ($1, 'ABCD', now() - interval '3 days')`, [`batch-${i}`]);
    expect((await sweepExpired(api.db, 24, 2))!.captchas).toBe(2);
    expect((await sweepExpired(api.db, 24, 2))!.captchas).toBe(2);
    expect((await sweepExpired(api.db, 24, 2))!.captchas).toBe(1);
    if (process.env.TEST_DATABASE_URL) {
      // Two processes at once (two pools on one server): one sweeps, the other skips.
      const { openDatabase } = await import('./database');
      const other = await openDatabase({ url: process.env.TEST_DATABASE_URL });
      try {
        // While another process holds the sweep, this one skips it (and deletes nothing).
        await api.db.query(`insert into captchas (id, answer, created_at) values ('held', 'ABCD', now() - interval '3 days')`);
        await other.transaction(async (tx) => {
          await tx.query('select pg_advisory_xact_lock(7276)');
          expect(await sweepExpired(api.db)).toBeNull();
        });
        expect(await api.db.query(`select 1 from captchas where id = 'held'`)).toHaveLength(1);
        expect((await sweepExpired(api.db))!.captchas).toBe(1);
      } finally {
        await other.close();
      }
    }
  });

  it('keeps a throttle block that is still running, however old its counter', async () => {
    await api.db.query(
      `insert into account_throttle (bucket, subject, count, window_started_at, last_at, blocked_until) values ('login-address', 'blocked', 30, now() - interval '3 days', now() - interval '3 days', now() + interval '10 minutes')`,
    );
    await sweepExpired(api.db);
    expect(await api.db.query(`select 1 from account_throttle where subject = 'blocked'`)).toHaveLength(1);
  });
});
