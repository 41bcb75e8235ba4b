import { cookieHeader, createTestApi, guestSession, type TestApi } from '../testing/api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('sessions', () => {
  it('creates a guest session with an HttpOnly token cookie, a readable marker and a sticky cookie', async () => {
    const response = await api.app.inject({ method: 'POST', url: '/v2/sessions', headers: { 'x-country-code': 'sg' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.result).toMatchObject({ isLoggedIn: false });
    expect(body.result.id).toMatch(/^[0-9a-f]{64}$/);
    const token = response.cookies.find((c) => c.name === 'clientV1_sg')!;
    expect(token.httpOnly).toBe(true);
    expect(token.sameSite).toBe('Lax');
    expect(token.maxAge).toBe(30 * 24 * 60 * 60);
    // The token is not the id the body shows, and carries at least 128 random bits.
    expect(token.value).not.toBe(body.result.id);
    expect(Buffer.from(token.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    const marker = response.cookies.find((c) => c.name === 'clientV1_sg_active')!;
    expect(marker.httpOnly).toBeFalsy();
    expect(response.cookies.find((c) => c.name === 'sticky_session')!.maxAge).toBe(14 * 24 * 60 * 60);
  });

  it('validates a live session and refuses an unknown one with 401 and a body', async () => {
    const cookie = await guestSession(api.app);
    const ok = await api.app.inject({ method: 'GET', url: '/v2/sessions/validate', headers: { cookie } });
    expect(ok.statusCode).toBe(200);
    const unknown = await api.app.inject({ method: 'GET', url: '/v2/sessions/validate', headers: { cookie: 'clientV1_in=' + 'x'.repeat(43) } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ message: expect.any(String), code: 'UNAUTHORIZED' });
    const none = await api.app.inject({ method: 'GET', url: '/v2/sessions/validate' });
    expect(none.statusCode).toBe(401);
  });

  it('clears the login markers of a browser whose session died, on the 401 and on the new guest session (issue 42)', async () => {
    const dead = await api.app.inject({
      method: 'GET',
      url: '/v2/sessions/validate',
      headers: { cookie: `clientV1_in=${'x'.repeat(43)}; isLogined=1; log_in_status=loggedin` },
    });
    expect(dead.statusCode).toBe(401);
    expect(dead.cookies.filter((c) => c.maxAge === 0).map((c) => c.name)).toEqual(['isLogined', 'log_in_status']);
    const fresh = await api.app.inject({ method: 'POST', url: '/v2/sessions', headers: { cookie: 'isLogined=1' } });
    expect(fresh.cookies.find((c) => c.name === 'isLogined')).toMatchObject({ value: '', maxAge: 0 });
    // A live guest session marked signed in is set right by its validation too.
    const guest = await guestSession(api.app);
    const validated = await api.app.inject({ method: 'GET', url: '/v2/sessions/validate', headers: { cookie: `${guest}; isLogined=1` } });
    expect(validated.statusCode).toBe(200);
    expect(validated.cookies.find((c) => c.name === 'isLogined')?.maxAge).toBe(0);
    expect((await api.app.inject({ method: 'POST', url: '/v2/sessions' })).cookies.find((c) => c.name === 'isLogined')).toBeUndefined();
  });

  it('keeps sessions per country', async () => {
    const cookie = await guestSession(api.app, 'ae');
    expect((await api.app.inject({ method: 'GET', url: '/v2/sessions/validate', headers: { cookie, 'x-country-code': 'ae' } })).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: '/v2/sessions/validate', headers: { cookie, 'x-country-code': 'in' } })).statusCode).toBe(401);
  });

  it('logs out: the old token stops working and a new guest session replaces it', async () => {
    const cookie = await guestSession(api.app);
    const out = await api.app.inject({ method: 'POST', url: '/v2/sessions/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const next = cookieHeader(out, cookie);
    expect(next).not.toBe(cookie);
    expect(out.cookies.find((c) => c.name === 'isLogined')!.maxAge).toBe(0);
    expect((await api.app.inject({ method: 'GET', url: '/v2/sessions/validate', headers: { cookie } })).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'GET', url: '/v2/sessions/validate', headers: { cookie: next } })).statusCode).toBe(200);
  });

  it('migrates a legacy session cookie to clientV1_{country}, deleting the legacy one at most five times', async () => {
    const created = await api.app.inject({ method: 'POST', url: '/v2/sessions' });
    const token = created.cookies.find((c) => c.name === 'clientV1_in')!.value;
    let cookie = `clientV1=${token}`;
    const first = await api.app.inject({ method: 'GET', url: '/v2/sessions/validate', headers: { cookie } });
    expect(first.statusCode).toBe(200);
    expect(first.cookies.find((c) => c.name === 'clientV1_in')!.value).toBe(token);
    expect(first.cookies.find((c) => c.name === 'clientV1')!.maxAge).toBe(0);
    // The legacy cookie keeps coming back (another domain): after five deletions, stop.
    for (let i = 2; i <= 6; i += 1) {
      cookie = `clientV1=${token}; clientV1_legacy_deleted=${i - 1}`;
      const again = await api.app.inject({ method: 'GET', url: '/v2/sessions/validate', headers: { cookie } });
      expect(Boolean(again.cookies.find((c) => c.name === 'clientV1' && c.maxAge === 0))).toBe(i <= 5);
    }
  });

  it('refuses state-changing calls from another site', async () => {
    const crossSite = await api.app.inject({ method: 'POST', url: '/v2/sessions', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('CROSS_SITE');
    const foreignOrigin = await api.app.inject({
      method: 'POST',
      url: '/v2/sessions/logout',
      headers: { origin: 'https://evil.example', host: 'shop.example' },
    });
    expect(foreignOrigin.statusCode).toBe(403);
    const sameOrigin = await api.app.inject({ method: 'POST', url: '/v2/sessions', headers: { origin: 'http://localhost:4200', host: 'localhost:4200' } });
    expect(sameOrigin.statusCode).toBe(200);
  });
});

describe('session cookies', () => {
  it('are set once each', async () => {
    const response = await api.app.inject({ method: 'POST', url: '/v2/sessions' });
    const names = response.cookies.map((c) => c.name);
    expect(names.sort()).toEqual(['clientV1_in', 'clientV1_in_active', 'sticky_session']);
  });
});
