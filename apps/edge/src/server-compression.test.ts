// The edge's compressed copies of the deployed files (createEdgeServer): gzip for clients
// without brotli, a quick brotli copy at once and the best one later, and the live builds'
// files compressed at their best before anyone asks.
import { request, type IncomingMessage } from 'node:http';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';
import { createEdgeServer } from './server';
import { listen, startEdgeFixture, stop, stopEdgeFixture, type EdgeFixture } from './testing/servers';

let fixture: EdgeFixture;
let base: string;

beforeAll(async () => {
  // Pages render in the browser here: these tests are about files.
  fixture = await startEdgeFixture((options) => createEdgeServer({ ...options, ssr: false }));
  ({ base } = fixture);
});

afterAll(() => stopEdgeFixture(fixture), 20_000);

/** A file as sent (undecoded: fetch would decode it), with the encoding the edge chose. */
function rawGet(url: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** A module of about the shell entry's size, its text set by `name`, `label` and the numbers. */
const largeModule = (name: string, label: string, prime: number, modulus: number): string =>
  Array.from({ length: 20_000 }, (_, i) => `export const ${name}${i} = ${JSON.stringify(`${label}-${i}-${(i * prime) % modulus}`)};`).join('\n');

describe('edge server: compression', () => {
  it('compresses with gzip for clients without brotli', async () => {
    const answer = await rawGet(`${base}/main.abcdef12.js`, 'gzip');
    expect(answer.encoding).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toContain('console.log');
  });

  it('answers a large file at once with a quick compressed copy, made on the thread pool, and later with the best one', async () => {
    // About the shell entry's size: brotli 11 takes a second or so, which inline stopped the edge.
    const text = largeModule('v', 'value', 7919, 104_729);
    await writeFile(join(fixture.root, 'shell/1.0.0/big.0badc0de.js'), text);
    const first = await rawGet(`${base}/big.0badc0de.js`, 'br');
    expect(first.encoding).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(text);
    // The best copy replaces the quick one once it is made: smaller, the same file.
    let later = first;
    for (let i = 0; i < 100 && later.body.length >= first.body.length; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await rawGet(`${base}/big.0badc0de.js`, 'br');
    }
    expect(later.body.length).toBeLessThan(first.body.length);
    expect(brotliDecompressSync(later.body).toString()).toBe(text);
  });

  it("compresses the live builds' files at their best ahead of the first shopper who asks", async () => {
    const text = largeModule('w', 'warm', 7907, 104_723);
    await writeFile(join(fixture.root, 'remotes/catalog/2.0.0/chunk.1234abcd.js'), text);
    // An edge of its own, started after the file was deployed: its warm-up finds the file.
    const warmEdge = createEdgeServer({ root: fixture.root, apiUrl: 'http://127.0.0.1:9', ssr: false });
    const warmBase = await listen(warmEdge);
    try {
      await warmEdge.warmLiveBuilds();
      const { body } = await rawGet(`${warmBase}/remotes/catalog/2.0.0/chunk.1234abcd.js`, 'br');
      expect(body.length).toBe(brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length);
    } finally {
      await stop(warmEdge);
    }
  });
});
