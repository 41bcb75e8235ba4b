// Lighthouse (mobile profile, simulated throttling) on Debian's Chromium, N runs per page,
// medians reported.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const median = (values) => {
  const sorted = [...values].filter((v) => typeof v === 'number' && !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Puts cookies into a running Chrome (over the DevTools protocol, into its default context): a
 * page measured as its shopper sees it (the cart with its items, a signed-in customer's orders).
 * Lighthouse clears the origin's caches and storage before each run, but not its cookies.
 * @param {number} port  the Chrome's debugging port
 * @param {import('@playwright/test').Cookie[]} cookies  as a Playwright context gives them
 */
async function setCookies(port, cookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0].addCookies(cookies);
  } finally {
    // Disconnects; Chrome stays up for Lighthouse (it was launched by chrome-launcher).
    await browser.close();
  }
}

/**
 * Lighthouse on `url`, `runs` times in one Chrome. `cookies`: the shopper's, set before the
 * first run (the page then shows what it shows them; without, a first visit).
 */
export async function runLighthouse(chromePath, url, runs, { cookies = [] } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS });
  const samples = [];
  const errors = new Set();
  try {
    if (cookies.length) await setCookies(chrome.port, cookies);
    for (let i = 0; i < runs; i += 1) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const { lhr } = result;
      if (lhr.runtimeError) errors.add(lhr.runtimeError.code);
      for (const id of ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
        if (lhr.audits[id]?.errorMessage) errors.add(`${id}: ${lhr.audits[id].errorMessage.slice(0, 80)}`);
      }
      samples.push({
        score: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        si: lhr.audits['speed-index'].numericValue,
      });
    }
  } finally {
    await chrome.kill();
  }
  const pick = (key) => median(samples.map((s) => s[key]));
  return {
    runs: samples.length,
    score: pick('score'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    fcp: pick('fcp'),
    si: pick('si'),
    errors: [...errors],
  };
}
