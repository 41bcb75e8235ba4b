import { verifySession } from './session';
import { MINTS_PER_ADDRESS_MINUTE, createSessions, type RequestLike } from './sessions';

const secret = 's'.repeat(64);
const from = (remoteAddress: string, headers: RequestLike['headers'] = {}): RequestLike => ({ socket: { remoteAddress }, headers });

describe('clientAddressOf', () => {
  it("is the socket's address unless the socket is a trusted proxy; a client's own X-Forwarded-For changes nothing", () => {
    const { clientAddressOf } = createSessions({ secret, trustProxy: [] });
    expect(clientAddressOf(from('::ffff:203.0.113.7', { 'x-forwarded-for': '6.6.6.6' }))).toBe('203.0.113.7');
  });

  it('behind a trusted balancer, is the rightmost X-Forwarded-For hop that is not itself a trusted proxy', () => {
    const { clientAddressOf } = createSessions({ secret, trustProxy: ['127.0.0.0/8', '10.0.0.0/8', 'fd00::/8'] });
    expect(clientAddressOf(from('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.1.2.3' }))).toBe('203.0.113.5');
    expect(clientAddressOf(from('::ffff:127.0.0.1', { 'x-forwarded-for': '::ffff:203.0.113.6' }))).toBe('203.0.113.6');
    expect(clientAddressOf(from('fd00::1', { 'x-forwarded-for': '2001:db8::7, fd00::2' }))).toBe('2001:db8::7');
    // Only trusted hops: the socket's address.
    expect(clientAddressOf(from('127.0.0.1', { 'x-forwarded-for': '10.0.0.1' }))).toBe('127.0.0.1');
    expect(clientAddressOf(from('127.0.0.1'))).toBe('127.0.0.1');
    // Another machine in front is not trusted: its header is ignored.
    expect(clientAddressOf(from('192.0.2.1', { 'x-forwarded-for': '203.0.113.5' }))).toBe('192.0.2.1');
  });

  it('takes single addresses, and refuses what is neither an address nor a subnet', () => {
    const { clientAddressOf } = createSessions({ secret, trustProxy: ['192.0.2.1'] });
    expect(clientAddressOf(from('192.0.2.1', { 'x-forwarded-for': '203.0.113.5' }))).toBe('203.0.113.5');
    expect(clientAddressOf(from('192.0.2.2', { 'x-forwarded-for': '203.0.113.5' }))).toBe('192.0.2.2');
    expect(() => createSessions({ secret, trustProxy: ['balancer.local'] })).toThrow('EDGE_TRUST_PROXY: balancer.local is not an address or a subnet');
  });
});

describe('sessionOf', () => {
  it('mints a signed session for a request without one, Secure behind an https public origin, and keeps a known one', () => {
    const sessions = createSessions({ secret, trustProxy: [], publicUrl: new URL('https://shop.example') });
    const minted = sessions.sessionOf(from('203.0.113.7'));
    expect(minted.setCookie).toMatch(/^mf_sid=[\w-]{22}\.[\w-]{22}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    const value = /^mf_sid=([^;]+)/.exec(minted.setCookie ?? '')![1]!;
    expect(minted.id).toBe(verifySession(secret, value));
    const known = from('203.0.113.7', { cookie: `a=1; mf_sid=${value}` });
    expect(sessions.sessionOf(known)).toEqual({ id: minted.id, setCookie: null });
    expect(sessions.sessionIdOf(known)).toBe(minted.id);
    expect(sessions.sessionIdOf(from('203.0.113.7', { cookie: `mf_sid=${value.slice(0, -2)}xx` }))).toBeNull();
    // Plain http without a public origin: not Secure.
    expect(createSessions({ secret }).sessionOf(from('203.0.113.7')).setCookie).not.toContain('Secure');
  });

  it('gives one client address at most N new sessions a minute, then none until the next minute', () => {
    let clock = Date.UTC(2026, 10, 26, 10, 0, 0);
    const sessions = createSessions({ secret, trustProxy: ['127.0.0.1'], mintsPerAddressMinute: 2, now: () => clock });
    const via = (client: string, spoofed?: string) => from('127.0.0.1', { 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client });
    expect(sessions.sessionOf(via('203.0.113.7')).id).not.toBeNull();
    expect(sessions.sessionOf(via('203.0.113.7', '198.51.100.1')).id).not.toBeNull();
    expect(sessions.sessionOf(via('203.0.113.7', '198.51.100.2'))).toEqual({ id: null, setCookie: null });
    // Another address behind the same balancer still gets one.
    expect(sessions.sessionOf(via('203.0.113.8')).setCookie).toMatch(/^mf_sid=/);
    clock += 60_000;
    expect(sessions.sessionOf(via('203.0.113.7')).setCookie).toMatch(/^mf_sid=/);
  });

  it('allows 120 new sessions per address a minute by default', () => {
    expect(MINTS_PER_ADDRESS_MINUTE).toBe(120);
    const sessions = createSessions({ secret, now: () => 0 });
    const ids = Array.from({ length: 121 }, () => sessions.sessionOf(from('203.0.113.7')).id);
    expect(ids.slice(0, 120).every(Boolean)).toBe(true);
    expect(ids[120]).toBeNull();
  });
});
