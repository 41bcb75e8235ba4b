import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { createFaceDetector, type FaceDetector, type HumanModule } from '../detector';
import { HUMAN_DIR } from './images';

const requireHere = createRequire(__filename);

/**
 * The detector in Node, as the browser will use it: Human's model files served over HTTP from
 * a local origin (as the storefront will serve them from its own), WASM backend (Human's
 * `dist/human.node-wasm.js`: tfjs-core, -converter and -backend-wasm from npm; never
 * @tensorflow/tfjs-node, whose install downloads a native binary from elsewhere).
 */
export async function nodeFaceDetector(): Promise<{ detector: FaceDetector; close: () => Promise<void> }> {
  const modelsDir = join(HUMAN_DIR, 'models');
  const server: Server = createServer((request, response) => {
    const path = normalize(join(modelsDir, decodeURIComponent((request.url ?? '/').split('?')[0]!)));
    if (!path.startsWith(modelsDir)) return void response.writeHead(404).end();
    readFile(path).then(
      (body) => response.writeHead(200, { 'content-type': path.endsWith('.json') ? 'application/json' : 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const detector = createFaceDetector({
    load: async () => requireHere(join(HUMAN_DIR, 'dist', 'human.node-wasm.js')) as HumanModule,
    modelBasePath: `http://127.0.0.1:${port}/`,
    // In Node, tfjs's WASM backend reads its .wasm files from disk.
    wasmPath: join(dirname(requireHere.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + '/',
    backends: ['wasm'],
  });
  return { detector, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
