// Static files sent by a real http server of the test's own, from a real temp dir.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, constants as zlib } from 'node:zlib';
import { SECURITY_HEADERS } from '../http/respond';
import { OriginError, diskFiles, type DeployFiles } from './deploy-files';
import { listen } from '../testing/servers';

const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));
import { safeJoin } from './safe-join';
import { IMMUTABLE, createStaticFiles, type StaticFiles, type StaticFilesOptions } from './static-files';

const MAIN = `console.log(${JSON.stringify('a build of the shell '.repeat(120))});`;

/** The deployed files, counting reads per path. */
function counting(files: DeployFiles) {
  const reads: Record<string, number> = {};
  const readFile = ((path: string, encoding?: BufferEncoding) => {
    reads[path] = (reads[path] ?? 0) + 1;
    return encoding ? files.readFile(path, encoding) : files.readFile(path);
  }) as DeployFiles['readFile'];
  return { files: { ...files, readFile }, reads };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function ask(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

let dir: string;
let build: string;
let server: Server | null;
let statics: StaticFiles | null;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edge-static-'));
  build = join(dir, 'shell', '1.0.0');
  await mkdir(join(build, 'assets'), { recursive: true });
  await writeFile(join(build, 'main.0123abcd.js'), MAIN);
  await writeFile(join(build, 'main.0123abcd.js.map'), JSON.stringify({ mappings: 'A'.repeat(4000) }));
  await writeFile(join(build, 'small.txt'), 'short');
  await writeFile(join(build, 'assets', 'logo.png'), Buffer.alloc(4096, 7));
  server = null;
  statics = null;
});

afterEach(async () => {
  statics?.close();
  if (server) await close(server);
  await rm(dir, { recursive: true, force: true });
});

/**
 * An edge of the test's own: files under `build` (404 outside it, and when sendStatic says
 * false), 502 on an OriginError; `sent` is what sendStatic said, per call.
 */
async function serve(options: Partial<StaticFilesOptions> = {}) {
  const made = createStaticFiles({ files: diskFiles, securityHeaders: SECURITY_HEADERS, liveDirs: async () => [build], warmAhead: false, ...options });
  statics = made;
  const sent: boolean[] = [];
  server = createServer(async (req, res) => {
    const file = safeJoin(build, new URL(req.url ?? '/', 'http://edge').pathname);
    try {
      if (file === null) return void res.writeHead(404).end('outside the build');
      const done = await made.sendStatic(req, res, file, IMMUTABLE);
      sent.push(done);
      if (!done) res.writeHead(404).end('not found');
    } catch (error) {
      res.writeHead(error instanceof OriginError ? 502 : 500).end(String(error));
    }
  });
  return { url: await listen(server), statics: made, sent };
}

describe('sendStatic', () => {
  it('sends a file as brotli, gzip or as it is, each decoding to the file, with the headers', async () => {
    const { url } = await serve();
    const br = await ask(`${url}/main.0123abcd.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(MAIN);
    expect(br.headers).toMatchObject({
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': IMMUTABLE,
      'content-length': String(br.body.length),
      'access-control-allow-origin': '*',
      vary: 'Accept-Encoding',
      ...SECURITY_HEADERS,
    });
    const gzip = await ask(`${url}/main.0123abcd.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(MAIN);
    const plain = await ask(`${url}/main.0123abcd.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(MAIN);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(MAIN)));
  });

  it('sends small files and images as they are', async () => {
    const { url } = await serve();
    const small = await ask(`${url}/small.txt`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(small.body.toString()).toBe('short');
    const png = await ask(`${url}/assets/logo.png`, { 'accept-encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.body.equals(Buffer.alloc(4096, 7))).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const { url } = await serve();
    const get = await ask(`${url}/main.0123abcd.js`, { 'accept-encoding': 'gzip' });
    const head = await ask(`${url}/main.0123abcd.js`, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('is false for a missing file or a folder, and nothing escapes the root', async () => {
    const { url, sent } = await serve();
    expect((await ask(`${url}/none.js`)).status).toBe(404);
    expect((await ask(`${url}/assets`)).status).toBe(404);
    expect(sent).toEqual([false, false]);
    expect(safeJoin(build, '/..%2f..%2f..%2fshell.json')).toBeNull();
    // Outside the build: never asked for.
    expect((await ask(`${url}/..%2f1.0.1%2fmain.js`)).status).toBe(404);
    expect(sent).toHaveLength(2);
  });

  it('passes on an origin that does not answer (not a missing file)', async () => {
    const stat = jest.fn<ReturnType<DeployFiles['stat']>, [string]>().mockRejectedValueOnce(new OriginError('the origin answered 503'));
    stat.mockRejectedValueOnce(Object.assign(new Error('ENOENT'), { code: 'ENOENT' }));
    const { url } = await serve({ files: { ...diskFiles, stat } });
    expect((await ask(`${url}/main.0123abcd.js`)).status).toBe(502);
    expect((await ask(`${url}/main.0123abcd.js`)).status).toBe(404);
  });

  it('reads and compresses a file once per encoding, keeps the best copy, and makes a new one when the file changes', async () => {
    const { files, reads } = counting(diskFiles);
    const { url, statics: made } = await serve({ files });
    const file = join(build, 'main.0123abcd.js');
    const answers = await Promise.all([1, 2, 3, 4].map(() => ask(`${url}/main.0123abcd.js`, { 'accept-encoding': 'br' })));
    for (const answer of answers) expect(brotliDecompressSync(answer.body).toString()).toBe(MAIN);
    // The best copy and the quick one meanwhile: two reads, whatever the number of requests.
    expect(reads[file]).toBe(2);
    await made.warm();
    const best = await ask(`${url}/main.0123abcd.js`, { 'accept-encoding': 'br' });
    expect(best.body.equals(brotliCompressSync(Buffer.from(MAIN), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }))).toBe(true);
    expect(reads[file]).toBe(2);
    await ask(`${url}/main.0123abcd.js`);
    await ask(`${url}/main.0123abcd.js`);
    expect(reads[file]).toBe(3);

    await writeFile(file, `${MAIN}\n// changed`);
    await utimes(file, new Date(), new Date(Date.now() + 60_000));
    expect(brotliDecompressSync((await ask(`${url}/main.0123abcd.js`, { 'accept-encoding': 'br' })).body).toString()).toBe(`${MAIN}\n// changed`);
  });
});

describe('warming the live builds', () => {
  it("compresses the live builds' compressible files at their best, once per folder, not the source maps or small files", async () => {
    const { files, reads } = counting(diskFiles);
    const liveDirs = jest.fn(async () => [build, join(dir, 'shell', '9.9.9')]);
    const { statics: made } = await serve({ files, liveDirs });
    const first = made.warm();
    expect(made.warm()).toBe(first);
    await first;
    expect(reads).toEqual({ [join(build, 'main.0123abcd.js')]: 1 });
    await made.warm();
    expect(liveDirs).toHaveBeenCalledTimes(2);
    expect(reads).toEqual({ [join(build, 'main.0123abcd.js')]: 1 });
  });

  it('warms at once and then every warmEveryMs when warmAhead, and stops on close; a failing liveDirs is no error', async () => {
    const liveDirs = jest.fn(async (): Promise<string[]> => {
      throw new Error('no shell.json');
    });
    const ahead = createStaticFiles({ files: diskFiles, securityHeaders: SECURITY_HEADERS, liveDirs, warmAhead: true, warmEveryMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    ahead.close();
    const calls = liveDirs.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(liveDirs.mock.calls.length).toBe(calls);

    const idle = jest.fn(async () => [build]);
    createStaticFiles({ files: diskFiles, securityHeaders: SECURITY_HEADERS, liveDirs: idle, warmAhead: false, warmEveryMs: 20 }).close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(idle).not.toHaveBeenCalled();
  });
});

describe('deployedText', () => {
  it('reads a deployed text once, null when unreadable (asked again later) or for no file', async () => {
    const { files, reads } = counting(diskFiles);
    const { statics: made } = await serve({ files });
    const file = join(build, 'small.txt');
    expect(await made.deployedText(file)).toBe('short');
    expect(await made.deployedText(file)).toBe('short');
    expect(reads[file]).toBe(1);
    const none = join(build, 'none.css');
    expect(await made.deployedText(none)).toBeNull();
    expect(await made.deployedText(none)).toBeNull();
    expect(reads[none]).toBe(2);
    expect(await made.deployedText(null)).toBeNull();
  });

  it('keeps at most 500 texts, the oldest out first', async () => {
    const readFile = jest.fn(async (path: string) => `text of ${path}`) as unknown as DeployFiles['readFile'];
    const made = createStaticFiles({ files: { ...diskFiles, readFile }, securityHeaders: SECURITY_HEADERS, liveDirs: async () => [], warmAhead: false });
    for (let i = 0; i <= 500; i += 1) await made.deployedText(`/d/${i}.css`);
    await made.deployedText('/d/500.css');
    await made.deployedText('/d/1.css');
    expect(readFile).toHaveBeenCalledTimes(501);
    expect(await made.deployedText('/d/0.css')).toBe('text of /d/0.css');
    expect(readFile).toHaveBeenCalledTimes(502);
  });
});
