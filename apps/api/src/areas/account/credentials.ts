import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const COST = 16384;

function scryptAsync(password: BinaryLike, salt: BinaryLike, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))));
}

/** `scrypt$N$salt$hash`: the cost travels with the hash, so it can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFKC'), salt, { N: COST });
  return `scrypt$${COST}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, cost, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !hash) {
    // Same work as a real check, so a missing account does not answer faster.
    await scryptAsync(password, 'no-account-salt', { N: COST });
    return false;
  }
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), { N: Number(cost) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A six-digit one-time code from the CSPRNG. */
export const oneTimeCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** An unguessable token for links (256 bits). */
export const linkToken = () => randomBytes(32).toString('base64url');
