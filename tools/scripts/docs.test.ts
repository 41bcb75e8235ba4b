import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The why lives in the repo: the specs are vendored under docs/spec/ and kept equal to the
// product team's copies, and every ADR is in the index of docs/adr/.
const workspace = join(__dirname, '../..');
const shared = join(workspace, '../shared/spec');
const SPECS = ['shopping.md', 'account.md'];

describe('docs/spec', () => {
  it('holds both specs', () => {
    for (const spec of SPECS) expect(readFileSync(join(workspace, 'docs/spec', spec), 'utf8')).toMatch(/^#/);
  });

  // On a machine without the team's shared folder (a fresh CI clone) there is nothing to compare with.
  (existsSync(shared) ? it : it.skip)('are the same as the shared specs beside the repository', () => {
    for (const spec of SPECS) {
      expect({ spec, text: readFileSync(join(workspace, 'docs/spec', spec), 'utf8') }).toEqual({ spec, text: readFileSync(join(shared, spec), 'utf8') });
    }
  });
});

describe('docs/adr', () => {
  it('lists every ADR in its index, with its title', () => {
    const index = readFileSync(join(workspace, 'docs/adr/README.md'), 'utf8');
    const adrs = readdirSync(join(workspace, 'docs/adr')).filter((name) => /^\d{3}-.+\.md$/.test(name));
    expect(adrs.length).toBeGreaterThan(20);
    const missing = adrs.filter((name) => {
      const title = readFileSync(join(workspace, 'docs/adr', name), 'utf8').split('\n')[0]!.replace(/^#\s*\d+[.:]\s*/, '').trim();
      return !index.includes(`](${name})`) || !index.includes(title);
    });
    expect(missing).toEqual([]);
  });
});
