import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { FACE_MODEL_PATH, HUMAN_VERSION } from './browser';
import { humanConfig } from './detector';

// The lib's entries cost no byte of the model: the model's code comes only through the
// detector's `load` (issue 43: it loads when the shopper opens try-on, the frame size or a face
// profile). Its types may be imported; its code, tfjs and React may not.
const sources = readdirSync(__dirname)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(join(__dirname, name), 'utf8') }));

describe('the entries', () => {
  it('import the model and tfjs for types only, and nothing of React or the DOM libraries', () => {
    expect(sources.map((source) => source.name).sort()).toEqual(['browser.ts', 'detector.ts', 'geometry.ts', 'index.ts', 'problems.ts', 'sizes.ts']);
    for (const { name, text } of sources.filter((source) => source.name !== 'browser.ts')) {
      const imports = [...text.matchAll(/^(import|export)\s+(type\s+)?[^'"]*from\s+'([^']+)'/gm)].map((m) => ({ name, type: Boolean(m[2]), from: m[3]! }));
      for (const found of imports) {
        if (found.from.startsWith('.')) continue;
        expect(found).toEqual({ name, type: true, from: '@vladmandic/human' });
      }
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      expect(code).not.toMatch(/import\(|require\(/);
    }
  });

  it("imports the model's code in @eyewear/face/browser only, once, on demand (a dynamic import: a chunk of its own)", () => {
    const code = sources
      .find((source) => source.name === 'browser.ts')!
      .text.replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    expect([...code.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map((m) => m[1])).toEqual(['@vladmandic/human']);
    expect([...code.matchAll(/^import\s+[^'"]*from\s+'([^']+)'/gm)].map((m) => m[1])).toEqual(['./detector']);
  });

  it("serves the model from the folder named by Human's installed version, the one the edge's build copies (model-files.cjs)", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const modelFiles = require('../model-files.cjs') as { faceModelPath(): string; humanVersion(): string; faceModelFiles(): { name: string; from: string }[] };
    expect(HUMAN_VERSION).toBe(modelFiles.humanVersion());
    expect(FACE_MODEL_PATH).toBe(modelFiles.faceModelPath());
    expect(FACE_MODEL_PATH).toMatch(/^\/static\/face\/human-\d+\.\d+\.\d+\/$/);
    const config = humanConfig({ modelBasePath: FACE_MODEL_PATH, wasmPath: FACE_MODEL_PATH }, 'wasm');
    const names = modelFiles.faceModelFiles().map((file) => file.name);
    for (const model of [config.face!.detector!.modelPath!, config.face!.mesh!.modelPath!, config.face!.iris!.modelPath!]) {
      expect(names).toContain(model);
      expect(names).toContain(model.replace(/\.json$/, '.bin'));
    }
    expect(names).toEqual(expect.arrayContaining(['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm']));
    for (const file of modelFiles.faceModelFiles()) expect(statSync(file.from).size).toBeGreaterThan(1000);
  });

  it('keeps @eyewear/face/sizes free of any import (the API takes it alone)', () => {
    expect(sources.find((source) => source.name === 'sizes.ts')!.text).not.toMatch(/^import/m);
  });
});
