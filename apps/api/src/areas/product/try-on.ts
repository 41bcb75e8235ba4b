import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { badRequest, notFound } from '../../http/errors';
import { requireSession } from '../../http/session';
import { drawProductImage } from '../../images/svg';
import { type SeedProduct } from '../../seed/types';
import { faceImageSvg } from '../account/face-image';
import { fileBytes, type FileRow } from '../account/files';

/** Where the frame sits on a face photo framed like the profile guide: eyes at 40 % height, frame 60 % wide. */
const FRAME_BOX = { x: 60, y: 66, width: 180, height: 90 };

/**
 * The frame over the photo, one SVG: the profile's photo filling 300x240 (faceImageSvg), the product's front
 * drawing (without its backdrop) over the eyes. Both are embedded as data, so the document
 * loads nothing and can be shown as an <img>.
 */
export function composeTryOn(photo: { contentType: string; data: Buffer }, product: SeedProduct): string {
  const frame = drawProductImage(product, 'front').replace(/<rect width="600" height="300" fill="[^"]*"\/>/, '');
  const frameData = Buffer.from(frame).toString('base64');
  return faceImageSvg(
    photo,
    `<image href="data:image/svg+xml;base64,${frameData}" x="${FRAME_BOX.x}" y="${FRAME_BOX.y}" width="${FRAME_BOX.width}" height="${FRAME_BOX.height}"/>`,
  );
}

/**
 * Try-on: the product over the shopper's saved face profile (the account area keeps the
 * profiles and their photos). A customer's default (else latest) profile; a guest's own
 * profile by guest_id (the dittoGuestId cookie) or their latest. Nobody else's. A shopper
 * without one (or naming one that is not theirs) gets `faceProfile: false` and no image: the
 * page says how to add one, with no failed request (issue 42).
 */
export function tryOnRoutes(app: FastifyInstance, _db: Database) {
  route(app, areaEndpoints.faceProfiles.overlay, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const [product] = await db.query<{ data: SeedProduct }>('select data from products where id = $1', [query.product_id]);
    if (!product) throw notFound('Product not found');
    if (product.data.classification !== 'eyeframe' && product.data.classification !== 'sunglasses')
      throw badRequest('Only frames can be tried on.', 'product_id');
    const [profile] = await db.query<FileRow>(
      `select f.file_name, f.content_type, f.object_key, f.data from account_face_profiles p join account_files f on f.file_name = p.image_file
        where ((p.customer_id is not null and p.customer_id = $1) or (p.customer_id is null and p.session_id = $2))
          and ($3::text is null or p.ditto_id = $3)
        order by p.is_default desc, p.created_at desc limit 1`,
      [session.customer_id, session.id, query.guest_id ?? null],
    );
    if (!profile) return { result: { faceProfile: false } };
    const svg = composeTryOn({ contentType: profile.content_type, data: await fileBytes(request, profile) }, product.data);
    return { result: { faceProfile: true, overlayed_image_url: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` } };
  });
}
