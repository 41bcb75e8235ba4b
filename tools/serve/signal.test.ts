import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSignalRecorder } from './signal.mjs';

describe('release signal files', () => {
  it('two edges in one process write files of their own, so neither replaces the other’s votes', async () => {
    const root = await mkdtemp(join(tmpdir(), 'signal-'));
    try {
      const now = () => Date.UTC(2026, 10, 26, 10, 0, 0);
      const first = createSignalRecorder({ root, now });
      const second = createSignalRecorder({ root, now });
      const yes = () => 'yes';
      first.record('s1', [{ kind: 'loaded', app: 'catalog', version: '1.0.0' }], yes);
      second.record('s2', [{ kind: 'loaded', app: 'catalog', version: '1.0.0' }], yes);
      await Promise.all([first.flush(), second.flush()]);
      const files = (await readdir(join(root, '.signal'))).filter((name) => name.endsWith('.json'));
      expect(files).toHaveLength(2);
      const instances = await Promise.all(files.map(async (name) => JSON.parse(await readFile(join(root, '.signal', name), 'utf8')).instance));
      expect(new Set(instances).size).toBe(2);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
