import { type FastifyInstance } from 'fastify';
import { areaEndpoints, cacheKeys, type Review } from '@eyewear/api-client';
import { type Database } from '../../db/database';
import { recordPurge } from '../../db/purges';
import { setCacheKeys } from '../../http/cache-keys';
import { route } from '../../http/endpoint';
import { HttpError, notFound, unauthorized } from '../../http/errors';
import { requireSession } from '../../http/session';
import { type SeedReview } from '../../seed/types';

/** Review page size (account §9). */
export const REVIEW_PAGE_SIZE = 10;

interface ReviewRow {
  id: number;
  product_id: number;
  rating: number;
  created_at: Date | string;
  data: SeedReview & { customerId?: number; verifiedBuyer?: boolean };
}

const reviewOf = (row: ReviewRow): Review => ({
  id: row.id,
  productId: row.product_id,
  author: row.data.author,
  rating: row.rating,
  title: row.data.title,
  body: row.data.body,
  createdAt: new Date(row.created_at).toISOString(),
  ...(row.data.verifiedBuyer !== undefined ? { verifiedBuyer: row.data.verifiedBuyer } : {}),
});

async function requireProduct(db: Database, id: number) {
  const [row] = await db.query('select 1 from products where id = $1', [id]);
  if (!row) throw notFound('Product not found');
}

/**
 * The first character of a name as a reader sees it (a grapheme: an accented letter, an emoji
 * with its modifiers), never half of one: `name[0]` split an emoji's surrogate pair, which the
 * database refused (issue 40: a last name starting with an emoji answered 500).
 */
export function initialOf(name: string): string {
  const [first] = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(name.trim());
  return first?.segment ?? '';
}

export function reviewRoutes(app: FastifyInstance, _db: Database) {
  // A product's reviews and rating are its key's (`p<id>`): a review posted purges it.
  route(app, areaEndpoints.reviews.list, async ({ params, query, reply, db }) => {
    await requireProduct(db, params.id);
    setCacheKeys(reply, [cacheKeys.product(params.id)]);
    const [summary] = await db.query<{ total: number; average: number | null }>(
      'select count(*)::int as total, round(avg(rating)::numeric, 1) as average from reviews where product_id = $1',
      [params.id],
    );
    const rows = await db.query<ReviewRow>(
      'select id, product_id, rating, created_at, data from reviews where product_id = $1 order by created_at desc, id desc limit $2 offset $3',
      [params.id, query.count, query.page * query.count],
    );
    return {
      result: {
        review: { reviews: rows.map(reviewOf), total: summary?.total ?? 0, page: query.page, count: query.count, averageRating: Number(summary?.average ?? 0) },
      },
    };
  });

  // Posting needs a logged-in customer; one review per customer and product.
  route(app, areaEndpoints.reviews.create, async ({ params, body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    if (session.customer_id === null) throw unauthorized('Please log in to write a review.');
    await requireProduct(db, params.id);
    const [customer] = await db.query<{ first_name: string; last_name: string | null; has_placed_order: boolean }>(
      'select first_name, last_name, has_placed_order from customers where id = $1',
      [session.customer_id],
    );
    if (!customer) throw unauthorized('Please log in to write a review.');
    const [already] = await db.query("select 1 from reviews where product_id = $1 and (data->>'customerId')::int = $2", [params.id, session.customer_id]);
    if (already) throw new HttpError(409, 'You have already reviewed this product.', undefined, 'DUPLICATE_REVIEW');
    const initial = customer.last_name ? initialOf(customer.last_name) : '';
    const author = body.author ?? `${customer.first_name}${initial ? ` ${initial}.` : ''}`;
    // The review and the purge of its product's page (its rating and reviews show there) commit together.
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx.query<ReviewRow>(
        `insert into reviews (id, product_id, rating, created_at, data)
         select nextval('product_review_ids'), $1, $2, now(), $3::jsonb
         returning id, product_id, rating, created_at, data`,
        [
          params.id,
          body.rating,
          JSON.stringify({ author, title: body.title, body: body.body, customerId: session.customer_id, verifiedBuyer: customer.has_placed_order }),
        ],
      );
      await recordPurge(tx, [cacheKeys.product(params.id)]);
      return inserted!;
    });
    return { result: reviewOf(row) };
  });
}
