import { type FastifyInstance } from 'fastify';
import { buildApp, trustedProxies } from '../app';
import { createTestApi, type TestApi } from '../testing/api';

/**
 * The API believes forwarding headers from the edge only (trustProxy): behind the edge on a
 * public host name, cookies are Secure and same-origin writes are accepted; the same headers
 * from any other client change nothing.
 */
let api: TestApi;
let app: FastifyInstance;

beforeAll(async () => {
  api = await createTestApi();
  app = api.app;
});
afterAll(async () => {
  await api.close();
});

const EDGE = '127.0.0.1';
const STRANGER = '10.0.0.5';
const forwarded = {
  host: '127.0.0.1:3000',
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'shop.example',
  'x-forwarded-for': '203.0.113.9',
  'x-country-code': 'in',
};

function sessionCookie(response: { headers: Record<string, unknown> }): string {
  const cookies = ([] as string[]).concat((response.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const session = cookies.find((cookie) => cookie.startsWith('clientV1_in='));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session;
}

describe('forwarding headers and the edge', () => {
  it('sets Secure session cookies behind the edge on a public host name', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v2/sessions',
      remoteAddress: EDGE,
      headers: { ...forwarded, origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
    expect(sessionCookie(response)).toMatch(/; Secure$|; Secure;/);
  });

  it('accepts a same-origin POST through the edge whose Origin is the public https origin (no Sec-Fetch-Site)', async () => {
    const response = await app.inject({ method: 'POST', url: '/v2/sessions', remoteAddress: EDGE, headers: { ...forwarded, origin: 'https://shop.example' } });
    expect(response.statusCode).toBe(200);
    const other = await app.inject({ method: 'POST', url: '/v2/sessions', remoteAddress: EDGE, headers: { ...forwarded, origin: 'https://evil.example' } });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'CROSS_SITE' });
    // The scheme counts too: an http page may not write to the https site.
    const downgraded = await app.inject({ method: 'POST', url: '/v2/sessions', remoteAddress: EDGE, headers: { ...forwarded, origin: 'http://shop.example' } });
    expect(downgraded.statusCode).toBe(403);
  });

  it('ignores forged forwarding headers from a client that is not the edge', async () => {
    const headers = { ...forwarded, host: 'localhost:3000' };
    // Not Secure: the connection is plain http to localhost, whatever X-Forwarded-Proto says.
    const plain = await app.inject({ method: 'POST', url: '/v2/sessions', remoteAddress: STRANGER, headers: { ...headers, 'sec-fetch-site': 'same-origin' } });
    expect(plain.statusCode).toBe(200);
    expect(sessionCookie(plain)).not.toContain('Secure');
    // Its Origin is judged against the real host, not the forged X-Forwarded-Host.
    const forged = await app.inject({ method: 'POST', url: '/v2/sessions', remoteAddress: STRANGER, headers: { ...headers, origin: 'https://shop.example' } });
    expect(forged.statusCode).toBe(403);
    const real = await app.inject({ method: 'POST', url: '/v2/sessions', remoteAddress: STRANGER, headers: { ...headers, origin: 'http://localhost:3000' } });
    expect(real.statusCode).toBe(200);
  });

  it('takes the client address from the edge, and from nobody else', async () => {
    const seen: string[] = [];
    const probe = await buildApp({ db: api.db });
    probe.get('/probe', async (request) => {
      seen.push(`${request.ip} ${request.protocol} ${request.host}`);
      return {};
    });
    await probe.ready();
    await probe.inject({ method: 'GET', url: '/probe', remoteAddress: EDGE, headers: forwarded });
    await probe.inject({ method: 'GET', url: '/probe', remoteAddress: STRANGER, headers: forwarded });
    await probe.close();
    expect(seen).toEqual(['203.0.113.9 https shop.example', '10.0.0.5 http 127.0.0.1:3000']);
  });

  it('trusts the addresses TRUST_PROXY names instead of loopback', async () => {
    expect(trustedProxies(undefined)).toEqual(['loopback']);
    expect(trustedProxies(' 10.0.0.7, 10.1.0.0/16 ')).toEqual(['10.0.0.7', '10.1.0.0/16']);
    const behindLb = await buildApp({ db: api.db, trustProxy: trustedProxies('10.0.0.7') });
    await behindLb.ready();
    const fromEdge = await behindLb.inject({
      method: 'POST',
      url: '/v2/sessions',
      remoteAddress: '10.0.0.7',
      headers: { ...forwarded, origin: 'https://shop.example' },
    });
    const fromLoopback = await behindLb.inject({
      method: 'POST',
      url: '/v2/sessions',
      remoteAddress: '127.0.0.1',
      headers: { ...forwarded, origin: 'https://shop.example' },
    });
    await behindLb.close();
    expect(fromEdge.statusCode).toBe(200);
    expect(sessionCookie(fromEdge)).toContain('Secure');
    expect(fromLoopback.statusCode).toBe(403);
  });
});
