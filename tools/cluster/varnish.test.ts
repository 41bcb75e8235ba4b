// The cluster's Varnish (deploy/varnish/default.vcl with its backend set by varnish.mjs) in front
// of a stand-in edge that answers as the edge does for shared and private pages: what is kept,
// on which key, what passes, what a purge by key removes, and that gzip and identity clients get
// the same page. Skipped where Debian's varnish and varnish-modules are not installed (as root,
// the cluster installs them).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync, gunzipSync } from 'node:zlib';
import { varnishdBin, xkeyPresent } from '../scripts/varnish.mjs';
import { clusterVcl, varnishArgs } from './varnish.mjs';

const WORKSPACE = resolve(__dirname, '../..');
const varnishd: string | null = varnishdBin();
const ready = Boolean(varnishd && xkeyPresent());
if (!ready) console.warn('Varnish test skipped: Debian varnish and varnish-modules are not installed');
const PORT = 23000 + (process.pid % 500) * 2;
const SHARED = 'public, max-age=0, s-maxage=600, stale-while-revalidate=3600';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0 Safari/537.36';
const MANY_KEYS = Array.from({ length: 600 }, (_, i) => `p${128000 + i}`).join(' ');

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };
function ask(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, method, headers: { 'user-agent': DESKTOP, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}
const html = (answer: Answer) => (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString();

describe('Varnish in front of the edges', () => {
  let backend: Server;
  let varnish: ChildProcess;
  let dir: string;
  /** What the stand-in edge was asked: the URL and headers of each request. */
  const asked: { url: string; headers: IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    if (!ready) return;
    backend = createServer((req, res) => {
      asked.push({ url: req.url ?? '', headers: req.headers });
      const n = asked.length;
      const path = (req.url ?? '').split('?')[0];
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', vary: 'Accept-Encoding' };
      if (path === '/private') headers['cache-control'] = 'private, no-store';
      else headers['cache-control'] = SHARED;
      if (path === '/cookie') headers['set-cookie'] = 'mf_sid=x; Path=/';
      if (path === '/eyetest') {
        // A legacy URL: its redirect keeps the query (the edge's legacyRedirect).
        res.writeHead(301, { location: `/HTO${(req.url ?? '').slice(path.length)}`, 'cache-control': 'public, max-age=86400' });
        return void res.end();
      }
      if (path === '/page' || path === '/other') Object.assign(headers, { xkey: `p1 ${path === '/page' ? 'c1' : 'c2'}`, 'surrogate-key': 'p1 c1' });
      // A long listing: the edge's most keys a page (600) in both headers.
      if (path === '/many') Object.assign(headers, { xkey: MANY_KEYS, 'surrogate-key': MANY_KEYS });
      const body = Buffer.from(`<!doctype html><p>answer ${n} for ${req.url}</p>${'x'.repeat(2000)}`);
      const gzip = /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
      if (gzip) headers['content-encoding'] = 'gzip';
      res.writeHead(200, headers);
      res.end(gzip ? gzipSync(body) : body);
    });
    await new Promise<void>((done) => backend.listen(PORT + 1, '127.0.0.1', done));
    dir = mkdtempSync(join(tmpdir(), 'varnish-test-'));
    chmodSync(dir, 0o755);
    const vclFile = join(dir, 'test.vcl');
    writeFileSync(vclFile, clusterVcl({ workspace: WORKSPACE, host: '127.0.0.1', port: PORT + 1 }), { mode: 0o644 });
    varnish = spawn(varnishd!, varnishArgs({ workDir: join(dir, 'work'), vclFile, listen: `127.0.0.1:${PORT}`, storage: 'malloc,32m' }), { stdio: 'ignore' });
    for (let i = 0; i < 100; i += 1) {
      if (
        await ask('/livez').then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error('varnishd did not start');
  }, 30_000);

  afterAll(async () => {
    if (!ready) return;
    varnish.kill('SIGTERM');
    await new Promise((done) => varnish.once('exit', done));
    await new Promise((done) => backend.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  const test = ready ? it : it.skip;

  test('keeps a shared page once for shoppers with other cookies and junk parameters, cookies sent on, keys hidden', async () => {
    const first = await ask('/page?utm_source=a&sort=new&brand=x', { cookie: '_ga=GA1.1.1; mf_sid=abc', 'accept-encoding': 'gzip' });
    const second = await ask('/page?brand=x&gclid=9&sort=new', { cookie: '_ga=GA1.1.2', 'accept-encoding': 'gzip' });
    expect([first.headers['x-cache'], second.headers['x-cache']]).toEqual(['MISS', 'HIT']);
    expect(html(second)).toBe(html(first));
    for (const header of ['xkey', 'surrogate-key', 'via']) expect(second.headers[header]).toBeUndefined();
    const seen = asked.find((a) => a.url.startsWith('/page?utm_source=a'));
    expect(seen?.headers['cookie']).toBe('_ga=GA1.1.1; mf_sid=abc');
    expect(Object.keys(seen?.headers ?? {}).filter((name) => /^x-(page|cache|purged)/.test(name))).toEqual([]);
  });

  test('keeps a copy per builds cookie, device, crawler and customer', async () => {
    const cache = async (headers: Record<string, string>) =>
      (await ask('/page?sort=new&brand=x', { 'accept-encoding': 'gzip', ...headers })).headers['x-cache'];
    expect(await cache({ cookie: 'mf_v=abc1' })).toBe('MISS');
    expect(await cache({ cookie: 'mf_v=abc1; _ga=3' })).toBe('HIT');
    // A malformed builds cookie keys as none.
    expect(await cache({ cookie: 'mf_v=NOT-ok' })).toBe('HIT');
    expect(await cache({ 'user-agent': PHONE })).toBe('MISS');
    expect(await cache({ 'user-agent': PHONE, 'sec-ch-ua-mobile': '?0' })).toBe('HIT');
    expect(await cache({ 'sec-ch-ua-mobile': '?1' })).toBe('HIT');
    expect(await cache({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).toBe('MISS');
    expect(await cache({ cookie: 'hasPlacedOrder=true' })).toBe('MISS');
    expect(await cache({ cookie: 'hasPlacedOrder=false' })).toBe('HIT');
  });

  test('passes writes, the API, health checks and QA overrides; never keeps private pages or a Set-Cookie', async () => {
    const cacheOf = async (path: string, headers: Record<string, string> = {}, method = 'GET') => (await ask(path, headers, method)).headers['x-cache'];
    for (const path of ['/api/v2/x', '/_edge/shell/1/server/a.js', '/remotes.json', '/livez', '/healthz?x=1', '/readyz'])
      expect([path, await cacheOf(path)]).toEqual([path, 'PASS']);
    expect(await cacheOf('/page?remote-override=catalog@1.0.0')).toBe('PASS');
    expect(await cacheOf('/page', { cookie: 'a=1; mf_override=catalog@1.0.0' })).toBe('PASS');
    expect(await cacheOf('/page', {}, 'POST')).toBe('PASS');
    for (const path of ['/private', '/cookie']) {
      expect([await cacheOf(path), await cacheOf(path)]).toEqual(['MISS', 'MISS']);
      expect((await ask(path)).headers['set-cookie'] ?? null).toEqual(path === '/cookie' ? ['mf_sid=x; Path=/'] : null);
    }
  });

  test('keeps a redirect asked without a query, not one whose location carries the query', async () => {
    const redirect = async (path: string) => {
      const answer = await ask(path);
      return [answer.headers['x-cache'], answer.headers['location']];
    };
    expect(await redirect('/eyetest')).toEqual(['MISS', '/HTO']);
    expect(await redirect('/eyetest')).toEqual(['HIT', '/HTO']);
    expect(await redirect('/eyetest?utm_source=a')).toEqual(['PASS', '/HTO?utm_source=a']);
    expect(await redirect('/eyetest?utm_source=b')).toEqual(['PASS', '/HTO?utm_source=b']);
    expect(await redirect('/eyetest')).toEqual(['HIT', '/HTO']);
  });

  test('gives a client without gzip the same page, unzipped', async () => {
    const zipped = await ask('/page?q=glasses', { 'accept-encoding': 'gzip' });
    const plain = await ask('/page?q=glasses', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html(zipped));
  });

  test('purges every page of a key from loopback and refuses a purge without keys', async () => {
    await ask('/other');
    expect((await ask('/other')).headers['x-cache']).toBe('HIT');
    expect((await ask('/page?q=glasses')).headers['x-cache']).toBe('HIT');
    const purged = await ask('/', { 'xkey-purge': 'c2 p9' }, 'PURGE');
    expect([purged.status, JSON.parse(purged.body.toString())]).toEqual([200, { purged: 1 }]);
    expect((await ask('/other')).headers['x-cache']).toBe('MISS');
    expect((await ask('/page?q=glasses')).headers['x-cache']).toBe('HIT');
    expect(JSON.parse((await ask('/', { 'xkey-purge': 'p1' }, 'PURGE')).body.toString()).purged).toBeGreaterThan(1);
    expect((await ask('/page?q=glasses')).headers['x-cache']).toBe('MISS');
    expect((await ask('/', {}, 'PURGE')).status).toBe(400);
  });

  test('keeps a page with 600 keys and purges it by its last', async () => {
    expect([(await ask('/many')).headers['x-cache'], (await ask('/many')).headers['x-cache']]).toEqual(['MISS', 'HIT']);
    expect(JSON.parse((await ask('/', { 'xkey-purge': 'p128599' }, 'PURGE')).body.toString())).toEqual({ purged: 1 });
    expect((await ask('/many')).headers['x-cache']).toBe('MISS');
  });
});
