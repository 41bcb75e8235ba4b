import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { LOGIN_FREE_FAILURES_PER_ACCOUNT } from '../account/throttle';
import { register } from '../account/testing';
import { checkCaptcha, PROVIDER_MESSAGES, readCaptchaConfig, siteverify, UNAVAILABLE_RETRY_SECONDS, type CaptchaConfig } from './captcha';

/**
 * Issue 40 "a captcha a program cannot read, for real" (docs/adr/042): in provider mode every
 * captcha is checked by the provider's siteverify, here a real HTTP server on loopback standing in
 * for Turnstile, hCaptcha or reCAPTCHA (no mock of fetch): what we post, which verdicts pass, and
 * what a shopper gets when the provider cannot be reached (a 429 with a body, never a 5xx).
 */
interface Seen {
  path: string;
  contentType: string;
  form: Record<string, string>;
}

/** A stand-in provider: tokens `good-*` pass once (then `timeout-or-duplicate`), others as named. */
function fakeProvider() {
  const seen: Seen[] = [];
  const used = new Set<string>();
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      seen.push({ path: request.url ?? '', contentType: String(request.headers['content-type'] ?? ''), form });
      const token = form.response ?? '';
      const json = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (form.secret !== 'test-secret') return json(200, { success: false, 'error-codes': ['invalid-input-secret'] });
      if (token === 'boom') return json(500, { error: 'internal' });
      if (token === 'garbage') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      if (token === 'low-score') return json(200, { success: true, score: 0.1 });
      if (token.startsWith('good-')) {
        if (used.has(token)) return json(200, { success: false, 'error-codes': ['timeout-or-duplicate'] });
        used.add(token);
        return json(200, { success: true, hostname: 'localhost' });
      }
      return json(200, { success: false, 'error-codes': ['invalid-input-response'] });
    });
  });
  return {
    seen,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A URL where nothing listens (a server started, then stopped). */
async function deadUrl() {
  const dead = fakeProvider();
  const url = await dead.start();
  await dead.close();
  return url;
}

const provider = fakeProvider();
let url: string;
let tokens = 0;
const goodToken = () => `good-${(tokens += 1)}`;
const config = (overrides: Partial<CaptchaConfig> = {}): CaptchaConfig => ({
  provider: 'turnstile',
  secret: 'test-secret',
  siteKey: 'test-site-key',
  verifyUrl: url,
  ...overrides,
});

beforeAll(async () => {
  url = await provider.start();
});
afterAll(() => provider.close());

describe('siteverify against a stand-in provider', () => {
  it('posts secret, token and the client address as a form, and passes a good token once', async () => {
    const token = goodToken();
    expect(await siteverify(config(), token, '203.0.113.7')).toBe('passed');
    expect(provider.seen.at(-1)).toEqual({
      path: '/siteverify',
      contentType: 'application/x-www-form-urlencoded',
      form: { secret: 'test-secret', response: token, remoteip: '203.0.113.7' },
    });
    // Providers take a token once.
    expect(await siteverify(config(), token, '203.0.113.7')).toBe('failed');
  });

  it('sends hCaptcha our site key too', async () => {
    await siteverify(config({ provider: 'hcaptcha' }), goodToken());
    expect(provider.seen.at(-1)!.form).toMatchObject({ sitekey: 'test-site-key' });
  });

  it('fails a wrong token and a low reCAPTCHA score', async () => {
    expect(await siteverify(config(), 'made-up-token')).toBe('failed');
    expect(await siteverify(config({ provider: 'recaptcha' }), 'low-score')).toBe('failed');
  });

  it('calls a provider that errs, answers no JSON, refuses our secret or cannot be reached unavailable, not failed', async () => {
    expect(await siteverify(config(), 'boom')).toBe('unavailable');
    expect(await siteverify(config(), 'garbage')).toBe('unavailable');
    expect(await siteverify(config({ secret: 'wrong-secret' }), goodToken())).toBe('unavailable');
    expect(await siteverify(config({ verifyUrl: await deadUrl() }), goodToken())).toBe('unavailable');
  });

  it('knows each provider by name, and its real siteverify URL unless CAPTCHA_VERIFY_URL says otherwise', () => {
    const keys = { CAPTCHA_SECRET: 's', CAPTCHA_SITE_KEY: 'k' };
    expect(readCaptchaConfig({})).toMatchObject({ provider: 'builtin' });
    expect(readCaptchaConfig({ CAPTCHA_PROVIDER: 'turnstile', ...keys }).verifyUrl).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(readCaptchaConfig({ CAPTCHA_PROVIDER: 'hcaptcha', ...keys }).verifyUrl).toBe('https://api.hcaptcha.com/siteverify');
    expect(readCaptchaConfig({ CAPTCHA_PROVIDER: 'recaptcha', ...keys }).verifyUrl).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(readCaptchaConfig({ CAPTCHA_PROVIDER: 'Turnstile', ...keys, CAPTCHA_VERIFY_URL: url })).toEqual({
      provider: 'turnstile',
      secret: 's',
      siteKey: 'k',
      verifyUrl: url,
    });
  });
});

describe('every captcha of the API goes through the provider in provider mode', () => {
  let api: TestApi;
  const saved: Record<string, string | undefined> = {};
  const ENV = { CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SECRET: 'test-secret', CAPTCHA_SITE_KEY: 'test-site-key' };
  beforeAll(async () => {
    api = await createTestApi();
    for (const [name, value] of Object.entries({ ...ENV, CAPTCHA_VERIFY_URL: url })) {
      saved[name] = process.env[name];
      process.env[name] = value;
    }
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await api.close();
  });

  const login = (cookie: string, email: string, password: string, address: string, captcha?: string) =>
    api.app.inject({
      method: 'POST',
      url: '/v2/customers/authenticate',
      headers: { cookie },
      remoteAddress: address,
      payload: { email, password, ...(captcha ? { captcha } : {}) },
    });

  it('GET /v2/captcha names the provider and our site key for its widget, and makes no image', async () => {
    const answer = await api.app.inject({ method: 'GET', url: '/v2/captcha' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result).toEqual({ provider: 'turnstile', siteKey: 'test-site-key' });
    expect(await api.db.query('select 1 from captchas')).toEqual([]);
  });

  it('a password try past the free failures passes only with a token the provider accepts, sent with the client address', async () => {
    const shopper = await register(api.app);
    const stranger = await guestSession(api.app);
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT; i += 1)
      expect((await login(stranger, shopper.email, `wrong-${i}`, '198.51.100.70')).statusCode).toBe(401);
    const asked = await login(stranger, shopper.email, 'secret-pass', '198.51.100.71');
    expect(asked.statusCode).toBe(429);
    expect(asked.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', field: 'captcha', captchaRequired: true });

    const refused = await login(stranger, shopper.email, 'secret-pass', '198.51.100.71', 'made-up-token');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', field: 'captcha', message: PROVIDER_MESSAGES.wrong });

    const token = goodToken();
    const passed = await login(stranger, shopper.email, 'secret-pass', '198.51.100.72', token);
    expect(passed.statusCode).toBe(200);
    expect(provider.seen.at(-1)!.form).toEqual({ secret: 'test-secret', response: token, remoteip: '198.51.100.72' });
  });

  it('the provider down: a clear 429 with Retry-After and a body, never a 5xx; the password is not read', async () => {
    const shopper = await register(api.app);
    const stranger = await guestSession(api.app);
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT; i += 1) await login(stranger, shopper.email, `wrong-${i}`, '198.51.100.80');
    const tries = async () =>
      (
        await api.db.query<{ count: number }>(`select count from account_throttle where bucket = 'login-account' and subject = $1`, [
          shopper.email.toLowerCase(),
        ])
      )[0]?.count;
    const before = await tries();
    process.env.CAPTCHA_VERIFY_URL = await deadUrl();
    try {
      const down = await login(stranger, shopper.email, 'secret-pass', '198.51.100.81', goodToken());
      expect(down.statusCode).toBe(429);
      expect(down.headers['retry-after']).toBe(String(UNAVAILABLE_RETRY_SECONDS));
      expect(down.json()).toMatchObject({ code: 'CAPTCHA_UNAVAILABLE', field: 'captcha', message: PROVIDER_MESSAGES.unavailable });
      expect(await tries()).toBe(before);
      const otp = await api.app.inject({
        method: 'POST',
        url: '/v2/customers/mobile/otp',
        headers: { cookie: stranger },
        payload: { telephone: '9833300001', phoneCode: '+91' },
      });
      expect(otp.statusCode).toBeLessThan(500);
      await expect(checkCaptcha(api.db, goodToken())).rejects.toMatchObject({ status: 429, code: 'CAPTCHA_UNAVAILABLE' });
    } finally {
      process.env.CAPTCHA_VERIFY_URL = url;
    }
    // Back up: the same stranger gets in with a token and the right password.
    expect((await login(stranger, shopper.email, 'secret-pass', '198.51.100.81', goodToken())).statusCode).toBe(200);
  });

  it('the third code send takes a provider token (and refuses a made-up one)', async () => {
    const guest = await guestSession(api.app);
    const send = (captcha?: string) =>
      api.app.inject({
        method: 'POST',
        url: '/v2/customers/mobile/otp',
        headers: { cookie: guest },
        payload: { telephone: '9833300002', phoneCode: '+91', ...(captcha ? { captcha } : {}) },
      });
    await send();
    await send();
    expect((await send()).json().result).toEqual({ sent: false, captchaRequired: true });
    const wrong = await send('made-up-token');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'captcha' });
    const token = goodToken();
    expect((await send(token)).json().result).toMatchObject({ sent: true });
    expect(provider.seen.at(-1)!.form).toMatchObject({ secret: 'test-secret', response: token });
  });

  it('cash on delivery checks its captcha with the provider too (the same adapter, with the client address)', async () => {
    const token = goodToken();
    await expect(checkCaptcha(api.db, token, { remoteIp: '198.51.100.90' })).resolves.toBeUndefined();
    expect(provider.seen.at(-1)!.form).toEqual({ secret: 'test-secret', response: token, remoteip: '198.51.100.90' });
    await expect(checkCaptcha(api.db, token)).rejects.toMatchObject({ status: 400, field: 'captcha' });
    await expect(checkCaptcha(api.db, undefined)).rejects.toMatchObject({ status: 400, field: 'captcha', message: PROVIDER_MESSAGES.missing });
  });
});
