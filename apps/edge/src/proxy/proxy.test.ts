import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createResponder, securityHeadersFor } from '../http/respond';
import { listen, stop, createEchoApi, type Echo } from '../testing/servers';
import { apiTarget } from './api-target';
import { createApiProxy, type ApiProxyOptions } from './proxy';

/** An edge that is only the proxy: /healthz, and every other path as under /api/. */
function proxyServer(apiUrl: string, options: Partial<ApiProxyOptions> = {}): Server {
  const responder = createResponder(securityHeadersFor(options.publicUrl ?? null));
  const apiBase = new URL(apiUrl);
  const server = createServer(async (req, res) => {
    if (req.url === '/healthz') return proxy.sendApiHealth(req, res);
    const target = apiTarget(req.url ?? '/', apiBase.pathname);
    if (!target) return responder.sendJson(req, res, 400, { message: 'The request path is not valid.', code: 'BAD_PATH' });
    await proxy.proxyApi(req, res, target);
  });
  const proxy = createApiProxy({
    apiBase,
    publicUrl: null,
    responder,
    clientAddressOf: (req: IncomingMessage) => `client-of-${req.socket.remoteAddress}`,
    // The edge's own cookies: its session only with an answer that starts the API's.
    cookiesFor: async () => (startsSession) => (startsSession ? ['mf_sid=new', 'mf_v=b1'] : ['mf_v=b1']),
    ...options,
  });
  return server;
}

const servers: Server[] = [];
async function started(server: Server): Promise<string> {
  servers.push(server);
  return listen(server);
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map(stop));
});

describe('createApiProxy', () => {
  it("sends the call to the API's base path with the edge's own forwarding headers, and relays its answer", async () => {
    const apiUrl = await started(createEchoApi());
    const edge = proxyServer(`${apiUrl}/storefront/`, { publicUrl: new URL('https://shop.example') });
    const at = await started(edge);
    const answer = await fetch(`${at}/api/v2/carts?x=1`, {
      method: 'POST',
      body: '{"a":1}',
      headers: { cookie: 'clientV1_in=s', 'x-forwarded-for': '6.6.6.6', forwarded: 'for=6.6.6.6', 'x-real-ip': '6.6.6.6' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    const echo = (await answer.json()) as Echo;
    expect(echo).toMatchObject({ path: '/storefront/v2/carts?x=1', method: 'POST', size: 7 });
    expect(echo.headers).toMatchObject({
      cookie: 'clientV1_in=s',
      host: new URL(apiUrl).host,
      'x-forwarded-for': 'client-of-127.0.0.1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'shop.example',
      'content-length': '7',
    });
    expect(echo.headers.forwarded).toBeUndefined();
    expect(echo.headers['x-real-ip']).toBeUndefined();
    expect(answer.headers.getSetCookie()).toEqual(['mf_v=b1']);
  });

  it('tries a call again only when a repeat cannot write twice: reads and keyed writes, never a bare write that reached the API', async () => {
    // An API that cuts the connection of every call's first try after reading it.
    const seen = new Map<string, number>();
    const flaky = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const id = `${req.method} ${req.url}`;
        const tries = (seen.get(id) ?? 0) + 1;
        seen.set(id, tries);
        if (tries === 1) return req.socket.destroy();
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ tries }));
      });
    });
    const at = await started(proxyServer(await started(flaky)));
    expect(await (await fetch(`${at}/api/v2/carts`)).json()).toEqual({ tries: 2 });
    const keyed = await fetch(`${at}/api/v2/carts/items`, { method: 'POST', body: '{}', headers: { 'idempotency-key': 'key-0123456789abcdef' } });
    expect(await keyed.json()).toEqual({ tries: 2 });
    const bare = await fetch(`${at}/api/v2/sessions/logout`, { method: 'POST', body: '{}' });
    expect(bare.status).toBe(502);
    expect(await bare.json()).toEqual({ message: 'The storefront API is not reachable.', code: 'API_UNREACHABLE' });
    expect(seen.get('POST /v2/sessions/logout')).toBe(1);
  });

  it('answers 502 when the API is not there, and 504 (not asking again) when it does not answer in time', async () => {
    // Port 9 (discard): nothing listens there, and no test can (a port freed by another could be taken again).
    const down = await fetch(`${await started(proxyServer('http://127.0.0.1:9'))}/api/v2/x`, { method: 'POST', body: '{}' });
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual({ message: 'The storefront API is not reachable.', code: 'API_UNREACHABLE' });

    let asked = 0;
    const stalled = createServer(() => {
      asked += 1;
    });
    const slow = await started(proxyServer(await started(stalled), { responseTimeoutMs: 300 }));
    const asking = Date.now();
    const late = await fetch(`${slow}/api/v2/anything`);
    expect(late.status).toBe(504);
    expect(await late.json()).toEqual({ message: 'The storefront API did not answer in time.', code: 'API_TIMEOUT' });
    expect(Date.now() - asking).toBeLessThan(3000);
    expect(asked).toBe(1);
  });

  it('answers 413 for a body over its limit, declared or chunked; an upload has its own limit', async () => {
    const at = await started(proxyServer(await started(createEchoApi()), { bodyLimit: 1024, uploadLimit: 64 * 1024 }));
    const declared = await fetch(`${at}/api/v2/x`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2048) });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: 'The request body is larger than 1 KiB.', code: 'BODY_TOO_LARGE' });
    const chunked = await fetch(`${at}/api/v2/x`, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 4; i += 1) controller.enqueue(new TextEncoder().encode('y'.repeat(512)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(32 * 1024)]), 'photo.jpg');
    const upload = await fetch(`${at}/api/v2/uploads`, { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    expect(((await upload.json()) as Echo).size).toBeGreaterThan(32 * 1024);
  });

  it("is ready when the API's /health answers, under its base path", async () => {
    const health = createServer((req, res) => {
      res.writeHead(req.url === '/base/health' ? 200 : 404);
      res.end('{}');
    });
    const healthUrl = await listen(health);
    const at = await started(proxyServer(`${healthUrl}/base/`));
    const ready = await fetch(`${at}/healthz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ edge: 'ok', api: 'ok' });
    await stop(health);
    const down = await fetch(`${at}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ edge: 'ok', api: 'unreachable' });
  });
});
