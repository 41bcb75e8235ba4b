import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';

export const reviewSchema = z.object({
  id: idSchema,
  productId: idSchema,
  author: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  createdAt: isoDateTimeSchema,
  verifiedBuyer: z.boolean().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Read as result.review.reviews (account §3). */
export const reviewListSchema = z.object({
  review: z.object({
    reviews: z.array(reviewSchema),
    total: z.number().int().min(0),
    page: z.number().int().min(0),
    count: z.number().int().positive(),
    averageRating: z.number().min(0).max(5),
  }),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

export const reviewInputSchema = z
  .object({
    rating: z.number().int().min(1).max(5),
    title: z.string().trim().min(1).max(120),
    body: z.string().trim().min(1).max(2000),
    author: z.string().trim().min(1).max(80).optional(),
  })
  .strict();
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** Site rating from the review provider (shopping §7): average_score and total_reviews. */
export const siteRatingSchema = z.object({
  average_score: z.number().min(0).max(5),
  total_reviews: z.number().int().min(0),
});
export type SiteRating = z.infer<typeof siteRatingSchema>;

/** A product's rating summary from the review service. */
export const reviewBottomlineSchema = z.object({
  productId: idSchema,
  average_score: z.number().min(0).max(5),
  total_reviews: z.number().int().min(0),
});
export type ReviewBottomline = z.infer<typeof reviewBottomlineSchema>;
