// The purge adapter against a real HTTP server standing in for the shared cache.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listen, stop } from '../testing/servers';
import { createPurger, KEYS_PER_PURGE } from './purger';

let cache: Server;
let at: string;
let seen: { method: string; headers: IncomingMessage['headers'] }[];
let status = 200;

beforeEach(async () => {
  seen = [];
  status = 200;
  cache = createServer((req, res) => {
    seen.push({ method: req.method ?? '', headers: req.headers });
    res.writeHead(status).end('ok');
  });
  at = await listen(cache);
});
afterEach(() => stop(cache));

describe('createPurger', () => {
  it('none: nothing is sent', async () => {
    const purger = createPurger({});
    expect(purger.kind).toBe('none');
    await purger.purge(['p1']);
    expect(seen).toEqual([]);
  });

  it('varnish: PURGE with the keys in xkey-purge, to every cache, in chunks a header takes, each key once', async () => {
    const purger = createPurger({ kind: 'varnish', urls: [at, `${at}/`] });
    const keys = Array.from({ length: KEYS_PER_PURGE + 5 }, (_, i) => `p${i}`);
    await purger.purge([...keys, 'p1']);
    expect(seen).toHaveLength(4);
    expect(seen.every((request) => request.method === 'PURGE')).toBe(true);
    const sent = seen.flatMap((request) => String(request.headers['xkey-purge']).split(' '));
    expect(new Set(sent)).toEqual(new Set(keys));
    expect(sent).toHaveLength(2 * keys.length);
  });

  it('fastly: POST with Surrogate-Key and the token', async () => {
    await createPurger({ kind: 'fastly', urls: [at], token: 't0ken' }).purge(['p1', 'c2']);
    expect(seen[0]).toMatchObject({ method: 'POST', headers: { 'surrogate-key': 'p1 c2', 'fastly-key': 't0ken' } });
  });

  it('rejects when a cache does not confirm (the feed tries again), and refuses a setting it cannot use', async () => {
    status = 403;
    await expect(createPurger({ kind: 'varnish', urls: [at] }).purge(['p1'])).rejects.toThrow('answered 403');
    expect(() => createPurger({ kind: 'akamai', urls: [at] })).toThrow('CDN_PURGE must be');
    expect(() => createPurger({ kind: 'varnish' })).toThrow('CDN_PURGE_URLS');
    expect(() => createPurger({ kind: 'fastly', urls: [at] })).toThrow('CDN_PURGE_TOKEN');
    expect(() => createPurger({ kind: 'varnish', urls: ['not a url'] })).toThrow();
  });
});
