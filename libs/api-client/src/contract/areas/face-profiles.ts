import { z } from 'zod';
import {
  cygnusProfileSchema,
  dittoIdSchema,
  emailSchema,
  faceProfileAuthSchema,
  faceProfileListSchema,
  faceProfileSchema,
  faceLooksSchema,
  faceOnPhotoSchema,
  faceProfileUpdateSchema,
  frameSizeResultSchema,
  idSchema,
  jsonField,
  measuredFrameSizeSchema,
  overlayImageSchema,
  phoneSchema,
  uploadedImageSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { ackResponse, binary, multipart, params, uploadedFileSchema } from '../helpers';
import { faceProfileRoutes } from './account-routes';

const SPEC = 'account §7 Face profiles';
const PDP = 'shopping §7 Product page';

const profile = result(faceProfileSchema);
const dittoId = params({ dittoId: dittoIdSchema });
const cygnusId = z.string().regex(/^[\w-]{4,64}$/, 'Invalid cygnus id');

export const faceProfileEndpoints = {
  auth: endpoint({
    ...faceProfileRoutes.auth,
    params: dittoId,
    response: result(faceProfileAuthSchema),
    summary: `Access code and signature for the try-on widget (${SPEC})`,
  }),
  frontalImage: endpoint({
    ...faceProfileRoutes.frontalImage,
    params: dittoId,
    // An SVG of 300x240 whose photo fills it (cropped to it), whatever size the photo was taken at.
    response: binary('image/svg+xml'),
    summary: `The profile's frontal image, 300x240 (${SPEC})`,
  }),
  list: endpoint({
    ...faceProfileRoutes.list,
    response: result(faceProfileListSchema),
    summary: `The customer's face profiles (${SPEC})`,
  }),
  create: endpoint({
    ...faceProfileRoutes.create,
    // The photo travels with the profile: one call, no orphan images.
    body: multipart({
      file: uploadedFileSchema,
      firstName: z.string().trim().min(1).max(60),
      lastName: z.string().trim().max(60).optional(),
      isDefault: q.bool().optional(),
      // The face's landmarks found in the photo by the browser, with the photo's size, as JSON
      // (issue 43); without them (older clients) the profile's try-on is approximate.
      face: jsonField(faceOnPhotoSchema).optional(),
    }),
    response: profile,
    summary: `Create a face profile from an uploaded photo and its face's landmarks; a guest's profile is kept for the session (dittoGuestId) (${SPEC})`,
  }),
  update: endpoint({
    ...faceProfileRoutes.update,
    params: dittoId,
    body: faceProfileUpdateSchema,
    response: profile,
    summary: `Rename a face profile, make it the default, or give it its face's landmarks (${SPEC})`,
  }),
  remove: endpoint({
    ...faceProfileRoutes.remove,
    params: dittoId,
    response: ackResponse,
    summary: `Delete a face profile (${SPEC})`,
  }),
  add: endpoint({
    ...faceProfileRoutes.add,
    body: z.object({ dittoId: dittoIdSchema }).strict(),
    response: profile,
    summary: `Attach a (guest) profile to the customer at login (${SPEC})`,
  }),
  saveUpdate: endpoint({
    ...faceProfileRoutes.saveUpdate,
    body: z.object({ dittoId: dittoIdSchema }).strict(),
    response: profile,
    summary: `Save a profile; sets the saved flag (${SPEC})`,
  }),
  emailImage: endpoint({
    ...faceProfileRoutes.emailImage,
    body: z.object({ email: emailSchema, dittoId: dittoIdSchema, productId: idSchema.optional() }).strict(),
    response: ackResponse,
    summary: `E-mail a try-on image (${SPEC}; ${PDP})`,
  }),
  overlay: endpoint({
    ...faceProfileRoutes.overlay,
    query: z.object({ product_id: q.int({ min: 1 }), guest_id: dittoIdSchema.optional(), view: z.literal('json').default('json') }).strict(),
    response: result(overlayImageSchema),
    summary: `A product overlaid on the face, read as overlayed_image_url; faceProfile false (and no URL) when the shopper has no face profile (${SPEC})`,
  }),
  uploadImage: endpoint({
    ...faceProfileRoutes.uploadImage,
    body: multipart({ file: uploadedFileSchema }),
    response: result(uploadedImageSchema),
    summary: `Upload a face photo, read as id (${SPEC})`,
  }),
  storeImage: endpoint({
    ...faceProfileRoutes.storeImage,
    // The store path carries only the first 14 characters of the ditto id (account §9).
    params: params({ dittoPrefix: z.string().regex(/^[A-Za-z0-9_-]{14}$/, 'The first 14 characters of the ditto id') }),
    body: multipart({ file: uploadedFileSchema }),
    response: result(uploadedImageSchema),
    summary: `Store a profile image (${SPEC})`,
  }),
  cygnusUpdate: endpoint({
    ...faceProfileRoutes.cygnusUpdate,
    params: params({ cygnusId }),
    response: result(cygnusProfileSchema),
    summary: `Link the customer to a cygnus profile (${SPEC})`,
  }),
  cygnusProfile: endpoint({
    ...faceProfileRoutes.cygnusProfile,
    query: z.object({ 'customer-identifier': z.string().min(1).max(64) }).strict(),
    response: result(cygnusProfileSchema),
    summary: `A cygnus profile by customer identifier (${SPEC})`,
  }),
  cygnusDelete: endpoint({
    ...faceProfileRoutes.cygnusDelete,
    response: ackResponse,
    summary: `Delete the customer's cygnus profile (${SPEC})`,
  }),
  encryptSession: endpoint({
    ...faceProfileRoutes.encryptSession,
    response: result(z.object({ encrypted_session_token: z.string().min(1) })),
    summary: `Encrypt the session token for the try-on service; needs a session (${SPEC})`,
  }),
  frameSize: endpoint({
    ...faceProfileRoutes.frameSize,
    query: z.object({ phone: phoneSchema.optional() }).strict(),
    // Issue 43: the face's landmarks found in the browser (`face`, JSON: several looks and the
    // photo's size), measured with a real scale; no photo travels. `file` (a PNG photo) is the
    // previous release's form, measured by the older skin-pixel rule; one of the two.
    body: multipart({ face: jsonField(faceLooksSchema).optional(), file: uploadedFileSchema.optional() }),
    response: result(frameSizeResultSchema),
    summary: `Frame-size recommendation from a face's landmarks (or, previous release, a photo) (${PDP}; ${SPEC})`,
  }),
  storeFrameSize: endpoint({
    ...faceProfileRoutes.storeFrameSize,
    body: multipart({ face: jsonField(faceLooksSchema).optional(), file: uploadedFileSchema.optional(), storeCode: z.string().min(1).max(32).optional() }),
    response: result(frameSizeResultSchema),
    summary: `Frame-size recommendation taken in a store (${PDP}; ${SPEC})`,
  }),
  measuredFrameSize: endpoint({
    ...faceProfileRoutes.measuredFrameSize,
    response: result(measuredFrameSizeSchema),
    summary: `The shopper's latest frame size measured from the face, for the listing's size filter and the product page's hint (${PDP}; ${SPEC})`,
  }),
} as const;
