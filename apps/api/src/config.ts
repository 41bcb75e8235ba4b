import { isObjectKey } from './storage/object-store';

/**
 * The API's run-time configuration, read from the environment in one place (docs/adr/019).
 *
 * STORE_MODE says what kind of system this is:
 * - `local` (the default; `npm start` and every test): the simulated providers are on (SMS,
 *   e-mail, courier, payment gateway, social sign-in), the seed creates the documented test
 *   staff, and the admin listener runs on 127.0.0.1:ADMIN_PORT.
 * - `production`: the API refuses to start while any simulator or default credential is on
 *   (see `configRefusals` here and `startupRefusals` in startup-checks.ts); no admin listener.
 *
 * Each provider is chosen by its own variable; `simulated` is built in for each (local mode). Real
 * ones: e-mail through SMTP (`smtp`, docs/adr/043) and OpenID Connect sign-in (`oidc`); another
 * real provider is a new module plus a new value here. The captcha is the exception:
 * `builtin` (local only: images a program can read) or a provider's server-side check
 * (`turnstile`, `hcaptcha`, `recaptcha`, with CAPTCHA_SECRET and CAPTCHA_SITE_KEY; docs/adr/042).
 *
 * Uploaded files (prescriptions, face and return photos) live in an object store (docs/adr/044,
 * storage/): UPLOADS_STORE `disk` (the default: files under UPLOADS_DIR, else DATA_DIR/uploads)
 * or `s3` (UPLOADS_S3_BUCKET, optional UPLOADS_S3_PREFIX, UPLOADS_S3_REGION, UPLOADS_S3_ENDPOINT,
 * UPLOADS_S3_FORCE_PATH_STYLE; credentials from the AWS SDK's default chain). Production mode
 * refuses `disk` unless UPLOADS_DISK_SHARED=true says every replica mounts that folder.
 */
export type StoreMode = 'local' | 'production';

export interface ApiConfig {
  mode: StoreMode;
  /** Port of the loopback-only admin listener (local mode only; 0: any free port, printed at start). */
  adminPort: number;
  providers: {
    sms: string;
    email: string;
    courier: string;
    payments: string;
    social: string;
    captcha: string;
  };
  uploads: UploadsConfig;
}

/** Where uploaded files' bytes go (storage/index.ts opens the store from this). */
export interface UploadsConfig {
  /** `disk` or `s3`; anything else is kept as written so configRefusals can name it. */
  store: string;
  /** The disk store's folder, relative to the working directory unless absolute. */
  dir: string;
  /** UPLOADS_DISK_SHARED=true: the folder is a volume every replica mounts (production may then use disk). */
  diskShared: boolean;
  s3: {
    bucket: string;
    prefix: string;
    region?: string;
    endpoint?: string;
    forcePathStyle: boolean;
  };
}

export const UPLOAD_STORES: readonly string[] = ['disk', 's3'];

export const STORE_MODES: readonly StoreMode[] = ['local', 'production'];
export const DEFAULT_ADMIN_PORT = 3001;

type Env = Record<string, string | undefined>;

const yes = (value: string | undefined) => /^(1|true|yes)$/i.test((value ?? '').trim());

function readUploads(env: Env): UploadsConfig {
  const endpoint = (env.UPLOADS_S3_ENDPOINT || '').trim() || undefined;
  const pathStyle = (env.UPLOADS_S3_FORCE_PATH_STYLE || '').trim();
  return {
    store: (env.UPLOADS_STORE || 'disk').trim().toLowerCase(),
    dir: (env.UPLOADS_DIR || '').trim() || `${(env.DATA_DIR || '').trim() || '.data/api'}/uploads`,
    diskShared: yes(env.UPLOADS_DISK_SHARED),
    s3: {
      bucket: (env.UPLOADS_S3_BUCKET || '').trim(),
      prefix: (env.UPLOADS_S3_PREFIX || '').trim().replace(/^\/+|\/+$/g, ''),
      region: (env.UPLOADS_S3_REGION || '').trim() || undefined,
      endpoint,
      // S3-compatible servers (MinIO, Ceph, s3rver) want path-style addressing; AWS wants virtual hosts.
      forcePathStyle: pathStyle ? yes(pathStyle) : Boolean(endpoint),
    },
  };
}

export function readConfig(env: Env = process.env): ApiConfig {
  const mode = (env.STORE_MODE || 'local').trim().toLowerCase();
  return {
    // An unknown mode is kept as written so configRefusals can name it.
    mode: mode as StoreMode,
    adminPort: Number(env.ADMIN_PORT || DEFAULT_ADMIN_PORT),
    providers: {
      sms: (env.SMS_PROVIDER || 'simulated').trim(),
      email: (env.EMAIL_PROVIDER || 'simulated').trim(),
      courier: (env.COURIER_PROVIDER || 'simulated').trim(),
      payments: (env.PAYMENT_GATEWAY || 'simulated').trim(),
      social: (env.SOCIAL_PROVIDER || 'simulated').trim(),
      captcha: (env.CAPTCHA_PROVIDER || 'builtin').trim().toLowerCase(),
    },
    uploads: readUploads(env),
  };
}

/**
 * A simulated provider: production mode refuses to start while `isOn` says it is in use. Other
 * parts register theirs with `registerSimulator` (for example a simulated identity provider
 * configured by its issuer URL).
 */
export interface Simulator {
  name: string;
  /** The variable that switches to a real provider, named in the refusal message. */
  variable: string;
  isOn(config: ApiConfig, env: Env): boolean;
}

export const SIMULATORS: Simulator[] = [
  { name: 'SMS notifier', variable: 'SMS_PROVIDER', isOn: (c) => c.providers.sms === 'simulated' },
  { name: 'e-mail notifier', variable: 'EMAIL_PROVIDER', isOn: (c) => c.providers.email === 'simulated' },
  { name: 'courier', variable: 'COURIER_PROVIDER', isOn: (c) => c.providers.courier === 'simulated' },
  { name: 'payment gateway', variable: 'PAYMENT_GATEWAY', isOn: (c) => c.providers.payments === 'simulated' },
  { name: 'social identity provider', variable: 'SOCIAL_PROVIDER', isOn: (c) => c.providers.social === 'simulated' },
  { name: 'captcha (built-in images a program can read)', variable: 'CAPTCHA_PROVIDER', isOn: (c) => c.providers.captcha === 'builtin' },
];

export function registerSimulator(simulator: Simulator) {
  if (!SIMULATORS.some((known) => known.name === simulator.name)) SIMULATORS.push(simulator);
}

/** Providers that have an implementation in this build (a real one adds its name here). */
export const IMPLEMENTED_PROVIDERS: Record<keyof ApiConfig['providers'], readonly string[]> = {
  sms: ['simulated'],
  email: ['simulated', 'smtp'],
  courier: ['simulated'],
  payments: ['simulated'],
  social: ['simulated', 'oidc'],
  captcha: ['builtin', 'turnstile', 'hcaptcha', 'recaptcha'],
};

const PROVIDER_VARIABLES: Record<keyof ApiConfig['providers'], string> = {
  sms: 'SMS_PROVIDER',
  email: 'EMAIL_PROVIDER',
  courier: 'COURIER_PROVIDER',
  payments: 'PAYMENT_GATEWAY',
  social: 'SOCIAL_PROVIDER',
  captcha: 'CAPTCHA_PROVIDER',
};

/**
 * The reasons this configuration may not start, from the environment alone (the database's
 * default credentials are checked by startup-checks.ts). Empty: it may start.
 */
export function configRefusals(config: ApiConfig, env: Env = process.env): string[] {
  const reasons: string[] = [];
  if (!(STORE_MODES as readonly string[]).includes(config.mode)) reasons.push(`STORE_MODE=${config.mode} is not a mode: use local or production.`);
  for (const [kind, name] of Object.entries(config.providers) as [keyof ApiConfig['providers'], string][]) {
    if (!IMPLEMENTED_PROVIDERS[kind].includes(name))
      reasons.push(`${PROVIDER_VARIABLES[kind]}=${name}: no such provider is built in (known: ${IMPLEMENTED_PROVIDERS[kind].join(', ')}).`);
  }
  // SMTP needs its server and a sender, in any mode (every message would fail and be retried).
  if (config.providers.email === 'smtp' && (!env.SMTP_URL?.trim() || !env.SMTP_FROM?.trim()))
    reasons.push('EMAIL_PROVIDER=smtp needs SMTP_URL (the server, smtps://user:password@host:465) and SMTP_FROM (the sender).');
  // A captcha provider needs our registration there, in any mode (the check would fail every answer).
  if (config.providers.captcha !== 'builtin' && IMPLEMENTED_PROVIDERS.captcha.includes(config.providers.captcha)) {
    if (!env.CAPTCHA_SECRET || !env.CAPTCHA_SITE_KEY) reasons.push(`CAPTCHA_PROVIDER=${config.providers.captcha} needs CAPTCHA_SECRET and CAPTCHA_SITE_KEY.`);
  }
  if (config.mode === 'production') {
    // A verification URL on this machine is a stand-in for the provider, not the provider.
    if (env.CAPTCHA_VERIFY_URL && !isPublicHttps(env.CAPTCHA_VERIFY_URL))
      reasons.push(`CAPTCHA_VERIFY_URL=${env.CAPTCHA_VERIFY_URL}: production mode checks captchas at the provider (https, not this machine).`);
    for (const simulator of SIMULATORS) {
      if (simulator.isOn(config, env)) reasons.push(`The simulated ${simulator.name} is on: production mode needs a real one (${simulator.variable}).`);
    }
  }
  reasons.push(...uploadsRefusals(config));
  if (!Number.isInteger(config.adminPort) || config.adminPort < 0 || config.adminPort > 65535) reasons.push(`ADMIN_PORT=${env.ADMIN_PORT} is not a port.`);
  return reasons;
}

/** What keeps the upload store from starting (docs/adr/044). */
function uploadsRefusals({ mode, uploads }: ApiConfig): string[] {
  if (!UPLOAD_STORES.includes(uploads.store)) return [`UPLOADS_STORE=${uploads.store}: no such upload store is built in (known: ${UPLOAD_STORES.join(', ')}).`];
  if (uploads.store === 's3') {
    const reasons: string[] = [];
    if (!uploads.s3.bucket) reasons.push('UPLOADS_STORE=s3 needs UPLOADS_S3_BUCKET (the private bucket uploads are kept in).');
    if (uploads.s3.prefix && !isObjectKey(uploads.s3.prefix))
      reasons.push(`UPLOADS_S3_PREFIX=${uploads.s3.prefix} is not a key prefix: letters, digits, '.', '_' and '-', in segments joined by '/'.`);
    if (uploads.s3.endpoint && !isHttpUrl(uploads.s3.endpoint)) reasons.push(`UPLOADS_S3_ENDPOINT=${uploads.s3.endpoint} is not an http(s) URL.`);
    return reasons;
  }
  // A pod's own disk is neither shared with the other replicas (a file uploaded through one is
  // missing on the rest) nor kept when the pod is replaced.
  if (mode === 'production' && !uploads.diskShared)
    return [
      `UPLOADS_STORE=disk keeps uploads on this machine's disk (${uploads.dir}), which other replicas cannot read and a replaced pod loses: production mode keeps them in a bucket (UPLOADS_STORE=s3 with UPLOADS_S3_BUCKET), or set UPLOADS_DISK_SHARED=true if UPLOADS_DIR is a volume every replica mounts.`,
    ];
  return [];
}

function isHttpUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** An https URL whose host is not loopback. */
function isPublicHttps(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && !/^(localhost|127(\.\d+){3}|\[::1\])$/i.test(parsed.hostname);
  } catch {
    return false;
  }
}
