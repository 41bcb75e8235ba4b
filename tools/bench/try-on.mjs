// The live try-on's figures (issue 43), in Chromium with its fake camera playing a clip of a real
// face (fake-camera.mjs):
// - the face model's bytes (its code chunk, the models, the .wasm) and the time from 'Start
//   camera' to the frame on the face, on the phone profile (phone.mjs: slow 4G, 4x CPU, cold);
// - the live try-on's frames per second at 4x CPU: pictures drawn, and faces found (each one
//   moves the frame), over FPS_WINDOW_MS once the frame is on;
// - the model's bytes on pages where the try-on is not started (home, listing, the product page,
//   and its try-on dialog on the saved photo): none.
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium } from '@playwright/test';
import { ARGS } from './browser.mjs';
import { fakeCameraArgs, writeFaceClip } from './fake-camera.mjs';
import { phoneContext } from './phone.mjs';

const FPS_WINDOW_MS = 5000;
const TRY_ON_PATH = '/product/128001';
const LIVE = '[data-testid="live-try-on-canvas"]';

/** The model's files: Human's code chunk (any remote's) and what the edge serves at /static/face/. */
export const isFaceModel = (url) => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/static/face/') || /\/face-model\.[0-9a-f]+\.js$/.test(pathname);
};

/** Counts the bytes (as sent, compressed) of the model's files a page asks for. */
function countModelBytes(cdp) {
  const urls = new Map();
  const counted = { bytes: 0, files: 0 };
  cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => {
    const url = urls.get(e.requestId);
    if (url && isFaceModel(url)) {
      counted.bytes += e.encodedDataLength;
      counted.files += 1;
    }
  });
  return counted;
}

async function openTryOn(page, base) {
  await page.goto(`${base}${TRY_ON_PATH}`, { waitUntil: 'load', timeout: 60_000 });
  const open = page.getByTestId('product-ProductPage').getByRole('button', { name: 'Try it on' });
  await open.waitFor({ timeout: 60_000 });
  await page.locator('#root:not([data-hydrating])').waitFor({ state: 'attached', timeout: 60_000 });
  await open.click();
  return page.getByRole('dialog', { name: 'Your try-on' });
}

/** The model's bytes on pages that do not start the live try-on (none expected). */
async function offRoute(browser, base) {
  const result = {};
  for (const [name, path] of [
    ['home', '/'],
    ['listing', '/catalog/3101'],
    ['product', TRY_ON_PATH],
  ]) {
    const { context, page, cdp } = await phoneContext(browser);
    try {
      const counted = countModelBytes(cdp);
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle', timeout: 120_000 });
      result[name] = counted.bytes;
    } finally {
      await context.close();
    }
  }
  const { context, page, cdp } = await phoneContext(browser);
  try {
    const counted = countModelBytes(cdp);
    const dialog = await openTryOn(page, base);
    await dialog.getByRole('button', { name: 'Try on live' }).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    result['product, try-on on the saved photo'] = counted.bytes;
  } finally {
    await context.close();
  }
  return result;
}

/** One cold start of the live try-on on the phone profile, then its frame rate. */
async function liveRun(browser, base) {
  const { context, page, cdp } = await phoneContext(browser);
  try {
    await context.grantPermissions(['camera'], { origin: base });
    const counted = countModelBytes(cdp);
    const dialog = await openTryOn(page, base);
    await dialog.getByRole('button', { name: 'Try on live' }).click();
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Start camera' }).click();
    await page.waitForFunction((selector) => Boolean(document.querySelector(selector)?.getAttribute('data-placement')), LIVE, {
      timeout: 240_000,
      polling: 50,
    });
    const firstFaceMs = Date.now() - started;
    const read = () =>
      page.evaluate((selector) => {
        const canvas = document.querySelector(selector);
        return { at: performance.now(), frames: Number(canvas?.dataset.frames ?? 0), detections: Number(canvas?.dataset.detections ?? 0) };
      }, LIVE);
    const before = await read();
    await page.waitForTimeout(FPS_WINDOW_MS);
    const after = await read();
    const seconds = (after.at - before.at) / 1000;
    return {
      modelBytes: counted.bytes,
      modelFiles: counted.files,
      firstFaceMs,
      drawnFps: Math.round(((after.frames - before.frames) / seconds) * 10) / 10,
      facesPerSecond: Math.round(((after.detections - before.detections) / seconds) * 10) / 10,
      backend: await page.locator(LIVE).getAttribute('data-backend'),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The try-on's figures: `runs` cold starts on the phone profile (medians), and the off-route bytes. */
export async function measureTryOn(chromePath, base, runs = 3) {
  const clip = writeFaceClip();
  const browser = await chromium.launch({ executablePath: chromePath, args: [...ARGS, ...fakeCameraArgs(clip)] });
  try {
    const samples = [];
    for (let i = 0; i < runs; i += 1) samples.push(await liveRun(browser, base));
    return {
      modelBytes: median(samples.map((s) => s.modelBytes)),
      firstFaceMs: median(samples.map((s) => s.firstFaceMs)),
      drawnFps: median(samples.map((s) => s.drawnFps)),
      facesPerSecond: median(samples.map((s) => s.facesPerSecond)),
      backend: samples[0].backend,
      samples,
      offRouteModelBytes: await offRoute(browser, base),
    };
  } finally {
    await browser.close();
    rmSync(dirname(clip), { recursive: true, force: true });
  }
}

/** The try-on's part of a bench report (markdown lines). */
export function tryOnTable(tryOn, phone) {
  return [
    '',
    `## Live try-on (issue 43): phone profile (${phone.latencyMs} ms RTT, ${phone.downloadBitsPerSecond / 1e6} Mbps, ${phone.cpuSlowdown}x CPU, cold), fake camera; median of ${tryOn.samples.length}`,
    '',
    "| the model's bytes (code, models, .wasm; as sent) | Start camera to the frame on the face, ms | pictures drawn per second | faces found per second | backend |",
    '|---|---|---|---|---|',
    `| ${tryOn.modelBytes} | ${tryOn.firstFaceMs} | ${tryOn.drawnFps} | ${tryOn.facesPerSecond} | ${tryOn.backend} |`,
    '',
    `The model's bytes where the live try-on is not started: ${Object.entries(tryOn.offRouteModelBytes)
      .map(([page, bytes]) => `${page} ${bytes}`)
      .join(', ')}.`,
  ];
}
