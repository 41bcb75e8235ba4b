import { alphaAtLook, dueForLook, DEFAULT_MIN_SESSIONS, binomialUpperTail, judgeCanary, quantileOf, slowerThanStable, vitalsOf } from './analysis.mjs';

/** A small seeded generator (mulberry32), so every run of the simulation is the same. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One simulated rollout: shoppers arrive, `share` of them get the canary; each session fails
 * with its build's rate. The guard looks as it does in production: first when both sides have
 * the minimum sample, then each time the canary's sample has grown by LOOK_GROWTH. Returns
 * the canary's session count at the first `fail`, or null when it never fails before
 * `maxCanary` canary sessions or `maxSessions` sessions in all.
 */
function simulate(seed: number, { maxCanary = 3000, maxSessions = Infinity, share = 0.1, canaryRate = 0.02, stableRate = 0.005 } = {}) {
  const next = random(seed);
  const canary = { sessions: 0, failed: 0 };
  const stable = { sessions: 0, failed: 0 };
  let look = 0;
  let lastLook = 0;
  for (let i = 1; canary.sessions < maxCanary && i <= maxSessions; i += 1) {
    const side = next() < share ? canary : stable;
    side.sessions += 1;
    if (next() < (side === canary ? canaryRate : stableRate)) side.failed += 1;
    if (canary.sessions >= DEFAULT_MIN_SESSIONS && stable.sessions >= DEFAULT_MIN_SESSIONS && dueForLook(canary.sessions, lastLook)) {
      look += 1;
      lastLook = canary.sessions;
      if (judgeCanary({ canary, stable }, { look }).verdict === 'fail') return canary.sessions;
    }
  }
  return null;
}

describe('the exact test', () => {
  it('computes binomial tails', () => {
    expect(binomialUpperTail(10, 0, 0.3)).toBe(1);
    expect(binomialUpperTail(3, 3, 0.5)).toBeCloseTo(0.125, 10);
    expect(binomialUpperTail(10, 2, 0.1)).toBeCloseTo(1 - 0.9 ** 10 - 10 * 0.1 * 0.9 ** 9, 10);
    expect(binomialUpperTail(5, 6, 0.5)).toBe(0);
  });

  it('spends at most alpha over any number of looks', () => {
    let spent = 0;
    for (let look = 1; look <= 100_000; look += 1) spent += alphaAtLook(0.01, look);
    expect(spent).toBeLessThan(0.01);
    expect(spent).toBeGreaterThan(0.0099);
  });

  it('needs the minimum sample on both sides before any verdict', () => {
    const allFailing = judgeCanary({ canary: { sessions: 50, failed: 50 }, stable: { sessions: 5000, failed: 10 } });
    expect(allFailing.verdict).toBe('pending');
    expect(allFailing.reason).toMatch(/too few sessions/);
    expect(judgeCanary({ canary: { sessions: 500, failed: 0 }, stable: { sessions: 99, failed: 0 } }).verdict).toBe('pending');
  });

  it('fails a clearly worse canary, passes an equal one, holds a doubtful one', () => {
    expect(judgeCanary({ canary: { sessions: 200, failed: 30 }, stable: { sessions: 2000, failed: 20 } }).verdict).toBe('fail');
    expect(judgeCanary({ canary: { sessions: 200, failed: 1 }, stable: { sessions: 2000, failed: 10 } }).verdict).toBe('pass');
    // 3 pts above stable, not yet significant at this size: neither promoted nor rolled back.
    expect(judgeCanary({ canary: { sessions: 100, failed: 4 }, stable: { sessions: 100, failed: 1 } }).verdict).toBe('pending');
  });

  it('never reports a rate above 100 %, whatever the counts say', () => {
    const forged = judgeCanary({ canary: { sessions: 100, failed: 400 }, stable: { sessions: 100, failed: 0 } });
    expect(forged.canaryRate).toBe(1);
    expect(forged.excess).toBe(100);
  });
});

describe('simulated rollouts (docs/release-analysis.md)', () => {
  it('catches a canary failing 2 % against stable 0.5 % at a 10 % share by 3,000 canary sessions in at least 99 % of 200 rollouts', () => {
    const caught = Array.from({ length: 200 }, (_, i) => simulate(1000 + i)).filter((at) => at !== null);
    expect(caught.length).toBeGreaterThanOrEqual(198);
  });

  it('catches it within 10,000 sessions at a 50 % share in at least 99 % of 200 rollouts', () => {
    const caught = Array.from({ length: 200 }, (_, i) => simulate(2000 + i, { share: 0.5, maxCanary: Infinity, maxSessions: 10_000 })).filter(
      (at) => at !== null,
    );
    expect(caught.length).toBeGreaterThanOrEqual(198);
  });

  it.each([0.005, 0.02])(
    'raises no more false alarms than alpha (1 %%) allows when both fail %p (1,000 rollouts to 3,000 canary sessions at 25 %%)',
    (rate) => {
      const alarms = Array.from({ length: 1000 }, (_, i) => simulate(50_000 + i, { canaryRate: rate, stableRate: rate, share: 0.25, maxCanary: 3000 })).filter(
        (at) => at !== null,
      ).length;
      // alpha is 1 %: 10 expected at most; 3 standard errors of sampling above it is 19.
      expect(alarms).toBeLessThanOrEqual(19);
    },
  );
});

describe('vitals', () => {
  const metric = (values: Record<string, number>) => ({ n: Object.values(values).reduce((a, b) => a + b, 0), hist: values });

  it('reads p75 from the histogram and flags a noticeably slower canary', () => {
    expect(quantileOf(metric({ '1000': 50, '2000': 30, '4000': 20 }))).toBe(2000);
    expect(quantileOf({ n: 0, hist: {} })).toBeNull();
    const stable = vitalsOf({ sessions: 100, errorSessions: 2, lcp: metric({ '1500': 80, '2000': 20 }), inp: metric({ '200': 40 }) } as never);
    const canary = vitalsOf({ sessions: 100, errorSessions: 9, lcp: metric({ '2500': 10, '4000': 30 }), inp: metric({ '200': 40 }) } as never);
    expect(canary.errorSessionsPer100).toBe(9);
    expect(slowerThanStable(canary, stable)).toEqual(['LCP p75 4000 ms vs 1500 ms']);
    expect(slowerThanStable(stable, stable)).toEqual([]);
  });
});
