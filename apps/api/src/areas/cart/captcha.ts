import { randomBytes, randomInt } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { type Database } from '../../db/database';
import { badRequest } from '../../http/errors';

/** No 0/O, 1/I/L: every glyph reads one way. */
const LETTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 5;
/** A captcha is good for ten minutes and one attempt. */
export const CAPTCHA_MINUTES = 10;
export const CAPTCHA_MESSAGES = {
  missing: 'Please enter the characters shown',
  wrong: 'The characters do not match. Please try again.',
} as const;

/** svg-captcha's module is itself the renderer `(text, options) => svg`; its typings only declare `create`. */
const render = svgCaptcha as unknown as (
  text: string,
  options: { width: number; height: number; fontSize: number; noise: number; color: boolean; background: string },
) => string;

/**
 * A new captcha (issue 12, "a captcha a script cannot read"): the answer comes from the CSPRNG
 * and is drawn by svg-captcha as distorted glyph outlines (SVG paths from a font) with noise
 * lines; the markup holds no text element and never the answer as text.
 */
export async function newCaptcha(db: Pick<Database, 'query'>) {
  const answer = Array.from({ length: CAPTCHA_LENGTH }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  const id = randomBytes(12).toString('hex');
  await db.query('insert into captchas (id, answer) values ($1, $2)', [id, answer]);
  await db.query(`delete from captchas where created_at < now() - interval '1 day'`);
  const svg = render(answer, { width: 150, height: 50, fontSize: 52, noise: 3, color: true, background: '#f1f1f5' });
  return { id, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Checks `id:answer` (case-insensitive). Any attempt uses the captcha up, right or wrong, so
 * one image cannot be guessed at; a used, expired or wrong captcha is 400 on `field`.
 */
export async function checkCaptcha(
  db: Pick<Database, 'query'>,
  value: string | undefined,
  field = 'captcha',
  messages: { missing: string; wrong: string } = CAPTCHA_MESSAGES,
) {
  const [id, answer] = (value ?? '').split(':');
  if (!id || !answer) throw badRequest(messages.missing, field);
  const [used] = await db.query<{ answer: string; fresh: boolean }>(
    `delete from captchas where id = $1 returning answer, created_at > now() - make_interval(mins => $2) as fresh`,
    [id, CAPTCHA_MINUTES],
  );
  if (!used || !used.fresh || used.answer.toUpperCase() !== answer.trim().toUpperCase()) throw badRequest(messages.wrong, field);
}
