import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as rules from './index';

// `@eyewear/i18n/rules` is imported by the API (Node, no DOM) and the contract: a rule file
// imports only other rule files and the country codes (and the index the React-free date
// format, ../dates, which imports only the country codes), never React or another package.
describe('the rules entry', () => {
  const dir = __dirname;
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  it.each(files)('%s imports nothing but rules and the country codes', (file) => {
    const source = readFileSync(join(dir, file), 'utf8');
    const imports = [...source.matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]);
    for (const spec of imports) expect(spec === '../country' || (file === 'index.ts' && spec === '../dates') || /^\.\/[\w-]+$/.test(spec!)).toBe(true);
    expect(source).not.toMatch(/\b(window|document|navigator)\./);
  });

  it('is the package export ./rules', () => {
    const pkg = JSON.parse(readFileSync(join(dir, '../../package.json'), 'utf8')) as { exports: Record<string, string> };
    expect(pkg.exports['./rules']).toBe('./src/rules/index.ts');
  });

  it('exports the rules of issue 18', () => {
    for (const name of [
      'isValidMobile',
      'isValidEmail',
      'isPincodeOf',
      'cardType',
      'luhnValid',
      'CURRENCY_OF',
      'formatPrice',
      'spectaclePowerValues',
      'contactLensSpheres',
      'WISHLIST_MAX',
      'isCrawler',
      'MOBILE_MEDIA_QUERY',
      'UTM_KEYS',
    ]) {
      expect(rules).toHaveProperty(name);
    }
  });
});
