// The /api/ proxy through the whole edge (createEdgeServer): what reaches the API, and what never
// reaches any other host.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { createEdgeServer } from '../server';
import { listen, raw, startEdgeFixture, statusOf, stop, stopEdgeFixture, type Echo, type EdgeFixture } from '../testing/servers';

let fixture: EdgeFixture;

beforeAll(async () => {
  fixture = await startEdgeFixture((options) => createEdgeServer(options));
});
afterAll(() => stopEdgeFixture(fixture), 20_000);

describe('edge server: the /api/ proxy reaches the API and nothing else', () => {
  let evil: Server;
  let evilUrl: string;
  let evilHost: string;
  const received: string[] = [];

  beforeAll(async () => {
    evil = createServer((req, res) => {
      received.push(`${req.method} ${req.url} cookie=${req.headers.cookie ?? ''}`);
      res.end('stolen');
    });
    evil.on('connection', () => received.push('connection'));
    evilUrl = await listen(evil);
    evilHost = new URL(evilUrl).host;
  });
  afterAll(async () => {
    await stop(evil);
  });

  it('refuses protocol-relative, encoded, backslash, control-character and dot-segment paths with 400, and sends nothing to another host', async () => {
    const targets = [
      `/api//${evilHost}/x`,
      `/api//${evilHost}`,
      `/api/%2f%2f${evilHost}/x`,
      `/api/%2F%2F${evilHost}/x`,
      `/api/%2f/${evilHost}/x`,
      `/api/%5c%5c${evilHost}/x`,
      `/api/%5C${evilHost}/x`,
      `/api/v2/%00/x`,
      `/api/v2/%0d%0aHost:%20${evilHost}`,
      `/api/../remotes.json`,
      `/api/%2e%2e/x`,
      `/api/v2/./x`,
      `/api/%E0%A4%A`,
    ];
    for (const target of targets) {
      const answer = await raw(fixture.base, `GET ${target} HTTP/1.1\r\nHost: shop.example\r\nCookie: clientV1_in=secret-session\r\nConnection: close\r\n\r\n`);
      expect({ target, status: statusOf(answer) }).toEqual({ target, status: 400 });
      expect(answer).toContain('"code":"BAD_PATH"');
    }
    // A backslash fetch would turn into a slash: raw bytes.
    const backslash = await raw(
      fixture.base,
      `GET /api/\\\\${evilHost}/x HTTP/1.1\r\nHost: shop.example\r\nCookie: clientV1_in=secret-session\r\nConnection: close\r\n\r\n`,
    );
    expect(statusOf(backslash)).toBe(400);
    expect(received).toEqual([]);
  });

  it('answers paths that start with // as paths, never a 500, and sends nothing to the host they name', async () => {
    const statusAt = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const { port } = new URL(fixture.base);
        request({ host: '127.0.0.1', port: Number(port), path }, (res: IncomingMessage) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
          .on('error', reject)
          .end();
      });
    // `//` and `//host/...` are paths (a 500 before: the first was read as a protocol-relative URL with no host).
    for (const target of ['//', `//${evilHost}`, `//${evilHost}/product/128001`])
      expect({ target, ok: (await statusAt(target)) < 500 }).toEqual({ target, ok: true });
    expect(received).toEqual([]);
  });

  it('refuses absolute-form request targets (GET http://host/ HTTP/1.1) with 400', async () => {
    for (const target of [`${evilUrl}/x`, `${evilUrl}/api/x`, `http://${evilHost}/api/v2/sessions`]) {
      const answer = await raw(fixture.base, `GET ${target} HTTP/1.1\r\nHost: ${evilHost}\r\nCookie: clientV1_in=secret-session\r\nConnection: close\r\n\r\n`);
      expect({ target, status: statusOf(answer) }).toEqual({ target, status: 400 });
    }
    expect(received).toEqual([]);
  });

  it('passes a valid path and query to the configured API only, with its cookies', async () => {
    const answer = await fetch(`${fixture.base}/api/v2/products/12?q=a%2F%2Fb`, { headers: { cookie: 'clientV1_in=secret-session' } });
    const body = (await answer.json()) as Echo;
    expect(body.path).toBe('/v2/products/12?q=a%2F%2Fb');
    expect(body.headers.cookie).toBe('clientV1_in=secret-session');
    expect(received).toEqual([]);
  });

  it("drops the client's forwarding headers and sets its own", async () => {
    const answer = await fetch(`${fixture.base}/api/v2/whoami`, {
      headers: {
        'x-forwarded-for': '6.6.6.6',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
        forwarded: 'for=6.6.6.6;proto=https',
        'x-real-ip': '6.6.6.6',
      },
    });
    const { headers } = (await answer.json()) as Echo;
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-host']).toBe(new URL(fixture.base).host);
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers.host).toBe(new URL(fixture.apiUrl).host);
  });

  it('tells the API the public scheme and host when configured with a public origin', async () => {
    const tls = createEdgeServer({ root: fixture.root, apiUrl: fixture.apiUrl, publicOrigin: 'https://shop.example' });
    const tlsBase = await listen(tls);
    try {
      const { headers } = (await (
        await fetch(`${tlsBase}/api/v2/whoami`, { headers: { 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' } })
      ).json()) as Echo;
      expect(headers['x-forwarded-proto']).toBe('https');
      expect(headers['x-forwarded-host']).toBe('shop.example');
      // Behind TLS the edge's own answers tell browsers to keep to https (HSTS); plain http never does.
      expect((await fetch(`${tlsBase}/livez`)).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect((await fetch(`${fixture.base}/livez`)).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await stop(tls);
    }
  });
});
