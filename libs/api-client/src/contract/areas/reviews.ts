import { z } from 'zod';
import { reviewBottomlineSchema, reviewInputSchema, reviewListSchema, reviewSchema, siteRatingSchema } from '../../schemas';
import { endpoint, q, result } from '../define';
import { idParam, params } from '../helpers';

const SPEC = 'account §7 Reviews';
/** Review pages are product sub-paths, so they carry the product headers too. */
const productHeaders = { customerType: true, exchange: true } as const;

export const reviewEndpoints = {
  list: endpoint({
    name: 'reviews.list',
    method: 'GET',
    path: '/v2/products/product/:id/review',
    params: params({ id: idParam() }),
    query: z.object({ count: q.int({ min: 1, max: 50 }).default(10), page: q.int({ min: 0 }).default(0) }).strict(),
    response: result(reviewListSchema),
    headers: productHeaders,
    summary: `A product's reviews, 10 a page, read as result.review.reviews (${SPEC})`,
  }),
  create: endpoint({
    name: 'reviews.create',
    method: 'POST',
    path: '/v2/products/product/:id/review',
    params: params({ id: idParam() }),
    body: reviewInputSchema,
    response: result(reviewSchema),
    headers: productHeaders,
    summary: `Post a review of a product (${SPEC})`,
  }),
  siteRating: endpoint({
    name: 'reviews.siteRating',
    method: 'GET',
    path: '/v2/reviews/site-rating',
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
