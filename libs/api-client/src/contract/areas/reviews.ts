import { z } from 'zod';
import { reviewBottomlineSchema, reviewInputSchema, reviewListSchema, reviewSchema, siteRatingSchema } from '../../schemas';
import { endpoint, q, result } from '../define';
import { idParam, params } from '../helpers';
import { productRoutes } from './product-routes';
import { shellRoutes } from './shell-routes';

const SPEC = 'account §7 Reviews';

export const reviewEndpoints = {
  list: endpoint({
    ...productRoutes.reviews,
    params: params({ id: idParam() }),
    query: z.object({ count: q.int({ min: 1, max: 50 }).default(10), page: q.int({ min: 0 }).default(0) }).strict(),
    response: result(reviewListSchema),
    summary: `A product's reviews, 10 a page, read as result.review.reviews (${SPEC})`,
  }),
  create: endpoint({
    ...productRoutes.createReview,
    params: params({ id: idParam() }),
    body: reviewInputSchema,
    response: result(reviewSchema),
    summary: `Post a review of a product (${SPEC})`,
  }),
  siteRating: endpoint({
    ...shellRoutes.siteRating,
    response: result(siteRatingSchema),
    summary: `Site rating (average_score, total_reviews); the client races it against 2 s (${SPEC}; shopping §7 Marketing and utility)`,
  }),
  bottomline: endpoint({
    name: 'reviews.bottomline',
    method: 'GET',
    path: '/v2/reviews/bottomline/:productId',
    params: params({ productId: idParam() }),
    response: result(reviewBottomlineSchema),
    summary: `Review service bottomline of a product (shopping §7 Marketing and utility)`,
  }),
} as const;
