import { join } from 'node:path';
import { safeJoin } from './safe-join';

const base = '/srv/deploy/shell/1.0.0';

describe('safeJoin', () => {
  it('maps a request path to a file inside the base, decoded', () => {
    expect(safeJoin(base, '/main.0123abcd.js')).toBe(join(base, 'main.0123abcd.js'));
    expect(safeJoin(base, '/assets/a%20b.png')).toBe(join(base, 'assets/a b.png'));
    expect(safeJoin(base, '/assets/../main.js')).toBe(join(base, 'main.js'));
    expect(safeJoin(base, '/')).toBe(`${base}/`);
    expect(safeJoin(base, '')).toBe(base);
    expect(safeJoin(`${base}/`, '/x.js')).toBe(join(base, 'x.js'));
  });

  it('is null for a path that leaves the base, plainly or percent-escaped', () => {
    expect(safeJoin(base, '/../1.0.1/main.js')).toBeNull();
    expect(safeJoin(base, '/..%2f..%2fpublish.json')).toBeNull();
    expect(safeJoin(base, '/%2e%2e/%2e%2e/remotes.json')).toBeNull();
    expect(safeJoin(base, '/../../../../etc/passwd')).toBeNull();
    // A sibling whose name starts like the base is outside it.
    expect(safeJoin(base, '/../1.0.0-other/main.js')).toBeNull();
  });

  it('is null for a malformed escape or a NUL byte', () => {
    expect(safeJoin(base, '/%E0%A4%A')).toBeNull();
    expect(safeJoin(base, '/%zz.js')).toBeNull();
    expect(safeJoin(base, '/main.js%00.png')).toBeNull();
  });
});
