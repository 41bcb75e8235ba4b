import { createTestApi, guestSession, type TestApi } from '../../testing/api';
import { CAPTCHA_LENGTH } from './captcha';

/** Issue 12: a captcha a script cannot read, good for one attempt. */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

/** A new built-in captcha: its image, and its answer as the admin listener tells it (GET /captchas/:id). */
const newCaptcha = async () => {
  const { id, image, provider } = (await api.app.inject({ method: 'GET', url: '/v2/captcha' })).json().result as {
    id: string;
    image: string;
    provider: string;
  };
  expect(provider).toBe('builtin');
  const answer = (await api.admin.inject({ method: 'GET', url: `/captchas/${id}` })).json().result.answer as string;
  return { id, svg: Buffer.from(image.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8'), answer };
};

describe('captcha image', () => {
  it('draws the answer as paths with noise: no text element, never the answer as text', async () => {
    for (let i = 0; i < 20; i += 1) {
      const { svg, answer } = await newCaptcha();
      expect(answer).toMatch(new RegExp(`^[A-Z2-9]{${CAPTCHA_LENGTH}}$`));
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<text|<tspan|font-family/i);
      expect(svg).not.toContain(answer);
      // One path per glyph plus noise lines.
      expect((svg.match(/<path /g) ?? []).length).toBeGreaterThan(CAPTCHA_LENGTH);
    }
  });
});

describe('captcha answers', () => {
  /** Three code sends to one number in the window: the third needs a captcha. */
  async function needsCaptcha(telephone: string) {
    const guest = await guestSession(api.app);
    const send = (captcha?: string) =>
      api.app.inject({
        method: 'POST',
        url: '/v2/customers/mobile/otp',
        headers: { cookie: guest },
        payload: { telephone, phoneCode: '+91', ...(captcha ? { captcha } : {}) },
      });
    await send();
    await send();
    expect((await send()).json().result).toEqual({ sent: false, captchaRequired: true });
    return send;
  }

  it('burns a captcha on a wrong answer: the right answer for the same id is then refused', async () => {
    const send = await needsCaptcha('9822200001');
    const { id, answer } = await newCaptcha();
    const wrong = await send(`${id}:${answer === 'AAAAA' ? 'BBBBB' : 'AAAAA'}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'captcha' });
    const right = await send(`${id}:${answer}`);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ field: 'captcha' });
    expect(await api.db.query('select 1 from captchas where id = $1', [id])).toEqual([]);
  });

  it('takes a right answer once (any case), and not after ten minutes', async () => {
    const send = await needsCaptcha('9822200002');
    const first = await newCaptcha();
    expect((await send(`${first.id}:${first.answer.toLowerCase()}`)).json().result).toMatchObject({ sent: true });
    expect((await send(`${first.id}:${first.answer}`)).statusCode).toBe(400);
    const old = await newCaptcha();
    await api.db.query(`update captchas set created_at = now() - interval '11 minutes' where id = $1`, [old.id]);
    expect((await send(`${old.id}:${old.answer}`)).statusCode).toBe(400);
  });

  it('burns the captcha of cash on delivery on a wrong answer too', async () => {
    const { checkCaptcha } = await import('./captcha');
    const { id, answer } = await newCaptcha();
    await expect(checkCaptcha(api.db, `${id}:WRONG`)).rejects.toMatchObject({ status: 400, field: 'captcha' });
    await expect(checkCaptcha(api.db, `${id}:${answer}`)).rejects.toMatchObject({ status: 400, field: 'captcha' });
  });
});
