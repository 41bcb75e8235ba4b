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
      uploads: { store: 'disk', dir: '.data/api/uploads', diskShared: false, s3: { bucket: '', prefix: '', forcePathStyle: false } },
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
      // And the default upload store, a folder on this machine (docs/adr/044).
      "UPLOADS_STORE=disk keeps uploads on this machine's disk (.data/api/uploads), which other replicas cannot read and a replaced pod loses: production mode keeps them in a bucket (UPLOADS_STORE=s3 with UPLOADS_S3_BUCKET), or set UPLOADS_DISK_SHARED=true if UPLOADS_DIR is a volume every replica mounts.",
    ]);
  });

  it('refuses unknown modes and providers that are not built in, in any mode', () => {
    expect(configRefusals(readConfig({ STORE_MODE: 'staging' }), {})).toEqual(['STORE_MODE=staging is not a mode: use local or production.']);
    expect(configRefusals(readConfig({ SMS_PROVIDER: 'twilio' }), {})).toEqual(['SMS_PROVIDER=twilio: no such provider is built in (known: simulated).']);
    expect(configRefusals(readConfig({ EMAIL_PROVIDER: 'smtp' }), {})).toEqual([
      'EMAIL_PROVIDER=smtp needs SMTP_URL (the server, smtps://user:password@host:465) and SMTP_FROM (the sender).',
    ]);
    expect(
      configRefusals(readConfig({ EMAIL_PROVIDER: 'smtp' }), { SMTP_URL: 'smtps://u:p@mail.example:465', SMTP_FROM: 'Eyewear <orders@eyewear.example>' }),
    ).toEqual([]);
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

describe('the upload store (UPLOADS_STORE, docs/adr/044)', () => {
  const productionReady = {
    STORE_MODE: 'production',
    SMS_PROVIDER: 'x',
    EMAIL_PROVIDER: 'x',
    COURIER_PROVIDER: 'x',
    PAYMENT_GATEWAY: 'x',
    SOCIAL_PROVIDER: 'x',
    CAPTCHA_PROVIDER: 'x',
  };
  const uploadReasons = (env: Record<string, string>) => configRefusals(readConfig(env), env).filter((reason) => reason.includes('UPLOADS_'));

  it('is files on disk by default (UPLOADS_DIR, else DATA_DIR/uploads), or a bucket read with the S3 settings', () => {
    expect(readConfig({ DATA_DIR: '/var/lib/eyewear-api' }).uploads.dir).toBe('/var/lib/eyewear-api/uploads');
    expect(readConfig({ DATA_DIR: '/var/lib/eyewear-api', UPLOADS_DIR: '/mnt/uploads' }).uploads.dir).toBe('/mnt/uploads');
    expect(
      readConfig({
        UPLOADS_STORE: 'S3',
        UPLOADS_S3_BUCKET: 'eyewear-uploads',
        UPLOADS_S3_PREFIX: '/prod/',
        UPLOADS_S3_REGION: 'ap-south-1',
        UPLOADS_S3_ENDPOINT: 'http://minio.storage:9000',
      }).uploads,
    ).toMatchObject({
      store: 's3',
      s3: { bucket: 'eyewear-uploads', prefix: 'prod', region: 'ap-south-1', endpoint: 'http://minio.storage:9000', forcePathStyle: true },
    });
    // AWS itself: virtual-hosted addressing unless asked otherwise.
    expect(readConfig({ UPLOADS_STORE: 's3', UPLOADS_S3_BUCKET: 'b' }).uploads.s3.forcePathStyle).toBe(false);
    expect(readConfig({ UPLOADS_STORE: 's3', UPLOADS_S3_BUCKET: 'b', UPLOADS_S3_FORCE_PATH_STYLE: 'true' }).uploads.s3.forcePathStyle).toBe(true);
    expect(uploadReasons({ UPLOADS_STORE: 's3', UPLOADS_S3_BUCKET: 'b' })).toEqual([]);
  });

  it('refuses an unknown store, a bucket store without its bucket, and a bad prefix or endpoint, in any mode', () => {
    expect(uploadReasons({ UPLOADS_STORE: 'ftp' })).toEqual(['UPLOADS_STORE=ftp: no such upload store is built in (known: disk, s3).']);
    expect(uploadReasons({ UPLOADS_STORE: 's3' })).toEqual(['UPLOADS_STORE=s3 needs UPLOADS_S3_BUCKET (the private bucket uploads are kept in).']);
    expect(uploadReasons({ UPLOADS_STORE: 's3', UPLOADS_S3_BUCKET: 'b', UPLOADS_S3_PREFIX: 'a/../b', UPLOADS_S3_ENDPOINT: 'minio:9000' })).toEqual([
      "UPLOADS_S3_PREFIX=a/../b is not a key prefix: letters, digits, '.', '_' and '-', in segments joined by '/'.",
      'UPLOADS_S3_ENDPOINT=minio:9000 is not an http(s) URL.',
    ]);
  });

  it("refuses a disk store in production mode (a pod's disk is neither shared by the replicas nor kept), unless it is a shared volume", () => {
    expect(uploadReasons({ ...productionReady, DATA_DIR: '/var/lib/eyewear-api' })).toEqual([
      "UPLOADS_STORE=disk keeps uploads on this machine's disk (/var/lib/eyewear-api/uploads), which other replicas cannot read and a replaced pod loses: production mode keeps them in a bucket (UPLOADS_STORE=s3 with UPLOADS_S3_BUCKET), or set UPLOADS_DISK_SHARED=true if UPLOADS_DIR is a volume every replica mounts.",
    ]);
    expect(uploadReasons({ ...productionReady, UPLOADS_DIR: '/mnt/shared-uploads', UPLOADS_DISK_SHARED: 'true' })).toEqual([]);
    expect(uploadReasons({ ...productionReady, UPLOADS_STORE: 's3', UPLOADS_S3_BUCKET: 'eyewear-uploads' })).toEqual([]);
    // Local mode (one process, or several on one machine) keeps the default.
    expect(uploadReasons({})).toEqual([]);
  });

  it('is among the reasons a production start is refused, printed with the others', async () => {
    const reasons = await startupRefusals(readConfig(productionReady), api.db, productionReady);
    expect(refusalMessage(readConfig(productionReady), reasons)).toContain('  - UPLOADS_STORE=disk keeps uploads on this machine');
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
