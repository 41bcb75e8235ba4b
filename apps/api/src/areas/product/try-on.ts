import { type FastifyInstance } from 'fastify';
import { areaEndpoints, type FaceOnPhoto, type OverlayImage } from '@eyewear/api-client';
import { framePlacement, FRONT_FRAME_IMAGE, type FaceLandmarks, type Point } from '@eyewear/face/geometry';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { requireSession } from '../../http/session';
import { drawProductImage } from '../../images/svg';
import { type SeedProduct } from '../../seed/types';
import { FACE_IMAGE, faceImageSvg } from '../account/face-image';
import { fileBytes, type FileRow } from '../account/files';

/**
 * Where the frame sat before the face's landmarks were kept (and still sits on a profile saved
 * without them, by older clients): the face image's guide box, eyes at 40 % height, frame 60 % wide.
 */
export const FRAME_BOX = { x: 60, y: 66, width: 180, height: 90 };

/** SVG `matrix(a b c d e f)`: frame image pixels to face image pixels. */
export type Matrix = [number, number, number, number, number, number];

/**
 * The face's landmarks moved from the photo they were found in onto the 300x240 face image, where
 * faceImageSvg shows the photo filling the frame (scaled to cover, centred, cropped).
 */
export function landmarksOnFaceImage({ landmarks, imageSize }: FaceOnPhoto): FaceLandmarks {
  const scale = Math.max(FACE_IMAGE.width / imageSize.width, FACE_IMAGE.height / imageSize.height);
  const dx = (FACE_IMAGE.width - imageSize.width * scale) / 2;
  const dy = (FACE_IMAGE.height - imageSize.height * scale) / 2;
  const at = (p: Point): Point => ({ x: p.x * scale + dx, y: p.y * scale + dy });
  return {
    pupils: [at(landmarks.pupils[0]), at(landmarks.pupils[1])],
    ...(landmarks.irisDiametersPx ? { irisDiametersPx: [landmarks.irisDiametersPx[0] * scale, landmarks.irisDiametersPx[1] * scale] } : {}),
    cheekbones: [at(landmarks.cheekbones[0]), at(landmarks.cheekbones[1])],
    noseBridge: at(landmarks.noseBridge),
    noseTip: at(landmarks.noseTip),
    box: { ...at(landmarks.box), width: landmarks.box.width * scale, height: landmarks.box.height * scale },
    score: landmarks.score,
  };
}

/**
 * Where the frame's front image (FRONT_FRAME_IMAGE: 600x300, its lens centres known) goes on the
 * face image: @eyewear/face `framePlacement` (its lens centres as far apart as the pupils, turned
 * with the eye line, their midpoint between the pupils), then slid along the eye line so its bridge
 * rests on the nose bridge (on a face looking at the camera that is the pupils' midpoint; on a
 * slightly turned one the frame, nearer the camera than the eyes, follows the nose). The browser's
 * try-on draws with the same matrix.
 */
export function frameMatrixOnFace(face: FaceOnPhoto): Matrix {
  const placement = framePlacement(landmarksOnFaceImage(face), FRONT_FRAME_IMAGE);
  const [a, b, c, d, e, f] = placement.matrix;
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  return [a, b, c, d, e + placement.bridge.x - placement.centre.x, f + placement.bridge.y - placement.centre.y].map(round) as Matrix;
}

/**
 * The frame over the photo, one SVG: the profile's photo filling 300x240 (faceImageSvg), the
 * product's front drawing (without its backdrop) over the eyes: placed by the face's landmarks
 * when the profile keeps them, else in the guide's fixed box (approximate). Both pictures are
 * embedded as data, so the document loads nothing and can be shown as an <img>.
 */
export function composeTryOn(
  photo: { contentType: string; data: Buffer },
  product: SeedProduct,
  face?: FaceOnPhoto,
): { svg: string; placement: NonNullable<OverlayImage['placement']>; frameMatrix?: Matrix } {
  const frame = drawProductImage(product, 'front').replace(/<rect width="600" height="300" fill="[^"]*"\/>/, '');
  const href = `data:image/svg+xml;base64,${Buffer.from(frame).toString('base64')}`;
  if (!face) {
    const box = FRAME_BOX;
    return {
      svg: faceImageSvg(photo, `<image href="${href}" x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}"/>`),
      placement: 'approximate',
    };
  }
  const frameMatrix = frameMatrixOnFace(face);
  const { width, height } = FRONT_FRAME_IMAGE;
  return {
    svg: faceImageSvg(photo, `<image href="${href}" width="${width}" height="${height}" transform="matrix(${frameMatrix.join(' ')})"/>`),
    placement: 'landmarks',
    frameMatrix,
  };
}

interface ProfilePhotoRow extends FileRow {
  landmarks: FaceOnPhoto['landmarks'] | null;
  landmarks_image_width: number | null;
  landmarks_image_height: number | null;
}

/**
 * Try-on: the product over the shopper's saved face profile (the account area keeps the
 * profiles, their photos and their faces' landmarks). A customer's default (else latest)
 * profile; a guest's own profile by guest_id (the dittoGuestId cookie) or their latest. Nobody
 * else's. A shopper without one (or naming one that is not theirs) gets `faceProfile: false` and
 * no image: the page says how to add one, with no failed request (issue 42). The answer says how
 * the frame was placed: by the landmarks, or approximately for a profile saved without them.
 */
export function tryOnRoutes(app: FastifyInstance, _db: Database) {
  route(app, areaEndpoints.faceProfiles.overlay, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const [product] = await db.query<{ data: SeedProduct }>('select data from products where id = $1', [query.product_id]);
    if (!product) throw notFound('Product not found');
    if (product.data.classification !== 'eyeframe' && product.data.classification !== 'sunglasses')
      throw badRequest('Only frames can be tried on.', 'product_id');
    const [profile] = await db.query<ProfilePhotoRow>(
      `select f.file_name, f.content_type, f.object_key, f.data, p.landmarks, p.landmarks_image_width, p.landmarks_image_height
         from account_face_profiles p join account_files f on f.file_name = p.image_file
        where ((p.customer_id is not null and p.customer_id = $1) or (p.customer_id is null and p.session_id = $2))
          and ($3::text is null or p.ditto_id = $3)
        order by p.is_default desc, p.created_at desc limit 1`,
      [session.customer_id, session.id, query.guest_id ?? null],
    );
    if (!profile) return { result: { faceProfile: false } };
    const face =
      profile.landmarks && profile.landmarks_image_width && profile.landmarks_image_height
        ? { landmarks: profile.landmarks, imageSize: { width: profile.landmarks_image_width, height: profile.landmarks_image_height } }
        : undefined;
    const { svg, placement, frameMatrix } = composeTryOn({ contentType: profile.content_type, data: await fileBytes(request, profile) }, product.data, face);
    return {
      result: {
        faceProfile: true,
        overlayed_image_url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        placement,
        ...(frameMatrix ? { frameMatrix } : {}),
      },
    };
  });
}
