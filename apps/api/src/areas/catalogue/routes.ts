import { type FastifyInstance } from 'fastify';
import { type Database } from '../../db/database';
import { type AreaHooks } from '../area';
import { barcodeRoutes } from './barcode';
import { catalogueReads } from './catalogue-reads';
import { contentRoutes } from './content-routes';
import { leadGenRoutes } from './lead-gen-routes';
import { listingRoutes } from './listing-routes';
import { purgeRoutes } from './purge-routes';
import { sitemapRoutes } from './sitemap-routes';
import { wishlistRoutes } from './wishlist-routes';

/** Every route of the area, by kind; listings and categories are read through one read cache (ADR 018). */
export function catalogueRoutes(app: FastifyInstance, db: Database, hooks: AreaHooks) {
  const reads = catalogueReads(db);
  listingRoutes(app, db, reads);
  contentRoutes(app, db, reads);
  wishlistRoutes(app, db, hooks);
  barcodeRoutes(app, db);
  leadGenRoutes(app, db);
  sitemapRoutes(app, db);
  purgeRoutes(app);
}
