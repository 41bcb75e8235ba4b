import { seedPresalesStaff } from './areas/cart/presales';
import { configRefusals, readConfig, registerSimulator, SIMULATORS } from './config';
import { createTestApi, type TestApi } from './testing/api';
import { refusalMessage, startupRefusals } from './startup-checks';

/**
 * STORE_MODE (docs/adr/019): local mode (default) runs the simulators and seeds the test
 * staff; production mode refuses to start while a simulator or a default credential is on.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

describe('STORE_MODE', () => {
  it('is local by default, with every provider simulated and the admin listener on port 3001', () => {
    expect(readConfig({})).toEqual({
      mode: 'local',
      adminPort: 3001,
      providers: { sms: 'simulated', email: 'simulated', courier: 'simulated', payments: 'simulated', social: 'simulated', captcha: 'builtin' },
    });
    expect(readConfig({ STORE_MODE: 'Production', ADMIN_PORT: '4321' })).toMatchObject({ mode: 'production', adminPort: 4321 });
  });

  it('lets local mode start with the simulators', async () => {
    expect(configRefusals(readConfig({}), {})).toEqual([]);
    expect(await startupRefusals(readConfig({}), api.db, {})).toEqual([]);
  });

  it('refuses production mode while any simulator is on, naming each one and its variable', () => {
    const reasons = configRefusals(readConfig({ STORE_MODE: 'production' }), {});
    expect(reasons).toEqual([
      'The simulated SMS notifier is on: production mode needs a real one (SMS_PROVIDER).',
      'The simulated e-mail notifier is on: production mode needs a real one (EMAIL_PROVIDER).',
      'The simulated courier is on: production mode needs a real one (COURIER_PROVIDER).',
      'The simulated payment gateway is on: production mode needs a real one (PAYMENT_GATEWAY).',
      'The simulated social identity provider is on: production mode needs a real one (SOCIAL_PROVIDER).',
      'The simulated captcha (built-in images a program can read) is on: production mode needs a real one (CAPTCHA_PROVIDER).',
    ]);
  });

  it('refuses unknown modes and providers that are not built in, in any mode', () => {
    expect(configRefusals(readConfig({ STORE_MODE: 'staging' }), {})).toEqual(['STORE_MODE=staging is not a mode: use local or production.']);
    expect(configRefusals(readConfig({ SMS_PROVIDER: 'twilio' }), {})).toEqual(['SMS_PROVIDER=twilio: no such provider is built in (known: simulated).']);
    expect(configRefusals(readConfig({ ADMIN_PORT: 'abc' }), { ADMIN_PORT: 'abc' })).toEqual(['ADMIN_PORT=abc is not a port.']);
  });

  it('refuses production mode while a sales person keeps the default seed password, and says so with each reason', async () => {
    const production = readConfig({ STORE_MODE: 'production' });
    const reasons = await startupRefusals(production, api.db, {});
    expect(reasons).toContain(
      'Sales person EYE-1001 still has the default password from the local seed: set a new one (presales_staff.password_hash) or remove the account.',
    );
    const message = refusalMessage(production, reasons);
    expect(message.split('\n')[0]).toBe('The API refuses to start in production mode (STORE_MODE):');
    expect(message.split('\n')).toHaveLength(reasons.length + 1);

    // A new password clears that reason.
    const [other] = await api.db.query<{ password_hash: string }>(`select password_hash from presales_staff where salesman_id = 'EYE-1001'`);
    await api.db.query(`update presales_staff set password_hash = 'scrypt$16384$c2FsdA$aGFzaA' where salesman_id = 'EYE-1001'`);
    try {
      expect((await startupRefusals(production, api.db, {})).some((r) => r.includes('EYE-1001'))).toBe(false);
    } finally {
      await api.db.query(`update presales_staff set password_hash = $1 where salesman_id = 'EYE-1001'`, [other!.password_hash]);
    }
  });

  it('takes a captcha provider with its keys; refuses one without them, an unknown one, and a stand-in verify URL in production', () => {
    const keys = { CAPTCHA_SECRET: 'secret', CAPTCHA_SITE_KEY: 'site-key' };
    const turnstile = { STORE_MODE: 'production', CAPTCHA_PROVIDER: 'turnstile', ...keys };
    expect(configRefusals(readConfig(turnstile), turnstile).join()).not.toContain('CAPTCHA');
    expect(configRefusals(readConfig({ CAPTCHA_PROVIDER: 'hcaptcha' }), { CAPTCHA_PROVIDER: 'hcaptcha' })).toEqual([
      'CAPTCHA_PROVIDER=hcaptcha needs CAPTCHA_SECRET and CAPTCHA_SITE_KEY.',
    ]);
    expect(configRefusals(readConfig({ CAPTCHA_PROVIDER: 'svg' }), {})).toEqual([
      'CAPTCHA_PROVIDER=svg: no such provider is built in (known: builtin, turnstile, hcaptcha, recaptcha).',
    ]);
    const standIn = { ...turnstile, CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9999/siteverify' };
    expect(configRefusals(readConfig(standIn), standIn)).toContain(
      'CAPTCHA_VERIFY_URL=http://127.0.0.1:9999/siteverify: production mode checks captchas at the provider (https, not this machine).',
    );
    // Local mode may check against a stand-in (tests do).
    const local = { CAPTCHA_PROVIDER: 'recaptcha', ...keys, CAPTCHA_VERIFY_URL: 'http://127.0.0.1:9999/siteverify' };
    expect(configRefusals(readConfig(local), local)).toEqual([]);
  });

  it('takes simulators other parts register', () => {
    registerSimulator({ name: 'test identity provider', variable: 'TEST_IDP', isOn: (_config, env) => env.TEST_IDP !== 'real' });
    try {
      expect(configRefusals(readConfig({ STORE_MODE: 'production' }), {})).toContain(
        'The simulated test identity provider is on: production mode needs a real one (TEST_IDP).',
      );
      expect(configRefusals(readConfig({ STORE_MODE: 'production' }), { TEST_IDP: 'real' }).join()).not.toContain('TEST_IDP');
    } finally {
      SIMULATORS.splice(
        SIMULATORS.findIndex((s) => s.name === 'test identity provider'),
        1,
      );
    }
  });
});

describe('the documented staff account', () => {
  it('is seeded in local mode only', async () => {
    const production = await createTestApi();
    try {
      await seedPresalesStaff(production.db, 'production');
      expect(await production.db.query('select salesman_id from presales_staff')).toEqual([]);
      await seedPresalesStaff(production.db, 'local');
      expect(await production.db.query('select salesman_id from presales_staff')).toEqual([{ salesman_id: 'EYE-1001' }]);
    } finally {
      await production.close();
    }
  });
});
