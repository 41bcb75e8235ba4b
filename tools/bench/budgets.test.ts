/**
 * bench/budgets.json is edited by hand (the size ratchet after each change): twice an edit of an
 * app's byte budget also replaced the product page's Lighthouse target, which the bench then
 * reported as broken at a score of 100. Each figure must be of its kind.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPS } from '../release/deploy.mjs';

const budgets = JSON.parse(readFileSync(join(__dirname, '../../bench/budgets.json'), 'utf8'));

it('sets Lighthouse targets as scores (0-100)', () => {
  const scores = [budgets.lighthouse.score, ...Object.values(budgets.lighthouse.scoreByPage ?? {})];
  for (const score of scores) expect(score).toEqual(expect.any(Number));
  expect(scores.filter((score) => score < 0 || score > 100)).toEqual([]);
  expect(budgets.lighthouse.cls).toBeLessThan(1);
});

it('sets a byte budget for each app, and only for apps', () => {
  const sizes = Object.fromEntries(Object.entries(budgets.sizes).filter(([key]) => !key.startsWith('$')));
  expect(Object.keys(sizes).sort()).toEqual([...APPS].sort());
  for (const bytes of Object.values(sizes)) expect(bytes).toBeGreaterThan(1000);
});
