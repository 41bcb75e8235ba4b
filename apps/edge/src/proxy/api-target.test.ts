import { API_RETRIES, DROPPED_REQUEST_HEADERS, HOP_BY_HOP, apiTarget, safeToRepeat } from './api-target';

describe('apiTarget', () => {
  it('maps a target under /api to the API path, with the base path and the query kept as sent', () => {
    expect(apiTarget('/api/v2/products/12?q=a%2F%2Fb')).toBe('/v2/products/12?q=a%2F%2Fb');
    expect(apiTarget('/api/v2/products', '/storefront/')).toBe('/storefront/v2/products');
    expect(apiTarget('/api', '/storefront')).toBe('/storefront/');
    expect(apiTarget('/api?x=1')).toBe('/?x=1');
    expect(apiTarget('/api/v3/utility/routing?url=%2Fx', '/')).toBe('/v3/utility/routing?url=%2Fx');
  });

  it.each([
    ['protocol-relative', '/api//evil.example/x'],
    ['protocol-relative, bare host', '/api//evil.example'],
    ['encoded slashes', '/api/%2f%2fevil.example/x'],
    ['encoded slashes, upper case', '/api/%2F%2Fevil.example/x'],
    ['an encoded slash then a slash', '/api/%2f/evil.example/x'],
    ['a backslash', '/api/\\\\evil.example/x'],
    ['encoded backslashes', '/api/%5c%5cevil.example/x'],
    ['an encoded backslash, upper case', '/api/%5Cevil.example/x'],
    ['an encoded NUL', '/api/v2/%00/x'],
    ['encoded CR LF', '/api/v2/%0d%0aHost:%20evil.example'],
    ['a raw control character', '/api/v2/\u0007'],
    ['a dot-dot segment', '/api/../remotes.json'],
    ['an encoded dot-dot segment', '/api/%2e%2e/x'],
    ['a dot segment', '/api/v2/./x'],
    ['a malformed escape', '/api/%E0%A4%A'],
    ['a path that is not under /api/', '/apix/v2'],
    ['a control character in the query', '/api/v2/x?a=%0d\r\nb'],
    ['whitespace in the query', '/api/v2/x?a= b'],
  ])('refuses %s', (_what, target) => {
    expect(apiTarget(target, '/')).toBeNull();
  });
});

describe('safeToRepeat', () => {
  const req = (method: string, headers: Record<string, string> = {}) => ({ method, headers });

  it('repeats reads, and writes carrying an Idempotency-Key', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(safeToRepeat(req(method))).toBe(true);
    expect(safeToRepeat(req('POST', { 'idempotency-key': 'key-0123456789abcdef' }))).toBe(true);
  });

  it('never repeats a bare write', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(safeToRepeat(req(method))).toBe(false);
  });
});

describe('proxied headers', () => {
  it("drops the client's forwarding and hop-by-hop headers, and tries a call at most twice again", () => {
    for (const name of ['host', 'x-forwarded-for', 'forwarded', 'x-real-ip', 'connection', 'transfer-encoding', 'content-length', 'expect'])
      expect(DROPPED_REQUEST_HEADERS.has(name)).toBe(true);
    expect(DROPPED_REQUEST_HEADERS.has('cookie')).toBe(false);
    expect(HOP_BY_HOP.has('keep-alive')).toBe(true);
    expect(HOP_BY_HOP.has('set-cookie')).toBe(false);
    expect(API_RETRIES).toBe(2);
  });
});
