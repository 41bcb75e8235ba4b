import { FRONT_FRAME_IMAGE, distance, type FaceLandmarks, type Point } from '@eyewear/face/geometry';
import { FACE_PROBLEM_MESSAGES } from '@eyewear/face/problems';
import { type ObjectStore } from '../../storage';
import { createTestApi, customerSession, guestSession, type TestApi } from '../../testing/api';
import { faces, nodeFaceDetector, pngOf, rotateMap, warp, type Rgba } from './face-samples';
import { EYEFRAME, SUNGLASSES } from './testing';
import { FRAME_BOX, landmarksOnFaceImage } from './try-on';

/**
 * Saved-photo try-on placed by the face's landmarks (issue 43), on real faces (the sample photos
 * of @vladmandic/human's package, detected once in beforeAll by the Node detector, as the browser
 * finds them when the photo is saved), through the face-profile and overlay routes on a real
 * database: the frame's lens centres on the pupils, turned with the eye line; a profile without
 * landmarks keeps the old box and says the placement is approximate; deleting a profile deletes
 * its photo (row and stored object) and its landmarks.
 */
jest.setTimeout(60_000);

interface Detected {
  image: Rgba;
  png: Buffer;
  landmarks: FaceLandmarks;
}
let api: TestApi;
const detected: Record<'upright' | 'tilted', Detected> = {} as never;

beforeAll(async () => {
  api = await createTestApi({ seeded: true });
  const node = await nodeFaceDetector();
  try {
    const upright = faces.lighter();
    // The same face, the head tilted 15° (the photo rotated about its centre).
    const tilted = warp(upright, rotateMap(15, upright.width / 2, upright.height / 2), upright.width, upright.height);
    for (const [name, image] of Object.entries({ upright, tilted })) {
      const landmarks = await node.detector.detectFace(image);
      if (!landmarks) throw new Error(`no face found in the ${name} sample`);
      detected[name as keyof typeof detected] = { image, png: pngOf(image), landmarks };
    }
  } finally {
    await node.close();
  }
});
afterAll(() => api.close());

const sizeOf = (image: Rgba) => ({ width: image.width, height: image.height });

function profileForm(cookie: string, png: Buffer, fields: Record<string, string>) {
  const boundary = '----tryOnBoundary43';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`), png);
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return api.app.inject({
    method: 'POST',
    url: '/v2/face-profiles',
    payload: Buffer.concat(parts),
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
const saveProfile = (cookie: string, sample: Detected | { png: Buffer }, name: string, face?: unknown) =>
  profileForm(cookie, sample.png, { firstName: name, ...(face === undefined ? {} : { face: JSON.stringify(face) }) });
const overlay = (cookie: string, query: string) => api.app.inject({ method: 'GET', url: `/v2/try-on/overlay?${query}`, headers: { cookie } });
const apply = (m: number[], p: Point): Point => ({ x: m[0]! * p.x + m[2]! * p.y + m[4]!, y: m[1]! * p.x + m[3]! * p.y + m[5]! });
const svgOf = (url: string) => Buffer.from(url.split(',')[1]!, 'base64').toString();

describe('try-on placed by the face', () => {
  it.each(['upright', 'tilted'] as const)('puts the frame over the eyes of the %s face, turned with the eye line', async (name) => {
    const sample = detected[name];
    const { cookie } = await customerSession(api.app, api.db);
    const saved = await saveProfile(cookie, sample, 'Me', { landmarks: sample.landmarks, imageSize: sizeOf(sample.image) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().result.hasLandmarks).toBe(true);
    const answer = (await overlay(cookie, `product_id=${EYEFRAME}`)).json().result;
    expect(answer).toMatchObject({ faceProfile: true, placement: 'landmarks', frameMatrix: expect.any(Array) });
    // The frame's lens centres, through the answer's matrix, on the pupils of the 300x240 face image.
    const onImage = landmarksOnFaceImage({ landmarks: sample.landmarks, imageSize: sizeOf(sample.image) });
    const eyeDistance = distance(onImage.pupils[0], onImage.pupils[1]);
    FRONT_FRAME_IMAGE.lensCentres.forEach((lens, i) => {
      expect(distance(apply(answer.frameMatrix, lens), onImage.pupils[i]!) / eyeDistance).toBeLessThan(0.06);
    });
    // Turned with the head: about 0° upright, about 15° tilted.
    const angle = (Math.atan2(answer.frameMatrix[1], answer.frameMatrix[0]) * 180) / Math.PI;
    expect(Math.abs(angle - (name === 'tilted' ? 15 : 0))).toBeLessThan(4);
    // The drawing carries the same matrix over the photo.
    expect(svgOf(answer.overlayed_image_url)).toContain(`transform="matrix(${answer.frameMatrix.join(' ')})"`);
  });

  it('keeps the old box for a profile saved without landmarks, and says the placement is approximate; landmarks given later place it', async () => {
    const guest = await guestSession(api.app);
    const saved = (await saveProfile(guest, detected.upright, 'Old client')).json().result;
    expect(saved.hasLandmarks).toBe(false);
    const answer = (await overlay(guest, `product_id=${SUNGLASSES}&guest_id=${saved.dittoId}`)).json().result;
    expect(answer).toEqual({ faceProfile: true, overlayed_image_url: expect.any(String), placement: 'approximate' });
    expect(svgOf(answer.overlayed_image_url)).toContain(`x="${FRAME_BOX.x}" y="${FRAME_BOX.y}" width="${FRAME_BOX.width}" height="${FRAME_BOX.height}"`);

    const { cookie } = await customerSession(api.app, api.db);
    const older = (await saveProfile(cookie, detected.upright, 'Older')).json().result;
    const face = { landmarks: detected.upright.landmarks, imageSize: sizeOf(detected.upright.image) };
    const updated = await api.app.inject({ method: 'PUT', url: `/v2/face-profiles/${older.dittoId}`, headers: { cookie }, payload: { face } });
    expect(updated.json().result).toMatchObject({ hasLandmarks: true, name: { first: 'Older' } });
    expect((await overlay(cookie, `product_id=${EYEFRAME}`)).json().result.placement).toBe('landmarks');
  });

  it('refuses landmarks of a face it cannot fit a frame on (422 with the message) and keeps nothing', async () => {
    const { cookie, customerId } = await customerSession(api.app, api.db);
    const look = detected.upright.landmarks;
    const turned = { ...look, noseTip: { x: look.cheekbones[1].x - 8, y: look.noseTip.y } };
    const answer = await saveProfile(cookie, detected.upright, 'Turned', { landmarks: turned, imageSize: sizeOf(detected.upright.image) });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ message: FACE_PROBLEM_MESSAGES.turned, field: 'face', code: 'FACE_TURNED' });
    const bad = await saveProfile(cookie, detected.upright, 'Bad', { landmarks: { ...look, score: 2 }, imageSize: sizeOf(detected.upright.image) });
    expect({ status: bad.statusCode, field: bad.json().field }).toEqual({ status: 400, field: 'face.landmarks.score' });
    const kept = await api.db.query('select 1 from account_face_profiles where customer_id = $1 union all select 1 from account_files where customer_id = $1', [
      customerId,
    ]);
    expect(kept).toEqual([]);
  });

  it("deletes a profile with its photo (the row and the stored object) and its landmarks, a guest's too", async () => {
    const store = (api.app as unknown as { objectStore: ObjectStore }).objectStore;
    const face = { landmarks: detected.upright.landmarks, imageSize: sizeOf(detected.upright.image) };
    const { cookie } = await customerSession(api.app, api.db);
    const guest = await guestSession(api.app);
    for (const who of [cookie, guest]) {
      const saved = (await saveProfile(who, detected.upright, 'Delete me', face)).json().result;
      const [row] = await api.db.query<{ object_key: string; landmarks: unknown }>(
        'select f.object_key, p.landmarks from account_face_profiles p join account_files f on f.file_name = p.image_file where p.ditto_id = $1',
        [saved.dittoId],
      );
      expect(row!.landmarks).toEqual(face.landmarks);
      expect(await store.get(row!.object_key)).not.toBeNull();
      const removed = await api.app.inject({ method: 'DELETE', url: `/v2/face-profiles/${saved.dittoId}`, headers: { cookie: who } });
      expect(removed.statusCode).toBe(200);
      expect(await store.get(row!.object_key)).toBeNull();
      expect(await api.db.query('select 1 from account_face_profiles where ditto_id = $1', [saved.dittoId])).toEqual([]);
      expect(await api.db.query('select 1 from account_files where object_key = $1', [row!.object_key])).toEqual([]);
    }
  });
});
