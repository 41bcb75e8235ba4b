import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import jpeg from 'jpeg-js';
import { faceFrame } from '../support/fake-camera';
import { collectFaceRequests, collectPageErrors } from '../support/site';

/**
 * The frame-size page (issue 43, ADR 059) with the real face model: a photo of a real face (the
 * face ID photo of @vladmandic/human's package, enlarged onto a grey 640x480 picture by the fake
 * camera's setup, written here as a JPEG) is measured in the browser; only the face's landmarks
 * are posted, never the photo; a photo without a face is answered on the page with no call.
 */
const folder = mkdtempSync(join(tmpdir(), 'frame-size-'));
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

function jpegOf(name: string, rgb: Uint8Array, width: number, height: number): string {
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) rgba.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255], i * 4);
  const file = join(folder, name);
  writeFileSync(file, jpeg.encode({ data: rgba, width, height }, 92).data);
  return file;
}
const frame = faceFrame();
const FACE_JPEG = jpegOf('face.jpg', frame.rgb, frame.width, frame.height);
const WALL_JPEG = jpegOf('wall.jpg', new Uint8Array(frame.width * frame.height * 3).fill(150), frame.width, frame.height);

test.use({ viewport: { width: 390, height: 844 } });

/** The page's multipart fields as fetch sends them (Chromium does not hand Playwright such a body). */
async function noteForms(page: Page) {
  await page.addInitScript(() => {
    const sent: Array<{ path: string; fields: Record<string, string> }> = [];
    (window as unknown as { sentForms: typeof sent }).sentForms = sent;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (init?.body instanceof FormData) {
        const fields: Record<string, string> = {};
        init.body.forEach((value, key) => (fields[key] = typeof value === 'string' ? value : `file:${value.type}`));
        sent.push({ path: new URL(String(input), location.href).pathname, fields });
      }
      return original(input, init);
    };
  });
}
const sentForms = (page: Page) => page.evaluate(() => (window as unknown as { sentForms: Array<{ path: string; fields: Record<string, string> }> }).sentForms);

test('a face photo is measured on the device: the size class and the millimetres, the landmarks sent and never the photo', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const { modelFiles, elsewhere } = collectFaceRequests(page);
  await noteForms(page);
  await page.goto('/frame-size');
  const owned = page.getByTestId('product-FrameSizePage');
  await expect(owned.getByRole('region', { name: 'Before we look at your photo' })).toContainText('The photo never leaves this device for a size');
  const photo = owned.getByLabel('Upload or take a face photo');
  await expect(owned.getByRole('checkbox', { name: 'I agree to have my photo analysed on this device' })).toBeEnabled();
  await expect(photo).toBeDisabled();
  await owned.getByRole('checkbox', { name: 'I agree to have my photo analysed on this device' }).check();
  expect(modelFiles).toEqual([]);

  // No face: said on the page, nothing posted.
  await photo.setInputFiles(WALL_JPEG);
  await expect(owned.getByRole('alert')).toContainText('We could not see your face clearly. We found no face in this photo', { timeout: 60_000 });
  expect(await sentForms(page)).toEqual([]);
  expect(modelFiles.some((path) => path.startsWith('/static/face/human-3.3.6/'))).toBe(true);

  const answered = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/v2/frame-size');
  await photo.setInputFiles(FACE_JPEG);
  expect((await answered).status()).toBe(200);
  await expect(owned.getByRole('heading', { name: /^Your frame size: (Extra Narrow|Narrow|Medium|Wide|Extra Wide)$/ })).toBeVisible();
  await expect(owned.getByRole('status')).toContainText(/Your face measures \d{3} mm across/);
  await expect(owned.getByRole('status')).toContainText(/Measured with (your iris|the average distance between the pupils)/);
  const forms = await sentForms(page);
  expect(forms.map((form) => ({ path: form.path, fields: Object.keys(form.fields) }))).toEqual([{ path: '/api/v2/frame-size', fields: ['face'] }]);
  const face = JSON.parse(forms[0]!.fields['face']!) as { looks: { pupils: { x: number }[] }[]; imageSize: { width: number; height: number } };
  expect(face.imageSize).toEqual({ width: 640, height: 480 });
  // The photo and its mirror image: the first look's left pupil is the second's right one, mirrored.
  expect(face.looks).toHaveLength(2);
  expect(Math.abs(640 - face.looks[1]!.pupils[1]!.x - face.looks[0]!.pupils[0]!.x)).toBeLessThan(6);

  // The link goes to the listing of that size.
  const shop = owned.getByRole('link', { name: /^Shop .+ frames$/ });
  expect(await shop.getAttribute('href')).toMatch(/^\/eyeglasses\/all\.html\?frame_size=[a-zA-Z]+(,[a-zA-Z]+)?$/);
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
});

test('in store, the frame size screen measures for the store: its code is shown and sent with the landmarks', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  await noteForms(page);
  await page.goto('/frame-size?store=IN-BEN-008');
  const owned = page.getByTestId('product-FrameSizePage');
  await expect(owned.getByText('Store IN-BEN-008')).toBeVisible();
  await owned.getByRole('checkbox', { name: 'I agree to have my photo analysed on this device' }).check();
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/api/v2/frame-size'),
  );
  await owned.getByLabel('Upload or take a face photo').setInputFiles(FACE_JPEG);
  // The store-frame-size call, not the shopper's own, with the store code beside the landmarks.
  const response = await answered;
  expect({ path: new URL(response.url()).pathname, status: response.status() }).toEqual({ path: '/api/v2/frame-size/store', status: 200 });
  const forms = await sentForms(page);
  expect(forms.map((form) => ({ path: form.path, fields: Object.keys(form.fields).sort(), storeCode: form.fields['storeCode'] }))).toEqual([
    { path: '/api/v2/frame-size/store', fields: ['face', 'storeCode'], storeCode: 'IN-BEN-008' },
  ]);
  await expect(owned.getByRole('heading', { name: /^Your frame size: / })).toBeVisible();
  expect(errors).toEqual([]);
});
