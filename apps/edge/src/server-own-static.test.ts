// The edge's own static files (issue 43, docs/adr/058): the face model copied into its build,
// served at /static/face/human-<version>/ for good, with WebAssembly's type, never outside the folder.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEdgeServer } from './server';
import { startEdgeFixture, stopEdgeFixture, type EdgeFixture } from './testing/servers';

let fixture: EdgeFixture;
let staticDir: string;
// The start of a WebAssembly module ("\0asm", version 1), then padding: over the compression threshold.
const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(4096)]);

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'edge-static-'));
  const folder = join(staticDir, 'face', 'human-3.3.6');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'tfjs-backend-wasm-simd.wasm'), wasm);
  await writeFile(join(folder, 'iris.bin'), Buffer.from([1, 2, 3, 4]));
  await writeFile(join(folder, 'iris.json'), JSON.stringify({ format: 'graph-model' }));
  await writeFile(join(staticDir, '..', 'edge-static-secret.txt'), 'do not serve');
  fixture = await startEdgeFixture((options) => createEdgeServer({ ...options, ssr: false, staticDir }));
});

afterAll(async () => {
  await stopEdgeFixture(fixture);
  await rm(staticDir, { recursive: true, force: true });
  await rm(join(staticDir, '..', 'edge-static-secret.txt'), { force: true });
}, 20_000);

describe("edge server: its own versioned files (the face model's)", () => {
  it('serves the model and the .wasm files for good, the WebAssembly with its type (streamed compilation) and compressed', async () => {
    const model = await fetch(`${fixture.base}/static/face/human-3.3.6/iris.json`);
    expect(model.status).toBe(200);
    expect(model.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(model.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await model.json()).toEqual({ format: 'graph-model' });
    const weights = await fetch(`${fixture.base}/static/face/human-3.3.6/iris.bin`);
    expect(weights.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await weights.arrayBuffer())).toEqual(Buffer.from([1, 2, 3, 4]));
    const code = await fetch(`${fixture.base}/static/face/human-3.3.6/tfjs-backend-wasm-simd.wasm`, { headers: { 'accept-encoding': 'br' } });
    expect(code.headers.get('content-type')).toBe('application/wasm');
    expect(code.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await code.arrayBuffer())).toEqual(wasm);
  });

  it('answers 404 for a file or version it does not have, and never leaves its folder', async () => {
    expect((await fetch(`${fixture.base}/static/face/human-9.9.9/iris.json`)).status).toBe(404);
    expect((await fetch(`${fixture.base}/static/face/human-3.3.6/missing.bin`)).status).toBe(404);
    const escape = await fetch(`${fixture.base}/static/..%2fedge-static-secret.txt`);
    expect(escape.status).toBe(404);
    expect(await escape.text()).not.toContain('do not serve');
  });

  it('lets pages use the camera on this origin (live try-on) and compile WebAssembly, nothing more', async () => {
    const page = await fetch(`${fixture.base}/product/123`);
    expect(page.headers.get('permissions-policy')).toContain('camera=(self)');
    expect(page.headers.get('permissions-policy')).toContain('microphone=()');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
    expect(csp).not.toContain("'unsafe-eval'");
  });
});
