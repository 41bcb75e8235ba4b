import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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
      const title = readFileSync(join(workspace, 'docs/adr', name), 'utf8')
        .split('\n')[0]!
        .replace(/^#\s*\d+[.:]\s*/, '')
        .trim();
      return !index.includes(`](${name})`) || !index.includes(title);
    });
    expect(missing).toEqual([]);
  });
});

// A README per app and per API area says what it owns and how to work in it alone, in one shape
// per kind, so a developer moving between teams finds the same sections in the same order.
const APP_SECTIONS = ['What it owns', 'Run it alone', 'Layout', 'Add a page', 'Tests', 'Release', 'Owners'];
const API_SECTIONS = ['What it owns', 'Run it alone', 'Layout', 'Add an endpoint', 'Tests', 'Owners'];

const foldersOf = (path: string) =>
  readdirSync(join(workspace, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${path}/${entry.name}`);
/** The shell and the remotes: every app with a package.json, except the API. */
const APP_DIRS = foldersOf('apps').filter((dir) => dir !== 'apps/api' && existsSync(join(workspace, dir, 'package.json')));
/** The API and each of its areas. */
const API_DIRS = ['apps/api', ...foldersOf('apps/api/src/areas')];

/** A README's text without fenced code blocks (a `## ` or a link inside them is not one). */
const prose = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '');
const headingsOf = (text: string, level: number) =>
  prose(text)
    .split('\n')
    .filter((line) => line.startsWith(`${'#'.repeat(level)} `))
    .map((line) => line.slice(level + 1).trim());
/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (text: string) => new Set([1, 2, 3, 4, 5, 6].flatMap((level) => headingsOf(text, level)).map(anchorOf));

/** The relative links of a Markdown text (outside code), as written. */
function relativeLinksOf(text: string): string[] {
  const outsideCode = prose(text).replace(/`[^`\n]*`/g, '');
  return [...outsideCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** The links of a README whose file, or whose heading in a Markdown file, does not exist. */
function brokenLinksOf(readme: string): string[] {
  const text = readFileSync(join(workspace, readme), 'utf8');
  return relativeLinksOf(text).filter((target) => {
    const [path, anchor] = target.split('#') as [string, string | undefined];
    const file =
      path === ''
        ? join(workspace, readme)
        : path.startsWith('/')
          ? join(workspace, path)
          : resolve(dirname(join(workspace, readme)), decodeURIComponent(path));
    if (!existsSync(file)) return true;
    if (anchor && file.endsWith('.md')) return !anchorsOf(readFileSync(file, 'utf8')).has(anchor);
    return false;
  });
}

describe('app and API area READMEs', () => {
  it('finds the six apps, the API and its areas', () => {
    expect(APP_DIRS.length).toBeGreaterThanOrEqual(6);
    expect(API_DIRS.length).toBeGreaterThanOrEqual(7);
  });

  it.each(APP_DIRS)('%s/README.md has the sections of an app, in order', (dir) => {
    const readme = join(workspace, dir, 'README.md');
    expect(existsSync(readme)).toBe(true);
    expect(headingsOf(readFileSync(readme, 'utf8'), 2)).toEqual(APP_SECTIONS);
  });

  it.each(API_DIRS)('%s/README.md has the sections of the API and its areas, in order', (dir) => {
    const readme = join(workspace, dir, 'README.md');
    expect(existsSync(readme)).toBe(true);
    expect(headingsOf(readFileSync(readme, 'utf8'), 2)).toEqual(API_SECTIONS);
  });

  it.each([...APP_DIRS, ...API_DIRS])('every relative link of %s/README.md leads to a file that exists', (dir) => {
    expect(brokenLinksOf(`${dir}/README.md`)).toEqual([]);
  });

  it('the root README links every one of them', () => {
    const links = new Set(relativeLinksOf(readFileSync(join(workspace, 'README.md'), 'utf8')).map((target) => target.split('#')[0]));
    expect([...APP_DIRS, ...API_DIRS].map((dir) => `${dir}/README.md`).filter((readme) => !links.has(readme))).toEqual([]);
  });

  it('reads headings and links as Markdown does', () => {
    const text =
      '# T\n\n## One\n\n```sh\n## not a heading [x](nowhere.md)\n```\n\n## Two\n\nSee [a](a.md#one-two), `[b](b.md)` and [c](https://example.com).\n';
    expect(headingsOf(text, 2)).toEqual(['One', 'Two']);
    expect(relativeLinksOf(text)).toEqual(['a.md#one-two']);
    expect(anchorOf('What it owns')).toBe('what-it-owns');
    expect(anchorOf('One, two')).toBe('one-two');
  });
});
