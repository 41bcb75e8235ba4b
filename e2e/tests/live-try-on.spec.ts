import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { CLIP, CLIP_PUPILS, faceFrame, fakeCameraArgs, writeFaceClip } from '../support/fake-camera';
import { collectFaceRequests, collectPageErrors } from '../support/site';

/**
 * Live try-on (issue 43) in Chromium with its fake camera playing a clip of a real face (the face
 * ID photo of @vladmandic/human's package, made into a Y4M file by the setup): the face model
 * from our own origin finds the eyes in the browser, the frame is drawn over them, another colour
 * is put on without leaving, and a picture is saved as a face profile whose try-on shows it.
 */
const clip = writeFaceClip();
test.afterAll(() => rmSync(dirname(clip), { recursive: true, force: true }));

test.use({
  viewport: { width: 390, height: 844 },
  permissions: ['camera'],
  launchOptions: {
    executablePath: chromiumPath,
    args: [...chromiumArgs, ...fakeCameraArgs(clip)],
  },
});

const FRAME = 128001;
const LIVE = 'The frame on your face, live from your camera';

interface Placement {
  lensCentres: { x: number; y: number }[];
  pupils: { x: number; y: number }[];
  imageSize: { width: number; height: number };
  colour: number;
}

async function placementOf(canvas: Locator): Promise<Placement | null> {
  const text = await canvas.getAttribute('data-placement');
  return text ? (JSON.parse(text) as Placement) : null;
}

/** The canvas's mean colour over 5x5 pixels around a point of the camera's picture (the canvas shows it mirrored). */
async function canvasColour(page: Page, at: { x: number; y: number }): Promise<number[]> {
  return page.getByTestId('live-try-on-canvas').evaluate((element, point) => {
    const canvas = element as HTMLCanvasElement;
    const pixels = canvas.getContext('2d')!.getImageData(Math.round(canvas.width - point.x) - 2, Math.round(point.y) - 2, 5, 5).data;
    const sum = [0, 0, 0];
    for (let i = 0; i < pixels.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += pixels[i + c]! / 25;
    return sum;
  }, at);
}

/** The clip's own colour there (before the YUV round trip), from the picture the setup made. */
function clipColour(at: { x: number; y: number }): number[] {
  const { rgb, width } = faceFrame();
  const sum = [0, 0, 0];
  for (let dy = -2; dy <= 2; dy++)
    for (let dx = -2; dx <= 2; dx++) for (let c = 0; c < 3; c++) sum[c]! += rgb[((Math.round(at.y) + dy) * width + Math.round(at.x) + dx) * 3 + c]! / 25;
  return sum;
}
const apart = (a: number[], b: number[]) => Math.max(...a.map((v, c) => Math.abs(v - b[c]!)));

test('a shopper tries a frame on live: the frame over the eyes, another colour, a picture saved as a face profile', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const { modelFiles, elsewhere } = collectFaceRequests(page);
  await page.goto(`/product/${FRAME}`);
  const product = page.getByTestId('product-ProductPage');
  await expect(product.getByRole('heading', { level: 1, name: 'Rowan' })).toBeVisible();
  await product.getByRole('button', { name: 'Try it on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your try-on' });
  await dialog.getByRole('button', { name: 'Try on live' }).click();
  await expect(dialog.getByText(/The camera picture stays on this device/)).toBeVisible();
  expect(modelFiles).toEqual([]);
  await dialog.getByRole('button', { name: 'Start camera' }).click();

  // The frame on the eyes: its lens centres where the clip's pupils are (within 6 % of the eye distance).
  const canvas = dialog.getByRole('img', { name: LIVE });
  await expect.poll(() => placementOf(canvas), { timeout: 60_000 }).not.toBeNull();
  const placed = (await placementOf(canvas))!;
  expect(placed.imageSize).toEqual({ width: CLIP.width, height: CLIP.height });
  const eyeDistance = Math.hypot(CLIP_PUPILS[1].x - CLIP_PUPILS[0].x, CLIP_PUPILS[1].y - CLIP_PUPILS[0].y);
  placed.lensCentres.forEach((centre, eye) => {
    expect(Math.hypot(centre.x - CLIP_PUPILS[eye]!.x, centre.y - CLIP_PUPILS[eye]!.y)).toBeLessThan(0.06 * eyeDistance);
    expect(Math.hypot(placed.pupils[eye]!.x - CLIP_PUPILS[eye]!.x, placed.pupils[eye]!.y - CLIP_PUPILS[eye]!.y)).toBeLessThan(0.06 * eyeDistance);
  });
  await expect(dialog.getByRole('status')).toHaveText('');
  // Drawn: over each eye the canvas is the frame's lens, not the camera's picture; away from the face it is the picture.
  for (const centre of placed.lensCentres) expect(apart(await canvasColour(page, centre), clipColour(centre))).toBeGreaterThan(40);
  expect(apart(await canvasColour(page, { x: 40, y: 40 }), clipColour({ x: 40, y: 40 }))).toBeLessThan(12);
  const backend = await canvas.getAttribute('data-backend');
  expect(['webgl', 'wasm']).toContain(backend);
  expect(modelFiles).toEqual(
    expect.arrayContaining(['/static/face/human-3.3.6/blazeface.json', '/static/face/human-3.3.6/facemesh.bin', '/static/face/human-3.3.6/iris.bin']),
  );

  // Another colour, without leaving: its frontal image is asked for, and drawn.
  const colours = dialog.getByRole('group', { name: 'Colours' });
  await expect(colours.getByRole('button', { pressed: true })).toHaveCount(1);
  const otherName = (await colours.getByRole('button', { pressed: false }).first().getAttribute('aria-label'))!;
  const other = colours.getByRole('button', { name: otherName });
  const otherImage = page.waitForRequest(
    (request) => /\/api\/v2\/images\/product\/\d+\/front\.svg$/.test(request.url()) && !request.url().includes(`/${FRAME}/`),
  );
  await other.click();
  const otherId = Number(/\/product\/(\d+)\//.exec((await otherImage).url())![1]);
  await expect(other).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await placementOf(canvas))?.colour, { timeout: 30_000 }).toBe(otherId);
  expect(page.url()).toContain(`/product/${FRAME}`);

  // A picture, saved as a face profile: the saved-photo try-on then shows the frame on it.
  await dialog.getByRole('button', { name: 'Take a picture' }).click();
  await expect(dialog.getByRole('img', { name: 'Your picture with the frame' })).toBeVisible();
  await dialog.getByLabel('Your first name').fill('Tara');
  const created = page.waitForResponse((response) => response.url().endsWith('/api/v2/face-profiles') && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Save as a face profile' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Saved. Your face profile "Tara" is ready for try-on.');
  const answer = await created;
  expect(answer.status()).toBe(200);
  // The camera's picture with its face's landmarks, found in the browser (the saved-photo try-on places frames by them).
  expect((await answer.json()).result).toMatchObject({ name: { first: 'Tara' }, hasLandmarks: true });
  await dialog.getByRole('button', { name: 'Stop camera' }).click();
  await dialog.getByRole('button', { name: 'Use my saved photo' }).click();
  await expect(dialog.getByRole('img', { name: /on your face profile photo$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
});
