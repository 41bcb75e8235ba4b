import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cookieHeader, createTestApi, guestSession, type TestApi } from '../../testing/api';
import {
  SMS_BUDGET_MESSAGES,
  SMS_DAILY_BUDGET_PER_COUNTRY_DEFAULT,
  SMS_PER_ACCOUNT_PER_DAY,
  SMS_PER_CLIENT_PER_DAY,
  SMS_PER_NUMBER_PER_DAY,
  smsCountry,
  smsDailyBudgetPerCountry,
  spendSms,
} from './sms-budget';
import { OTP_NUMBERS_PER_CLIENT } from './throttle';
import { placeOrder, register } from './testing';

/**
 * Issue 40 "SMS pumping": every text message the API sends is taken from one daily budget, per
 * destination number, per account, per client address and per country (sms-budget.ts), counted
 * in one statement per counter so parallel sends cannot pass a cap. Each client address is a
 * `remoteAddress` of Fastify's inject (request.ip).
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

let addresses = 0;
/** A fresh client address, so a test meets only the counter it is about. */
const newAddress = () => `10.${Math.floor((addresses += 1) / 250)}.${addresses % 250}.1`;
let numbers = 0;
/** A fresh Indian mobile number. */
const newNumber = () => `93${String((numbers += 1)).padStart(8, '0')}`;

async function send(method: 'POST' | 'PUT', url: string, payload: object, options: { cookie?: string; address?: string } = {}) {
  const cookie = options.cookie ?? (await guestSession(api.app));
  return api.app.inject({ method, url, payload, headers: { cookie, 'x-country-code': 'in' }, remoteAddress: options.address ?? newAddress() });
}
const sendCode = (telephone: string, options: { cookie?: string; address?: string; phoneCode?: string } = {}) =>
  send('POST', '/v2/customers/mobile/otp', { telephone, phoneCode: options.phoneCode ?? '+91' }, options);

/** Text messages the simulated notifier sent to these recipients (`+91 9...`). */
const smsSentTo = async (...recipients: string[]) =>
  (
    await api.db.query<{ count: number }>(`select count(*)::int as count from account_outbox where channel = 'sms' and recipient = any($1::text[])`, [
      recipients,
    ])
  )[0]!.count;

/** The login-code window of a number passes (5 sends in 15 minutes, a captcha from the third), as if the time had gone by. */
const ageLoginCodes = (where: string, value: string) =>
  api.db.query(`update account_otps set created_at = created_at - interval '61 minutes' where ${where} = $1`, [value]);

const DAY = 24 * 60 * 60;
const expectRefusal = (answer: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, message: string, field?: string) => {
  expect(answer.statusCode).toBe(429);
  expect(answer.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', ...(field ? { field } : {}) });
  expect((answer.json() as { message: string }).message).toMatch(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} Please try again in `));
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(DAY - 120);
  expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(DAY);
};

describe('the SMS budget', () => {
  it('has caps a customer never meets: a few codes a day, a shared address of many customers', () => {
    expect(SMS_PER_NUMBER_PER_DAY).toBeGreaterThanOrEqual(10);
    expect(SMS_PER_ACCOUNT_PER_DAY).toBeGreaterThanOrEqual(10);
    expect(SMS_PER_CLIENT_PER_DAY).toBeGreaterThanOrEqual(10 * OTP_NUMBERS_PER_CLIENT);
    expect(smsDailyBudgetPerCountry({})).toBe(SMS_DAILY_BUDGET_PER_COUNTRY_DEFAULT);
    expect(smsDailyBudgetPerCountry({ SMS_DAILY_BUDGET_PER_COUNTRY: ' 2500 ' })).toBe(2500);
    expect(smsDailyBudgetPerCountry({ SMS_DAILY_BUDGET_PER_COUNTRY: '0' })).toBe(0);
    expect(smsDailyBudgetPerCountry({ SMS_DAILY_BUDGET_PER_COUNTRY: '5k' })).toBe(SMS_DAILY_BUDGET_PER_COUNTRY_DEFAULT);
    expect(smsCountry('+91 9876543210')).toBe('in');
    expect(smsCountry('+971 501234567', 'in')).toBe('ae');
    expect(smsCountry('+44 7700900123', 'in')).toBe('in');
  });

  it(`login codes: ${SMS_PER_NUMBER_PER_DAY} a day to one number from any session and address; then 429 on telephone, nothing sent, the last code still valid`, async () => {
    const telephone = newNumber();
    for (let i = 0; i < SMS_PER_NUMBER_PER_DAY; i += 1) {
      const sent = await sendCode(telephone);
      expect(sent.json()).toEqual({ result: { sent: true, captchaRequired: false } });
      await ageLoginCodes('telephone', telephone);
    }
    const refused = await sendCode(telephone);
    expectRefusal(refused, SMS_BUDGET_MESSAGES.number, 'telephone');
    expect(await smsSentTo(`+91 ${telephone}`)).toBe(SMS_PER_NUMBER_PER_DAY);
    // The refused send replaced nothing: the code sent last still signs in.
    const [last] = await api.db.query<{ code: string }>(`select code from account_outbox where recipient = $1 order by id desc limit 1`, [`+91 ${telephone}`]);
    const guest = await guestSession(api.app);
    const login = await send('POST', '/v2/customers/mobile/authenticate', { telephone, phoneCode: '+91', code: last!.code }, { cookie: guest });
    expect(login.statusCode).toBe(200);
    // Other numbers are not held back.
    expect((await sendCode(newNumber())).statusCode).toBe(200);
  });

  it(`edit-power links: ${SMS_PER_NUMBER_PER_DAY} SMS a day to an order's phone, even when 15 updates arrive at once from 15 addresses`, async () => {
    const telephone = newNumber();
    const email = 'power.pump@example.com';
    const { orderId, itemIds } = await placeOrder(api.db, { email });
    await api.db.query(`update orders set shipping_address = jsonb_set(shipping_address, '{phone}', to_jsonb($2::text)) where id = $1`, [orderId, telephone]);
    const guest = await guestSession(api.app);
    const power = { powerType: 'SINGLE_VISION', right: { sph: '-2.00' }, left: { sph: '-1.75' } };
    const url = `/v2/orders/${orderId}/items/${itemIds[0]}/prescription?email=${email}`;
    const answers = await Promise.all(Array.from({ length: 15 }, () => send('PUT', url, power, { cookie: guest })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SMS_PER_NUMBER_PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15 - SMS_PER_NUMBER_PER_DAY);
    for (const answer of answers.filter((a) => a.statusCode === 200)) expect(answer.json().result.otpRequired).toBe(true);
    expectRefusal(
      answers.find((a) => a.statusCode === 429)!,
      SMS_BUDGET_MESSAGES.number,
    );
    expect(await smsSentTo(`+91 ${telephone}`)).toBe(SMS_PER_NUMBER_PER_DAY);
  });

  it(`change-phone codes: ${SMS_PER_ACCOUNT_PER_DAY} a day per account, however many fresh sign-ins and addresses send them`, async () => {
    const shopper = await register(api.app);
    const sent: string[] = [];
    const statuses: number[] = [];
    let refused;
    for (let signIn = 0; signIn < 4; signIn += 1) {
      const address = newAddress();
      const guest = await guestSession(api.app);
      const login = await send('POST', '/v2/customers/authenticate', { email: shopper.email, password: 'secret-pass' }, { cookie: guest, address });
      expect(login.statusCode).toBe(200);
      const cookie = cookieHeader(login, guest);
      for (let i = 0; i < 5; i += 1) {
        const telephone = newNumber();
        sent.push(`+91 ${telephone}`);
        const answer = await send('POST', '/v2/customers/info', { firstName: 'Asha', telephone, phoneCode: '+91' }, { cookie, address });
        statuses.push(answer.statusCode);
        if (answer.statusCode === 429) refused ??= answer;
      }
    }
    expect(statuses).toEqual([...Array(SMS_PER_ACCOUNT_PER_DAY).fill(200), ...Array(20 - SMS_PER_ACCOUNT_PER_DAY).fill(429)]);
    expectRefusal(refused!, SMS_BUDGET_MESSAGES.account, 'telephone');
    expect(await smsSentTo(...sent)).toBe(SMS_PER_ACCOUNT_PER_DAY);
  });

  it(`change-phone codes sent in parallel from 4 sign-ins of one account: exactly ${SMS_PER_ACCOUNT_PER_DAY} go out`, async () => {
    const shopper = await register(api.app);
    const sessions = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const guest = await guestSession(api.app);
        const address = newAddress();
        const login = await send('POST', '/v2/customers/authenticate', { email: shopper.email, password: 'secret-pass' }, { cookie: guest, address });
        return { cookie: cookieHeader(login, guest), address };
      }),
    );
    const numbersSent = Array.from({ length: 20 }, () => newNumber());
    const answers = await Promise.all(
      numbersSent.map((telephone, i) => send('POST', '/v2/customers/info', { firstName: 'Asha', telephone, phoneCode: '+91' }, sessions[i % 4]!)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(SMS_PER_ACCOUNT_PER_DAY);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
    expect(await smsSentTo(...numbersSent.map((n) => `+91 ${n}`))).toBe(SMS_PER_ACCOUNT_PER_DAY);
  });

  it(`fresh sessions from one address: ${SMS_PER_CLIENT_PER_DAY} login codes a day, past the hourly cap across numbers; another address still sends`, async () => {
    const address = newAddress();
    const sent: string[] = [];
    for (let i = 0; i < SMS_PER_CLIENT_PER_DAY; i += 1) {
      const telephone = newNumber();
      sent.push(`+91 ${telephone}`);
      expect((await sendCode(telephone, { address })).statusCode).toBe(200);
      // An hour goes by after each OTP_NUMBERS_PER_CLIENT numbers: the hourly cap across numbers lets the address go on.
      if ((i + 1) % OTP_NUMBERS_PER_CLIENT === 0) await ageLoginCodes('client_address', address);
    }
    const telephone = newNumber();
    expectRefusal(await sendCode(telephone, { address }), SMS_BUDGET_MESSAGES.client, 'telephone');
    expect(await smsSentTo(...sent, `+91 ${telephone}`)).toBe(SMS_PER_CLIENT_PER_DAY);
    expect((await sendCode(telephone, { address: newAddress() })).statusCode).toBe(200);
  });

  it('a pumping spread over many numbers and addresses stops at the country budget (SMS_DAILY_BUDGET_PER_COUNTRY); other countries keep theirs', async () => {
    const [today] = await api.db.query<{ count: number }>(`select count from account_throttle where bucket = 'sms-country' and subject = 'in'`);
    const before = process.env.SMS_DAILY_BUDGET_PER_COUNTRY;
    process.env.SMS_DAILY_BUDGET_PER_COUNTRY = String((today?.count ?? 0) + 5);
    try {
      const pumped = Array.from({ length: 12 }, () => newNumber());
      const answers = await Promise.all(pumped.map((telephone) => sendCode(telephone)));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
      expectRefusal(
        answers.find((a) => a.statusCode === 429)!,
        SMS_BUDGET_MESSAGES.country,
        'telephone',
      );
      expect(await smsSentTo(...pumped.map((n) => `+91 ${n}`))).toBe(5);
      // A refused send took nothing from the other counters: the number and the address still send elsewhere.
      expect((await sendCode('501234567', { phoneCode: '+971' })).statusCode).toBe(200);
      expect(await smsSentTo('+971 501234567')).toBe(1);
      const [numberCount] = await api.db.query<{ count: number }>(`select count from account_throttle where bucket = 'sms-number' and subject = $1`, [
        `+91 ${pumped[answers.findIndex((a) => a.statusCode === 429)]}`,
      ]);
      expect(numberCount?.count ?? 0).toBe(0);
    } finally {
      if (before === undefined) delete process.env.SMS_DAILY_BUDGET_PER_COUNTRY;
      else process.env.SMS_DAILY_BUDGET_PER_COUNTRY = before;
    }
  });

  it("a customer's order messages take from the country's budget only: the number's own day stays for its sign-in codes", async () => {
    const telephone = newNumber();
    const to = `+91 ${telephone}`;
    const countryBefore = await api.db.query<{ count: number }>(`select count from account_throttle where bucket = 'sms-country' and subject = 'in'`);
    for (let i = 0; i < SMS_PER_NUMBER_PER_DAY + 2; i += 1) await spendSms(api.db, { to, client: 'worker', transactional: true });
    const countryAfter = await api.db.query<{ count: number }>(`select count from account_throttle where bucket = 'sms-country' and subject = 'in'`);
    expect((countryAfter[0]?.count ?? 0) - (countryBefore[0]?.count ?? 0)).toBe(SMS_PER_NUMBER_PER_DAY + 2);
    expect(await api.db.query(`select 1 from account_throttle where bucket in ('sms-number', 'sms-client') and subject in ($1, 'worker')`, [to])).toEqual([]);
    expect((await sendCode(telephone)).statusCode).toBe(200);
  });

  it('every SMS the API sends is taken from the budget (a sender without `spendSms` fails this test)', () => {
    const root = join(__dirname, '..', '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push(join(dir, entry.name));
      }
    };
    walk(root);
    const senders = files.filter((file) => /channel: 'sms'/.test(readFileSync(file, 'utf8')) && !/notifiers|outbox\.ts|contact-codes\.ts/.test(file));
    expect(senders.length).toBeGreaterThanOrEqual(4);
    for (const file of senders) {
      const text = readFileSync(file, 'utf8');
      expect({ file, budgeted: /spendSms\(|sendContactCode\(/.test(text) }).toEqual({ file, budgeted: true });
    }
    expect(readFileSync(join(root, 'areas/account/contact-codes.ts'), 'utf8')).toMatch(/if \(input\.channel === 'sms'\) await spendSms\(/);
  });
});
