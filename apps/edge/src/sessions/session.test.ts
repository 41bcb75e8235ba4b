import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE, bucketOf, loadSecret, mintSession, readCookie, sessionCookie, verifySession } from './session';

const secret = 'a'.repeat(64);

describe('session cookie', () => {
  it('mints a signed value whose id verifies with the same secret only', () => {
    const value = mintSession(secret);
    expect(value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    expect(verifySession(secret, value)).toBe(value.split('.')[0]);
    expect(verifySession('b'.repeat(64), value)).toBeNull();
    expect(mintSession(secret)).not.toBe(value);
  });

  it('refuses forged, altered and malformed values', () => {
    const [id, signature] = mintSession(secret).split('.') as [string, string];
    const other = mintSession(secret).split('.')[1]!;
    expect(verifySession(secret, `${id}.${other}`)).toBeNull();
    expect(verifySession(secret, `${id}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(verifySession(secret, `${id}.${signature}.extra`)).toBeNull();
    expect(verifySession(secret, id)).toBeNull();
    expect(verifySession(secret, `${id}.${signature}x`)).toBeNull();
    expect(verifySession(secret, '')).toBeNull();
    expect(verifySession(secret, undefined)).toBeNull();
    expect(verifySession(secret, 42)).toBeNull();
  });

  it('reads a cookie out of a Cookie header, and writes the session cookie for a year', () => {
    expect(readCookie('a=1; mf_sid=x.y=z; b=2', SESSION_COOKIE)).toBe('x.y=z');
    expect(readCookie('a=1', SESSION_COOKIE)).toBeUndefined();
    expect(readCookie(undefined, SESSION_COOKIE)).toBeUndefined();
    expect(sessionCookie('v', false)).toBe('mf_sid=v; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax');
    expect(sessionCookie('v', true)).toBe('mf_sid=v; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax; Secure');
  });
});

describe('bucketOf', () => {
  it('is stable for a session, app and salt, within 0-99, and drawn anew with another salt', () => {
    expect(bucketOf('catalog', 'catalog', 'session-1')).toBe(bucketOf('catalog', 'catalog', 'session-1'));
    // sha256('catalog:catalog:session-1'), its first 32 bits modulo 100: the rule the release CLI shares.
    expect(bucketOf('catalog', 'catalog', 'session-1')).toBe(97);
    const buckets = Array.from({ length: 400 }, (_, i) => bucketOf('catalog', 'catalog', `s${i}`));
    expect(buckets.every((b) => Number.isInteger(b) && b >= 0 && b < 100)).toBe(true);
    expect(new Set(buckets).size).toBeGreaterThan(80);
    const redrawn = Array.from({ length: 400 }, (_, i) => bucketOf('catalog', 'salt-2', `s${i}`));
    expect(redrawn).not.toEqual(buckets);
  });
});

describe('loadSecret', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'edge-secret-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('takes EDGE_SECRET when set, and refuses a short one', () => {
    expect(loadSecret(root, { EDGE_SECRET: 'x'.repeat(32) })).toBe('x'.repeat(32));
    expect(() => loadSecret(root, { EDGE_SECRET: 'short' })).toThrow('EDGE_SECRET must be at least 32 characters');
  });

  it('makes <root>/.edge/secret (0600) on first start and reads it after', async () => {
    const first = loadSecret(root, {});
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect((await readFile(join(root, '.edge/secret'), 'utf8')).trim()).toBe(first);
    expect((await stat(join(root, '.edge/secret'))).mode & 0o777).toBe(0o600);
    expect(loadSecret(root, {})).toBe(first);
  });
});
