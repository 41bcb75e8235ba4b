import { expect, test, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { collectPageErrors, untilRunning } from '../support/site';

/** Seed products (the seed is deterministic): a full-rim frame, a daily spherical contact lens. */
const FRAME = 128001;
const CONTACT_LENS = 128392;

async function openProduct(page: Page, id: number, name: string) {
  await page.goto(`/product/${id}`);
  const owned = page.getByTestId('product-ProductPage');
  await expect(owned.getByRole('heading', { level: 1, name })).toBeVisible();
  return owned;
}

test('adds a frame with single vision lenses, a package, a coating and powers, and sees the cart', async ({ page }) => {
  const errors = collectPageErrors(page);
  const product = await openProduct(page, FRAME, 'Rowan');
  await product.getByRole('button', { name: 'Select Lenses' }).click();
  const flow = page.getByRole('dialog', { name: 'Select lenses' });
  await expect(flow.getByRole('radio', { name: /Single vision/ })).toBeChecked();
  await flow.getByRole('button', { name: 'Continue' }).click();

  const packages = flow.getByRole('group', { name: 'Choose a lens package' });
  await expect(packages.getByRole('radio').first()).toBeChecked();
  const total = flow.getByText(/^Total /);
  await expect(total).toHaveText(/₹/);
  const before = await total.textContent();
  await flow.getByRole('group', { name: 'Choose a coating' }).getByRole('radio').nth(1).check();
  await expect(total).not.toHaveText(before ?? '');
  await flow.getByRole('button', { name: 'Continue' }).click();

  await expect(flow.getByRole('radio', { name: 'Enter power now' })).toBeChecked();
  await flow.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(flow.getByRole('group', { name: 'Right eye (OD)' }).getByRole('alert')).toHaveText('Please select the SPH power');
  await flow.getByRole('group', { name: 'Right eye (OD)' }).getByLabel('SPH').selectOption('-1.25');
  await flow.getByRole('group', { name: 'Left eye (OS)' }).getByLabel('SPH').selectOption('-1.00');
  await flow.getByRole('group', { name: 'Left eye (OS)' }).getByLabel('PD (mm)').fill('31');
  await flow.getByRole('button', { name: 'Add to Cart' }).click();

  await expect(page.getByTestId('cart-popup')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  const cart = await (await page.request.get('/api/v2/carts', { headers: { 'x-country-code': 'in' } })).json();
  expect(cart.result.items[0]).toMatchObject({
    productId: FRAME,
    lensType: 'SINGLE_VISION',
    prescription: { powerType: 'SINGLE_VISION', right: { sph: '-1.25' }, left: { sph: '-1.00', pd: '31' } },
    powerSubmission: 'self-from-pdp',
  });
  expect(cart.result.items[0].options.map((o: { type: string }) => o.type)).toEqual(expect.arrayContaining(['PACKAGE', 'COATING']));
  expect(errors).toEqual([]);
});

test('a contact lens with invalid powers is refused, with valid powers it is added', async ({ page }) => {
  const errors = collectPageErrors(page);
  const product = await openProduct(page, CONTACT_LENS, 'Daily Comfort 30 Pack');
  const right = product.getByRole('group', { name: 'Right eye (OD)' });
  const left = product.getByRole('group', { name: 'Left eye (OS)' });
  await right.getByLabel('SPH').selectOption('-1.00');
  await left.getByLabel('SPH').selectOption('-6.00');
  await product.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(product.getByRole('alert')).toHaveText('Please check your powers: the two eyes differ by more than 4.00.');
  await expect(page.getByTestId('cart-popup')).toHaveCount(0);

  await left.getByLabel('SPH').selectOption('-1.50');
  await product.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-popup')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a pincode shows the delivery date; a malformed one is refused; reset clears it', async ({ page }) => {
  const product = await openProduct(page, FRAME, 'Rowan');
  const pincode = product.getByLabel('Pincode');
  await pincode.fill('0123');
  await product.getByRole('button', { name: 'Check' }).click();
  await expect(product.getByRole('alert')).toHaveText('Please enter a valid pincode');
  await pincode.fill('560001');
  await product.getByRole('button', { name: 'Check' }).click();
  await expect(product.getByText(/^Delivery by \w{3}, \d{1,2} \w{3}$/)).toBeVisible();
  await expect(product.getByText(/^Express delivery by /)).toBeVisible();
  await product.getByRole('button', { name: 'Reset' }).click();
  await expect(product.getByText(/^Delivery by /)).toHaveCount(0);
});

test('a logged-in shopper posts a review and sees it in the list', async ({ page }) => {
  await page.goto('/');
  // The page runs and holds its session: the sign-up below signs that session in.
  await untilRunning(page);
  const email = `reviewer-${Date.now()}@example.com`;
  const registered = await page.request.post('/api/v2/customers', {
    headers: { 'x-country-code': 'in' },
    data: { firstName: 'Kavya', lastName: 'Menon', email, password: 'secret-123' },
  });
  expect(registered.status()).toBe(200);
  const product = await openProduct(page, FRAME, 'Rowan');
  const reviews = product.getByRole('region', { name: 'Reviews' });
  await reviews.getByRole('button', { name: 'Write a review' }).click();
  const form = reviews.getByRole('form', { name: 'Write a review' });
  await form.getByLabel('Rating').selectOption('4');
  await form.getByLabel('Title').fill('Light and sturdy');
  await form.getByLabel('Your review').fill('Wearing them all day without pressure marks.');
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(reviews.getByText('Thank you! Your review is posted.')).toBeVisible();
  await expect(reviews.getByRole('heading', { name: 'Light and sturdy' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('product-ProductPage').getByRole('heading', { name: 'Light and sturdy' })).toBeVisible();
  await expect(page.getByText('by Kavya M. on', { exact: false }).first()).toBeVisible();
});

test('a guest is asked to log in to write a review', async ({ page }) => {
  const product = await openProduct(page, FRAME, 'Rowan');
  await expect(product.getByRole('region', { name: 'Reviews' }).getByRole('button', { name: 'Log in to write a review' })).toBeVisible();
});

/** A face photo stand-in: a skin-coloured ellipse `share` of the width across, on a blue wall (PNG, RGBA). */
function facePhoto(share: number, width = 300, height = 240): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) {
      const inside = (x - width / 2) ** 2 / ((share * width) / 2) ** 2 + (y - height / 2) ** 2 / (height * 0.4) ** 2 <= 1;
      row.set(inside ? [224, 172, 140, 255] : [70, 110, 160, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const chunk = (type: string, body: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    let c = 0xffffffff;
    for (const byte of typed) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    const out = Buffer.alloc(12 + body.length);
    out.writeUInt32BE(body.length, 0);
    typed.copy(out, 4);
    out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + body.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a face photo gets a frame size recommendation', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/frame-size');
  const owned = page.getByTestId('product-FrameSizePage');
  // A server-rendered page's fields take input once the page runs (its root is disabled until then).
  await expect(owned.getByLabel('Upload or take a face photo')).toBeEnabled();
  await owned.getByLabel('Upload or take a face photo').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: facePhoto(0.47) });
  await expect(owned.getByRole('heading', { name: 'Your frame size: Wide' })).toBeVisible();
  await owned.getByLabel('Upload or take a face photo').setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: facePhoto(0) });
  await expect(owned.getByRole('alert')).toContainText('We could not find a face in this photo');
  expect(errors).toEqual([]);
});

test('in store, the frame size screen measures for the store: its code is shown and sent with the photo', async ({ page }) => {
  const errors = collectPageErrors(page);
  // Chromium does not hand Playwright a body that holds a file, so the page's form fields are
  // noted as fetch sends them.
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
  await page.goto('/frame-size?store=IN-BEN-008');
  const owned = page.getByTestId('product-FrameSizePage');
  await expect(owned.getByText('Store IN-BEN-008')).toBeVisible();
  await expect(owned.getByLabel('Upload or take a face photo')).toBeEnabled();
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/api/v2/frame-size'),
  );
  await owned.getByLabel('Upload or take a face photo').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: facePhoto(0.43) });
  // The store-frame-size call, not the shopper's own, with the store code beside the photo.
  const response = await answered;
  expect({ path: new URL(response.url()).pathname, status: response.status() }).toEqual({ path: '/api/v2/frame-size/store', status: 200 });
  expect(await page.evaluate(() => (window as unknown as { sentForms: unknown }).sentForms)).toEqual([
    { path: '/api/v2/frame-size/store', fields: { file: 'file:image/png', storeCode: 'IN-BEN-008' } },
  ]);
  await expect(owned.getByRole('heading', { name: 'Your frame size: Medium' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('two frames picked for compare show side by side', async ({ page }) => {
  let product = await openProduct(page, FRAME, 'Rowan');
  await product.getByRole('button', { name: 'Add to compare' }).click();
  await expect(product.getByRole('button', { name: 'Added to compare' })).toHaveAttribute('aria-pressed', 'true');
  product = await openProduct(page, 128161, 'Opal');
  await product.getByRole('button', { name: 'Add to compare' }).click();
  await product.getByRole('link', { name: 'Compare looks' }).click();
  const compare = page.getByTestId('product-CompareLooksPage');
  await expect(compare.getByRole('listitem')).toHaveCount(2);
  await expect(compare.getByRole('heading', { name: /Opal$/ })).toBeVisible();
});

test('a frame added with power later gets its power in edit power', async ({ page }) => {
  const product = await openProduct(page, FRAME, 'Rowan');
  await product.getByRole('button', { name: 'Select Lenses' }).click();
  const flow = page.getByRole('dialog', { name: 'Select lenses' });
  await flow.getByRole('button', { name: 'Continue' }).click();
  await expect(flow.getByRole('group', { name: 'Choose a lens package' }).getByRole('radio').first()).toBeChecked();
  await flow.getByRole('button', { name: 'Continue' }).click();
  await flow.getByRole('radio', { name: 'Call Me/Email Me for Power' }).check();
  await flow.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 items' })).toBeVisible();
  let cart = await (await page.request.get('/api/v2/carts', { headers: { 'x-country-code': 'in' } })).json();
  expect(cart.result.items[0].powerSubmission).toBe('later-on-checkout-or-call');

  await page.goto('/editpower/options/view');
  const edit = page.getByTestId('product-EditPowerPage');
  await edit.getByRole('link', { name: /^Power for / }).click();
  await edit.getByRole('group', { name: 'Right eye (OD)' }).getByLabel('SPH').selectOption('-2.00');
  await edit.getByRole('group', { name: 'Left eye (OS)' }).getByLabel('SPH').selectOption('-1.75');
  await edit.getByRole('button', { name: 'Save power' }).click();
  await expect(page.getByText('Power updated successfully')).toBeVisible();
  cart = await (await page.request.get('/api/v2/carts', { headers: { 'x-country-code': 'in' } })).json();
  expect(cart.result.items[0]).toMatchObject({ prescription: { right: { sph: '-2.00' }, left: { sph: '-1.75' } }, powerSubmission: 'self-from-pdp' });
});
