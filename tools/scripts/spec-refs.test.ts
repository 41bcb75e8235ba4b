import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// A reference to a section of the specs names its spec: section N of docs/spec/shopping.md and
// section N of docs/spec/account.md are different topics (issue 18, item 10). Comments, test
// names and strings write `shopping §9`, `account §7 Orders`, `spec/shopping.md §2`; a short
// list after a named one keeps its spec (`shopping §4, §8`, `account §5/§8`).
const workspace = join(__dirname, '../..');

/** The section sign, spelt as an escape so that this file holds no reference of its own. */
const S = '\u00a7';
const REFERENCE = new RegExp(`${S} ?\\d+`, 'g');
/** A spec's name close before the reference: shopping, account.md, spec/shopping.md, "account spec". */
const NAMED = new RegExp(`(shopping|account)(\\.md)?[^${S}]{0,12}$`);
/** Another document's section (a standard, not one of the specs), named just before it. */
const EXTERNAL = /(OpenID Connect Discovery|RFC ?\d+) ?$/;
/** How far a reference may follow a named one on its line and still belong to the same spec. */
const LIST_GAP = 30;

/** The columns of the references on a line that do not say which spec they mean. */
function unnamedReferences(line: string): number[] {
  const unnamed: number[] = [];
  let lastNamedEnd: number | undefined;
  for (const match of line.matchAll(REFERENCE)) {
    const at = match.index!;
    const before = line.slice(0, at);
    const named = NAMED.test(before) || EXTERNAL.test(before) || (lastNamedEnd !== undefined && at - lastNamedEnd <= LIST_GAP);
    lastNamedEnd = named ? at + match[0].length : undefined;
    if (!named) unnamed.push(at);
  }
  return unnamed;
}

/** Tracked text files under apps/, libs/, tools/ and e2e/, without node_modules, the specs or binaries. */
function trackedTextFiles(): { file: string; text: string }[] {
  const tracked = execFileSync('git', ['ls-files', '-z', 'apps', 'libs', 'tools', 'e2e'], { cwd: workspace, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean)
    .filter((file) => !file.split('/').includes('node_modules') && !/(^|\/)docs\/spec\//.test(file));
  return tracked.flatMap((file) => {
    const path = join(workspace, file);
    if (!existsSync(path)) return [];
    const bytes = readFileSync(path);
    if (bytes.includes(0)) return [];
    return [{ file, text: bytes.toString('utf8') }];
  });
}

describe('spec section references', () => {
  it('name their spec in every tracked file under apps/, libs/, tools/ and e2e/', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(500);
    const unnamed = files.flatMap(({ file, text }) =>
      text.split('\n').flatMap((line, index) => (unnamedReferences(line).length ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(unnamed).toEqual([]);
  });

  it('accepts the forms the repo uses', () => {
    for (const line of [
      `/** shopping ${S}9: delay before saving category data. */`,
      `it('pages append (account ${S}4 Reviews)')`,
      `(spec/shopping.md ${S}2 Listing page)`,
      `the mobile rule (account.md ${S}5)`,
      `(account spec ${S}3 "Country configuration")`,
      `(shopping ${S}4, ${S}8)`,
      `account ${S}5/${S}8: the call fails`,
      `shopping ${S}2 / account ${S}2: the login popup`,
      `(OpenID Connect Discovery ${S}4.3)`,
    ]) {
      expect({ line, unnamed: unnamedReferences(line) }).toEqual({ line, unnamed: [] });
    }
  });

  it('refuses a reference without its spec, or too far from it', () => {
    expect(unnamedReferences(`/** ${S}9: delay before saving category data. */`)).toEqual([4]);
    expect(unnamedReferences(`(spec ${S}2 Listing page)`)).toEqual([6]);
    expect(unnamedReferences(`it('saves visited pages (${S}9)')`)).toHaveLength(1);
    expect(unnamedReferences(`shopping ${S}4: a long sentence that goes on and on and on, then (${S}8)`)).toHaveLength(1);
    expect(unnamedReferences(`Shopping ${S}8`)).toHaveLength(1);
  });
});
