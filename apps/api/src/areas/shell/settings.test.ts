import { createTestApi, type TestApi } from '../../testing/api';
import { generateCatalogue } from '../../seed/generate';
import { shellArea } from './index';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ seeded: true });
});
afterAll(() => api.close());

const get = (url: string, headers: Record<string, string> = {}) => api.app.inject({ method: 'GET', url, headers });

describe('GET /v2/config/settings', () => {
  it("serves the spec's defaults without a session", async () => {
    const response = await get('/v2/config/settings');
    expect(response.statusCode).toBe(200);
    const { result } = response.json();
    expect(result).toMatchObject({
      NEW_AUTH_POPUP_DESKTOP: { enable: 'OFF' },
      ENABLE_CYGNUS: false,
      STUDIO_FLOW: { enable: 'OFF' },
      CONFIG_CTA_DESKTOP: { CHECKOUT: expect.any(Object) },
      ERROR_BOUNDARY_MESSAGE: expect.stringMatching(/\w/),
    });
    expect(result.LOYALTY_CONFIG.goldPid).toBe(128269);
    expect(result.LOYALTY_CONFIG.classificationsAllowed).toEqual(['eyeframe']);
    const [house] = await api.db.query<{ count: number }>('select count(*)::int as count from brands where house');
    expect(result.LOYALTY_CONFIG.brandsAllowed).toHaveLength(house!.count);
    expect(result.EMPTY_CART_LINKS.every((l: { name: string; link: string }) => l.name && l.link.startsWith('/'))).toBe(true);
  });

  it('answers only the asked keys; unknown keys are left out', async () => {
    const { result } = (await get('/v2/config/settings?keys=ENABLE_CYGNUS,NEW_AUTH_POPUP_DESKTOP,NO_SUCH_KEY')).json();
    expect(result).toEqual({ ENABLE_CYGNUS: false, NEW_AUTH_POPUP_DESKTOP: { enable: 'OFF' } });
  });

  it('refuses a malformed key list with 400 naming the field', async () => {
    for (const keys of ['enable_cygnus', 'A,,B', 'A;B']) {
      const response = await get(`/v2/config/settings?keys=${encodeURIComponent(keys)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'keys' });
    }
    expect((await get('/v2/config/settings?other=1')).statusCode).toBe(400);
  });

  it("a country's own row overrides the every-country one there only", async () => {
    await api.db.query(`insert into shell_settings (key, country, value) values ('NEW_AUTH_POPUP_DESKTOP', 'ae', '{"enable":"ON"}')`);
    try {
      const ae = (await get('/v2/config/settings?keys=NEW_AUTH_POPUP_DESKTOP', { 'x-country-code': 'ae' })).json().result;
      const india = (await get('/v2/config/settings?keys=NEW_AUTH_POPUP_DESKTOP', { 'x-country-code': 'in' })).json().result;
      expect(ae).toEqual({ NEW_AUTH_POPUP_DESKTOP: { enable: 'ON' } });
      expect(india).toEqual({ NEW_AUTH_POPUP_DESKTOP: { enable: 'OFF' } });
    } finally {
      await api.db.query(`delete from shell_settings where country = 'ae'`);
    }
  });

  it('a changed value is served and survives the seed running again', async () => {
    await api.db.query(`update shell_settings set value = 'true' where key = 'ENABLE_CYGNUS' and country = '*'`);
    try {
      await shellArea.seed!(api.db, generateCatalogue());
      expect((await get('/v2/config/settings?keys=ENABLE_CYGNUS')).json().result).toEqual({ ENABLE_CYGNUS: true });
      const [rows] = await api.db.query<{ count: number }>(`select count(*)::int as count from shell_settings where key = 'ENABLE_CYGNUS'`);
      expect(rows!.count).toBe(1);
    } finally {
      await api.db.query(`update shell_settings set value = 'false' where key = 'ENABLE_CYGNUS'`);
    }
  });
});
