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
}

const TABLES = ['account_social_requests', 'account_social_links', 'account_contact_codes', 'account_otps', 'captchas', 'account_throttle', 'upload_quota'];

describe('housekeeping', () => {
  it('deletes short-lived rows a day after they stopped mattering, and keeps the ones still in use', async () => {
    await plant('3 days');
    await plant('1 minute');
    const before = await Promise.all(TABLES.map(count));
    const removed = await sweepExpired(api.db);
    for (const [index, table] of TABLES.entries()) {
      expect(removed[table]).toBe(1);
      expect(await count(table)).toBe(before[index]! - 1);
    }
    // A second sweep finds nothing more: what is left is in use.
    expect(Object.values(await sweepExpired(api.db)).every((n) => n === 0)).toBe(true);
  });

  it('keeps a throttle block that is still running, however old its counter', async () => {
    await api.db.query(
      `insert into account_throttle (bucket, subject, count, window_started_at, last_at, blocked_until) values ('login-address', 'blocked', 30, now() - interval '3 days', now() - interval '3 days', now() + interval '10 minutes')`,
    );
    await sweepExpired(api.db);
    expect(await api.db.query(`select 1 from account_throttle where subject = 'blocked'`)).toHaveLength(1);
  });
});
