import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The lib's entries cost no byte of the model: the model's code comes only through the
// detector's `load` (issue 43: it loads when the shopper opens try-on, the frame size or a face
// profile). Its types may be imported; its code, tfjs and React may not.
const sources = readdirSync(__dirname)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(join(__dirname, name), 'utf8') }));

describe('the entries', () => {
  it('import the model and tfjs for types only, and nothing of React or the DOM libraries', () => {
    expect(sources.map((source) => source.name).sort()).toEqual(['detector.ts', 'geometry.ts', 'index.ts', 'problems.ts', 'sizes.ts']);
    for (const { name, text } of sources) {
      const imports = [...text.matchAll(/^(import|export)\s+(type\s+)?[^'"]*from\s+'([^']+)'/gm)].map((m) => ({ name, type: Boolean(m[2]), from: m[3]! }));
      for (const found of imports) {
        if (found.from.startsWith('.')) continue;
        expect(found).toEqual({ name, type: true, from: '@vladmandic/human' });
      }
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      expect(code).not.toMatch(/import\(|require\(/);
    }
  });

  it('keeps @eyewear/face/sizes free of any import (the API takes it alone)', () => {
    expect(sources.find((source) => source.name === 'sizes.ts')!.text).not.toMatch(/^import/m);
  });
});
