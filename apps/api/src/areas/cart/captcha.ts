import { randomBytes, randomInt } from 'node:crypto';
import { type Database } from '../../db/database';
import { badRequest } from '../../http/errors';

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A captcha is good for ten minutes and one answer. */
const CAPTCHA_MINUTES = 10;

export async function newCaptcha(db: Database) {
  const answer = Array.from({ length: 5 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  const id = randomBytes(12).toString('hex');
  await db.query('insert into captchas (id, answer) values ($1, $2)', [id, answer]);
  await db.query(`delete from captchas where created_at < now() - interval '1 day'`);
  const glyphs = [...answer]
    .map((c, i) => `<text x="${14 + i * 22}" y="${30 + randomInt(-4, 5)}" transform="rotate(${randomInt(-15, 16)} ${14 + i * 22} 28)">${c}</text>`)
    .join('');
  const noise = Array.from({ length: 4 }, () => `<line x1="${randomInt(0, 130)}" y1="${randomInt(0, 44)}" x2="${randomInt(0, 130)}" y2="${randomInt(0, 44)}" stroke="#889" />`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="130" height="44" viewBox="0 0 130 44"><rect width="130" height="44" fill="#f1f1f5"/>${noise}<g font-family="monospace" font-size="22" fill="#223">${glyphs}</g></svg>`;
  return { id, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** Checks `id:answer` (case-insensitive) once: a used or wrong captcha is refused. */
export async function checkCaptcha(db: Pick<Database, 'query'>, value: string | undefined) {
  const [id, answer] = (value ?? '').split(':');
  if (!id || !answer) throw badRequest('Please enter the characters shown', 'captcha');
  const used = await db.query(
    `delete from captchas where id = $1 and upper(answer) = upper($2) and created_at > now() - make_interval(mins => $3) returning id`,
    [id, answer.trim(), CAPTCHA_MINUTES],
  );
  if (used.length === 0) throw badRequest('The characters do not match. Please try again.', 'captcha');
}
