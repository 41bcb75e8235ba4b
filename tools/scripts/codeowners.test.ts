import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// CODEOWNERS covers every file of the repo that a team works in: the apps, the API and each
// contract area have an owner of their own, not only the catch-all of a parent folder.
const workspace = join(__dirname, '../..');

type Rule = { pattern: RegExp; owners: string[]; line: string };

/** The subset of CODEOWNERS patterns this repo uses: rooted paths, folder prefixes, `*` within a name. */
function rulesOf(text: string): Rule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [path, ...owners] = line.split(/\s+/);
      const body = path!
        .replace(/^\//, '')
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*');
      return { pattern: new RegExp(`^${body}${path!.endsWith('/') ? '' : '$'}`), owners, line };
    });
}

/** The owners of a file: the last matching line wins, as on GitHub. */
function ownersOf(rules: Rule[], file: string): string[] {
  let owners: string[] = [];
  for (const rule of rules) if (rule.pattern.test(file)) owners = rule.owners;
  return owners;
}

const rules = rulesOf(readFileSync(join(workspace, 'CODEOWNERS'), 'utf8'));
const tracked = execFileSync('git', ['ls-files'], { cwd: workspace, encoding: 'utf8' }).split('\n').filter(Boolean);

describe('CODEOWNERS', () => {
  it('gives every tracked file under apps/, libs/, tools/ and e2e/ an owner', () => {
    const unowned = tracked.filter((file) => /^(apps|libs|tools|e2e)\//.test(file) && ownersOf(rules, file).length === 0);
    expect(unowned).toEqual([]);
  });

  it('gives each API area and each contract area file its calling team (with the platform team)', () => {
    const areaFiles = tracked.filter(
      (file) =>
        /^apps\/api\/src\/areas\/(catalogue|product|cart|account|appointments)\//.test(file) ||
        /^libs\/api-client\/src\/contract\/areas\/(?!index\.ts|areas\.test\.ts|README\.md|shell-routes|marketing)[^/]+$/.test(file),
    );
    expect(areaFiles.length).toBeGreaterThan(40);
    const withoutTeam = areaFiles.filter((file) => {
      const owners = ownersOf(rules, file);
      return !owners.includes('@eyewear/platform') || owners.every((owner) => owner === '@eyewear/platform');
    });
    expect(withoutTeam).toEqual([]);
  });

  it('matches as GitHub does: the last matching line wins', () => {
    expect(ownersOf(rules, 'apps/api/src/areas/cart/orders.ts')).toEqual(['@eyewear/cart-checkout', '@eyewear/platform']);
    expect(ownersOf(rules, 'apps/api/src/http/errors.ts')).toEqual(['@eyewear/platform']);
    expect(ownersOf(rules, 'libs/api-client/src/contract/areas/catalogue-routes.ts')).toEqual(['@eyewear/catalog', '@eyewear/platform']);
  });
});
