import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';

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
  })
  .partial()
  .strict()
  .refine((v) => v.name !== undefined || v.isDefault !== undefined, 'Nothing to update');
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
export const frameSizeResultSchema = z.object({
  frameSize: z.enum(['extraNarrow', 'narrow', 'medium', 'wide', 'extraWide']),
  frameSizeId: z.number().int().positive(),
  faceWidthMm: z.number().positive().optional(),
  pd: z.number().positive().optional(),
});
export type FrameSizeResult = z.infer<typeof frameSizeResultSchema>;
