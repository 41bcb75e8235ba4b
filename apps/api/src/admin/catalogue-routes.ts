import { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cacheKeys } from '@eyewear/api-client';
import { COUNTRIES } from '../countries';
import { type Database } from '../db/database';
import { recordPurge } from '../db/purges';
import { HttpError } from '../http/errors';
import { parse } from './parse';

const params = z.object({ productId: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
const money = z.number().positive().max(10_000_000).multipleOf(0.01);
const body = z
  .object({
    country: z.string().refine((code) => code in COUNTRIES, 'Unknown country'),
    sellingPrice: money,
    marketPrice: money.optional(),
  })
  .strict()
  .refine((b) => b.marketPrice === undefined || b.marketPrice >= b.sellingPrice, {
    message: 'The market price cannot be below the selling price',
    path: ['marketPrice'],
  });

/**
 * PUT /catalogue/products/:productId/price: the merchandiser changes a product's price in one
 * country (the back office's price change). Every API instance on the same database serves
 * the new price on its next read: the write goes through the database's write versions, which
 * the listing and product read caches compare (db/database.ts). In the same transaction it
 * records the purge of the product's cache key (`p<id>`: its page and every card of it,
 * db/purges.ts) and of its categories' (`c<id>`: their listings' price filters and order by
 * price), so the pages cached outside the API follow; a refused change purges nothing.
 */
export function catalogueAdminRoutes(app: FastifyInstance, db: Database) {
  app.put('/catalogue/products/:productId/price', async (request) => {
    const { productId } = parse(params, request.params);
    const price = parse(body, request.body);
    const rows = await db.transaction(async (tx) => {
      const changed = await tx.query<{ selling_price: number; market_price: number }>(
        `update product_prices set selling_price = $3, market_price = coalesce($4, greatest(market_price, $3))
         where product_id = $1 and country = $2 returning selling_price, market_price`,
        [productId, price.country, price.sellingPrice, price.marketPrice ?? null],
      );
      if (changed.length === 0) throw new HttpError(404, `Product ${productId} has no price in ${price.country}`, 'productId', 'NOT_FOUND');
      // Its listings too: their price filters and their order by price may change with it (a
      // listing sorted by price gains or loses the product on a page that did not show it).
      const categories = await tx.query<{ category_id: number }>('select category_id from product_categories where product_id = $1 order by category_id', [
        productId,
      ]);
      await recordPurge(tx, [cacheKeys.product(productId), ...categories.map((row) => cacheKeys.category(Number(row.category_id)))]);
      return changed;
    });
    return { result: { productId, country: price.country, sellingPrice: Number(rows[0]!.selling_price), marketPrice: Number(rows[0]!.market_price) } };
  });
}
