import { z } from 'zod';
import type { FaceLandmarks } from '@eyewear/face/geometry';
import { idSchema, isoDateTimeSchema } from './common';

/** A photo's pixels: a phone photo is at most a few thousand across. */
const pixels = z.number().finite().min(-20_000).max(20_000);
const pointSchema = z.object({ x: pixels, y: pixels }).strict();
const pairOfPoints = z.tuple([pointSchema, pointSchema]);
const irisPx = z.number().finite().positive().max(2_000);

/**
 * A face's landmarks as @eyewear/face finds them in the browser (`FaceLandmarks`: pupils, irises,
 * cheekbones, nose, box, score; pairs in image order), in the pixels of the photo they were found
 * in (issue 43). The browser finds them; the API keeps and checks them, and never sees a camera.
 */
export const faceLandmarksSchema = z
  .object({
    pupils: pairOfPoints,
    irisDiametersPx: z.tuple([irisPx, irisPx]).optional(),
    cheekbones: pairOfPoints,
    noseBridge: pointSchema,
    noseTip: pointSchema,
    box: z.object({ x: pixels, y: pixels, width: pixels.positive(), height: pixels.positive() }).strict(),
    score: z.number().min(0).max(1),
  })
  .strict() satisfies z.ZodType<FaceLandmarks>;

/** The size of the photo the landmarks were found in, pixels. */
export const imageSizeSchema = z.object({ width: z.number().int().min(16).max(20_000), height: z.number().int().min(16).max(20_000) }).strict();
export type ImageSize = z.infer<typeof imageSizeSchema>;

const inside = (p: { x: number; y: number }, size: ImageSize) => p.x >= 0 && p.y >= 0 && p.x <= size.width && p.y <= size.height;

/** Landmarks with the size of the photo they refer to; the eyes and nose must be in the photo. */
export const faceOnPhotoSchema = z
  .object({ landmarks: faceLandmarksSchema, imageSize: imageSizeSchema })
  .strict()
  .refine(
    ({ landmarks: l, imageSize }) => [...l.pupils, l.noseBridge, l.noseTip].every((p) => inside(p, imageSize)),
    'The eyes and nose must be inside the photo',
  );
export type FaceOnPhoto = z.infer<typeof faceOnPhotoSchema>;

/** Several looks at one face (camera frames; a photo and its mirror image) in photos of one size: what the frame-size measure takes. */
export const faceLooksSchema = z
  .object({ looks: z.array(faceLandmarksSchema).min(1).max(12), imageSize: imageSizeSchema })
  .strict()
  .refine(
    ({ looks, imageSize }) => looks.every((l) => [...l.pupils, l.noseBridge, l.noseTip].every((p) => inside(p, imageSize))),
    'The eyes and nose must be inside the photo',
  );
export type FaceLooks = z.infer<typeof faceLooksSchema>;

/** A multipart text field that holds JSON (the landmarks travel beside a photo): parsed, then checked by `schema`. */
export function jsonField<S extends z.ZodType>(schema: S) {
  return z
    .string()
    .max(64 * 1024)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** Ditto ids are long; store-image paths use their first 14 characters (account §9). */
export const dittoIdSchema = z.string().regex(/^[A-Za-z0-9_-]{14,64}$/, 'Invalid face profile id');

export const faceProfileSchema = z.object({
  dittoId: dittoIdSchema,
  name: z.object({ first: z.string(), last: z.string().optional() }),
  isGuest: z.boolean(),
  saved: z.boolean(),
  isDefault: z.boolean(),
  cygnusId: z.string().optional(),
  imageId: z.string().optional(),
  /** The face's landmarks are kept with the photo (issue 43): try-on places frames by them; false for a profile saved without (older clients), whose try-on is approximate. */
  hasLandmarks: z.boolean().optional(),
  createdAt: isoDateTimeSchema,
});
export type FaceProfile = z.infer<typeof faceProfileSchema>;

export const faceProfileListSchema = z.object({
  profiles: z.array(faceProfileSchema),
  defaultDittoId: dittoIdSchema.optional(),
});
export type FaceProfileList = z.infer<typeof faceProfileListSchema>;

export const faceProfileInputSchema = z
  .object({
    name: z.object({ first: z.string().trim().min(1).max(60), last: z.string().trim().max(60).optional() }).strict(),
    imageId: z.string().min(1),
    isDefault: z.boolean().default(false),
  })
  .strict();
export type FaceProfileInput = z.input<typeof faceProfileInputSchema>;

/** No defaults here: a rename must not clear the default flag. */
export const faceProfileUpdateSchema = z
  .object({
    name: z.object({ first: z.string().trim().min(1).max(60), last: z.string().trim().max(60).optional() }).strict(),
    isDefault: z.boolean(),
    /** The landmarks found in the profile's photo (a profile saved before them gets them later), with the photo's size. */
    face: faceOnPhotoSchema,
  })
  .partial()
  .strict()
  .refine((v) => v.name !== undefined || v.isDefault !== undefined || v.face !== undefined, 'Nothing to update');
export type FaceProfileUpdate = z.infer<typeof faceProfileUpdateSchema>;

export const faceProfileAuthSchema = z.object({ accessCode: z.string().min(1), signature: z.string().min(1) });
export type FaceProfileAuth = z.infer<typeof faceProfileAuthSchema>;

/**
 * A try-on: the frame over the shopper's face profile photo. A shopper with no face profile is
 * not an error (issue 42: it answered 404, an error in the console): `faceProfile` false and no URL.
 */
export const overlayImageSchema = z.object({
  faceProfile: z.boolean(),
  overlayed_image_url: z.string().min(1).optional(),
  /**
   * How the frame was placed (issue 43): `landmarks`, by the face's landmarks kept with the profile
   * (on the eyes, turned with the eye line, sized by the eye distance); `approximate`, a profile
   * saved without landmarks: the frame in the guide's fixed box.
   */
  placement: z.enum(['landmarks', 'approximate']).optional(),
  /** With `landmarks`: the frame's front image (600x300) onto the 300x240 face image, as SVG `matrix(a b c d e f)` takes it. */
  frameMatrix: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number(), z.number()]).optional(),
});
export type OverlayImage = z.infer<typeof overlayImageSchema>;

export const uploadedImageSchema = z.object({ id: z.string().min(1) });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const cygnusProfileSchema = z.object({
  cygnusId: z.string().min(1),
  customerId: idSchema.optional(),
  faceShape: z.enum(['oval', 'round', 'square', 'heart', 'diamond', 'oblong']).optional(),
  pd: z.number().positive().optional(),
  frameSize: z.string().optional(),
});
export type CygnusProfile = z.infer<typeof cygnusProfileSchema>;

/** Frame-size recommendation from a face photo. */
const frameSizeClassSchema = z.enum(['extraNarrow', 'narrow', 'medium', 'wide', 'extraWide']);
export const frameSizeResultSchema = z.object({
  frameSize: frameSizeClassSchema,
  frameSizeId: z.number().int().positive(),
  faceWidthMm: z.number().positive().optional(),
  pd: z.number().positive().optional(),
  /** The neighbouring class when the width is within the measure's repeatability of a class limit (issue 43). */
  alsoFits: frameSizeClassSchema.optional(),
  /**
   * The ruler (issue 43): `iris` (11.7 mm) or `pupilDistance` (the mean, 63 mm) for a measure from
   * the face's landmarks; `photo` for the older skin-pixel measure of an uploaded photo (kept for
   * the pages of the previous release only; the size is approximate).
   */
  by: z.enum(['iris', 'pupilDistance', 'photo']).optional(),
});
export type FrameSizeResult = z.infer<typeof frameSizeResultSchema>;

/**
 * The shopper's own latest frame size measured from the face (issue 43): the customer's (from any
 * of their sessions), else this session's; never a photo's skin-pixel measure, nor one taken on a
 * store's device. `measured` false when there is none.
 */
export const measuredFrameSizeSchema = z.object({
  measured: z.boolean(),
  frameSize: frameSizeClassSchema.optional(),
  frameSizeId: z.number().int().positive().optional(),
  alsoFits: frameSizeClassSchema.optional(),
  faceWidthMm: z.number().positive().optional(),
  measuredAt: isoDateTimeSchema.optional(),
});
export type MeasuredFrameSize = z.infer<typeof measuredFrameSizeSchema>;
