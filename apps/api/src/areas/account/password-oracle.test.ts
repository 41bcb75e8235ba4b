import { cookieHeader, createTestApi, guestSession, type TestApi } from '../../testing/api';
import { LOGIN_FREE_FAILURES_PER_ACCOUNT, LOGIN_FREE_FAILURES_PER_ADDRESS, LOGIN_FREE_FAILURES_PER_DEVICE, PASSWORD_CHECKS_PER_CLIENT } from './throttle';
import { call, outbox, register } from './testing';

/**
 * Issue 40 "The phone/e-mail merge is a password oracle": every path that checks a password
 * (the login, the merge of a phone account into an e-mail account, the password change) counts
 * against the same per-account and per-client limits, sequential or parallel guesses alike.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

let phones = 0;
const nextPhone = () => `96${String(20_000_000 + (phones += 1) * 7919).slice(-8)}`;
let addresses = 0;
const newAddress = () => `203.0.113.${(addresses += 1)}`;

function post(url: string, payload: object, cookie: string, address: string) {
  return api.app.inject({ method: 'POST', url, payload, headers: { cookie }, remoteAddress: address });
}

/** An attacker signed in with their own phone (a code to it), from `address`. */
async function phoneUser(address: string) {
  const telephone = nextPhone();
  const guest = await guestSession(api.app);
  await post('/v2/customers/mobile/otp', { telephone, phoneCode: '+91' }, guest, address);
  const [sms] = await outbox(api.app, `+91 ${telephone}`);
  const login = await post('/v2/customers/mobile/authenticate', { telephone, phoneCode: '+91', code: sms!.code }, guest, address);
  expect(login.statusCode).toBe(200);
  return { telephone, cookie: cookieHeader(login, guest), customerId: login.json().result.user.id as number };
}

const merge = (attacker: { telephone: string; cookie: string }, email: string, password: string, address: string) =>
  post('/v2/customers/mobile/verify-otp', { telephone: attacker.telephone, phoneCode: '+91', email, password }, attacker.cookie, address);

const phoneOf = async (customerId: number) =>
  (await api.db.query<{ telephone: string | null }>('select telephone from customers where id = $1', [customerId]))[0]!.telephone;

describe('a password is checked under the sign-in limits wherever it is checked', () => {
  it('25 wrong passwords through the phone/e-mail merge are stopped with 429 (a captcha first, which the merge cannot give), and the right one then opens nothing', async () => {
    const victim = await register(api.app);
    const address = newAddress();
    const attacker = await phoneUser(address);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) statuses.push((await merge(attacker, victim.email, `guess-${i}`, address)).statusCode);
    expect(statuses.slice(0, LOGIN_FREE_FAILURES_PER_ACCOUNT)).toEqual(Array(LOGIN_FREE_FAILURES_PER_ACCOUNT).fill(400));
    expect(new Set(statuses.slice(LOGIN_FREE_FAILURES_PER_ACCOUNT))).toEqual(new Set([429]));
    const right = await merge(attacker, victim.email, 'secret-pass', newAddress());
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', captchaRequired: true });
    expect(await phoneOf(victim.customerId)).toBeNull();
  });

  it('parallel guesses cannot all be read before one failed, from as many addresses: at most the free tries reach the password', async () => {
    const victim = await register(api.app);
    const attacker = await phoneUser(newAddress());
    // One address each (a botnet): only the account's counter, taken in one statement per try, stops them.
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => merge(attacker, victim.email, i === 24 ? 'secret-pass' : `guess-${i}`, newAddress())),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 400 || s === 200).length).toBeLessThanOrEqual(LOGIN_FREE_FAILURES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25 - LOGIN_FREE_FAILURES_PER_ACCOUNT);
    expect(statuses.every((s) => [200, 400, 429].includes(s))).toBe(true);
  });

  it('the merge and the login share one account counter: wrong passwords on one block the other', async () => {
    const victim = await register(api.app);
    const address = newAddress();
    const attacker = await phoneUser(address);
    for (let i = 0; i < 3; i += 1) expect((await merge(attacker, victim.email, `guess-${i}`, address)).statusCode).toBe(400);
    const guest = await guestSession(api.app);
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT - 3; i += 1)
      expect((await post('/v2/customers/authenticate', { email: victim.email, password: `login-${i}` }, guest, address)).statusCode).toBe(401);
    expect((await post('/v2/customers/authenticate', { email: victim.email, password: 'another' }, guest, address)).statusCode).toBe(429);
    expect((await merge(attacker, victim.email, 'secret-pass', address)).statusCode).toBe(429);
  });

  it('a wrong current password on a password change counts too (on the device that signed in, or the account)', async () => {
    const shopper = await register(api.app);
    const address = newAddress();
    const change = (oldPassword: string) =>
      post('/v2/customers/password/change', { email: shopper.email, oldPassword, newPassword: 'new-secret-pass' }, shopper.cookie, address);
    const first = await change('wrong-1');
    expect(first.statusCode).toBe(400);
    // Within the device's free failures when the route counts this signed-in browser as a known
    // device, the account's otherwise: either way a limit holds it.
    for (let i = 2; i <= Math.max(LOGIN_FREE_FAILURES_PER_ACCOUNT, LOGIN_FREE_FAILURES_PER_DEVICE); i += 1) await change(`wrong-${i}`);
    expect((await change('secret-pass')).statusCode).toBe(429);
  });

  it('a customer who signs in right from a shared address gives the try back: the address is not blocked by customers', async () => {
    const address = newAddress();
    const shoppers = await Promise.all(Array.from({ length: 3 }, () => register(api.app)));
    const guest = await guestSession(api.app);
    for (let round = 0; round < Math.ceil((LOGIN_FREE_FAILURES_PER_ADDRESS + 5) / shoppers.length); round += 1) {
      for (const shopper of shoppers) {
        expect((await post('/v2/customers/authenticate', { email: shopper.email, password: 'secret-pass' }, guest, address)).statusCode).toBe(200);
      }
    }
  });

  it('a flood of logins from one address gets 429 at once, and a real login from elsewhere still goes through', async () => {
    const owner = await register(api.app);
    const flooder = newAddress();
    const guest = await guestSession(api.app);
    const flood = Array.from({ length: 20 }, (_, i) =>
      post('/v2/customers/authenticate', { email: `spray-${i}-${Date.now()}@example.com`, password: 'password1' }, guest, flooder),
    );
    const real = post('/v2/customers/authenticate', { email: owner.email, password: 'secret-pass' }, guest, newAddress());
    const [realAnswer, ...floodAnswers] = await Promise.all([real, ...flood]);
    expect(realAnswer.statusCode).toBe(200);
    const statuses = floodAnswers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20 - PASSWORD_CHECKS_PER_CLIENT);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('the same e-mail registered twice at once (a double submit) is one account and one 409, never a 500', async () => {
    const email = `twice-${Date.now()}@example.com`;
    const guest = await guestSession(api.app);
    const answers = await Promise.all(
      [0, 1, 2].map(() => post('/v2/customers', { firstName: 'Asha', lastName: 'Rao', email, password: 'secret-pass' }, guest, newAddress())),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'EXISTS')).toBe(true);
    expect((await api.db.query('select id from customers where lower(email) = lower($1)', [email])).length).toBe(1);
  });

  it('the merge with the right password still works for the owner, and the phone joins the e-mail account', async () => {
    const owner = await register(api.app);
    const address = newAddress();
    const mobile = await phoneUser(address);
    const merged = await merge(mobile, owner.email, 'secret-pass', address);
    expect(merged.statusCode).toBe(200);
    expect(merged.json().result.user.id).toBe(owner.customerId);
    expect(await phoneOf(owner.customerId)).toBe(mobile.telephone);
    expect((await call(api.app, cookieHeader(merged, mobile.cookie), 'GET', '/me')).json().result).toMatchObject({ login: true, email: owner.email });
  });
});
