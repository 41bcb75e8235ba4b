import { randomBytes, randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { readConfig } from '../../config';
import { type Database } from '../../db/database';
import { badRequest, HttpError } from '../../http/errors';

/**
 * The captcha adapter (issue 40, docs/adr/042). Every captcha of the API (a third code send, cash
 * on delivery, a password try on an account past its free failures) is checked by `checkCaptcha`,
 * which asks the provider CAPTCHA_PROVIDER names:
 *
 * - `builtin` (local mode only; production refuses to start with it, config.ts): an image drawn
 *   here, its answer kept in `captchas`. A program can read it (issue 40: a script solved it 3 of
 *   3), so it only stands in for a provider on a developer's machine and in tests, which read the
 *   answers on the loopback admin listener (GET /captchas/:id).
 * - `turnstile`, `hcaptcha`, `recaptcha` (reCAPTCHA v2): the browser shows the provider's widget
 *   (CAPTCHA_SITE_KEY) and sends the token it gives; the API posts secret, token and the client
 *   address to the provider's siteverify URL (CAPTCHA_VERIFY_URL overrides it, for tests) and
 *   accepts only `success: true`. A provider that cannot be reached or answers no verdict is a
 *   429 with Retry-After and a message, never a 5xx of ours.
 */
export type CaptchaProviderName = 'builtin' | 'turnstile' | 'hcaptcha' | 'recaptcha';

export interface CaptchaConfig {
  provider: CaptchaProviderName;
  secret: string;
  siteKey: string;
  verifyUrl: string;
}

/** The providers' server-side verification endpoints. */
export const VERIFY_URLS: Record<Exclude<CaptchaProviderName, 'builtin'>, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};
/** How long the provider has to answer before the check counts as unavailable. */
export const VERIFY_TIMEOUT_MS = 5000;
/** Providers' tokens are at most a few kilobytes (Turnstile: 2048 characters). */
export const MAX_TOKEN_LENGTH = 4096;
/** reCAPTCHA v3 answers a score as well: below this it is a program. */
export const MIN_SCORE = 0.5;
/** A provider that did not answer: try again after this many seconds. */
export const UNAVAILABLE_RETRY_SECONDS = 30;

type Env = Record<string, string | undefined>;

export function readCaptchaConfig(env: Env = process.env): CaptchaConfig {
  const name = readConfig(env).providers.captcha;
  const provider: CaptchaProviderName = name === 'turnstile' || name === 'hcaptcha' || name === 'recaptcha' ? name : 'builtin';
  return {
    provider,
    secret: env.CAPTCHA_SECRET ?? '',
    siteKey: env.CAPTCHA_SITE_KEY ?? '',
    verifyUrl: provider === 'builtin' ? '' : env.CAPTCHA_VERIFY_URL || VERIFY_URLS[provider],
  };
}

/** No 0/O, 1/I/L: every glyph reads one way. */
const LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 5;
/** A captcha is good for ten minutes and one attempt. */
export const CAPTCHA_MINUTES = 10;
export const CAPTCHA_MESSAGES = {
  missing: 'Please enter the characters shown',
  wrong: 'The characters do not match. Please try again.',
} as const;
/** What a shopper reads in provider mode (there are no characters to type). */
export const PROVIDER_MESSAGES = {
  missing: 'Please complete the captcha.',
  wrong: 'The captcha was not completed. Please try it again.',
  unavailable: 'We could not check the captcha just now. Please try again in a minute.',
} as const;

/** svg-captcha's module is itself the renderer `(text, options) => svg`; its typings only declare `create`. */
const render = svgCaptcha as unknown as (
  text: string,
  options: { width: number; height: number; fontSize: number; noise: number; color: boolean; background: string },
) => string;

export type CaptchaChallenge = { provider: 'builtin'; id: string; image: string } | { provider: Exclude<CaptchaProviderName, 'builtin'>; siteKey: string };

/**
 * What the browser needs to show a captcha (GET /v2/captcha): in local mode a new image of the
 * built-in captcha; in provider mode the provider and our site key, for its widget.
 */
export async function newCaptcha(db: Pick<Database, 'query'>, config: CaptchaConfig = readCaptchaConfig()): Promise<CaptchaChallenge> {
  if (config.provider !== 'builtin') return { provider: config.provider, siteKey: config.siteKey };
  const answer = Array.from({ length: CAPTCHA_LENGTH }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  const id = randomBytes(12).toString('hex');
  await db.query('insert into captchas (id, answer) values ($1, $2)', [id, answer]);
  await db.query(`delete from captchas where created_at < now() - interval '1 day'`);
  // Distorted glyph outlines (SVG paths from a font) with noise lines; no text element.
  const svg = render(answer, { width: 150, height: 50, fontSize: 52, noise: 3, color: true, background: '#f1f1f5' });
  return { provider: 'builtin', id, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The answer of a built-in captcha, for the admin listener (local mode, tests); null when there is none. */
export async function builtinAnswer(db: Pick<Database, 'query'>, id: string): Promise<string | null> {
  const [row] = await db.query<{ answer: string }>('select answer from captchas where id = $1', [id]);
  return row?.answer ?? null;
}

export interface CaptchaCheck {
  /** The request field the captcha came in (named by a refusal). */
  field?: string;
  /** The built-in captcha's texts (provider mode has its own). */
  messages?: { missing: string; wrong: string };
  /** The client's address, handed to the provider. */
  remoteIp?: string;
  config?: CaptchaConfig;
}

/**
 * Checks a captcha answer with the configured provider: built-in `id:answer` (case-insensitive;
 * any attempt uses it up, right or wrong, so one image cannot be guessed at), or a provider's
 * token. Missing or wrong: 400 on `field`; the provider unreachable: 429 CAPTCHA_UNAVAILABLE.
 */
export async function checkCaptcha(db: Pick<Database, 'query'>, value: string | undefined, options: CaptchaCheck = {}) {
  const { field = 'captcha', messages = CAPTCHA_MESSAGES, remoteIp, config = readCaptchaConfig() } = options;
  if (config.provider === 'builtin') return checkBuiltin(db, value, field, messages);
  const token = (value ?? '').trim();
  if (!token) throw badRequest(PROVIDER_MESSAGES.missing, field);
  if (token.length > MAX_TOKEN_LENGTH) throw badRequest(PROVIDER_MESSAGES.wrong, field);
  const verdict = await siteverify(config, token, remoteIp);
  if (verdict === 'unavailable')
    throw new HttpError(429, PROVIDER_MESSAGES.unavailable, field, 'CAPTCHA_UNAVAILABLE', { 'retry-after': String(UNAVAILABLE_RETRY_SECONDS) });
  if (verdict !== 'passed') throw badRequest(PROVIDER_MESSAGES.wrong, field);
}

async function checkBuiltin(db: Pick<Database, 'query'>, value: string | undefined, field: string, messages: { missing: string; wrong: string }) {
  const [id, answer] = (value ?? '').split(':');
  if (!id || !answer) throw badRequest(messages.missing, field);
  const [used] = await db.query<{ answer: string; fresh: boolean }>(
    `delete from captchas where id = $1 returning answer, created_at > now() - make_interval(mins => $2) as fresh`,
    [id, CAPTCHA_MINUTES],
  );
  if (!used || !used.fresh || used.answer.toUpperCase() !== answer.trim().toUpperCase()) throw badRequest(messages.wrong, field);
}

/** Error codes that mean our registration is wrong, not the shopper's answer. */
const OUR_MISTAKES = new Set(['missing-input-secret', 'invalid-input-secret', 'sitekey-secret-mismatch', 'invalid-keys', 'internal-error']);

/**
 * The provider's verdict on a token (Turnstile, hCaptcha and reCAPTCHA share the siteverify
 * protocol: a form POST of secret, response and remoteip; a JSON answer with `success`).
 */
export async function siteverify(config: CaptchaConfig, token: string, remoteIp?: string): Promise<'passed' | 'failed' | 'unavailable'> {
  const form = new URLSearchParams({ secret: config.secret, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  if (config.provider === 'hcaptcha' && config.siteKey) form.set('sitekey', config.siteKey);
  let answer: { success?: unknown; score?: unknown; 'error-codes'?: unknown };
  try {
    const response = await fetch(config.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return 'unavailable';
    answer = (await response.json()) as typeof answer;
  } catch {
    return 'unavailable';
  }
  if (typeof answer !== 'object' || answer === null) return 'unavailable';
  if (answer.success === true) return typeof answer.score === 'number' && answer.score < MIN_SCORE ? 'failed' : 'passed';
  const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
  return codes.some((code) => OUR_MISTAKES.has(String(code))) ? 'unavailable' : 'failed';
}
