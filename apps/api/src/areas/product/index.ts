import { type ApiArea } from '../area';
import { frameSizeRoutes } from './frame-size';
import { lensRoutes } from './lens-routes';
import { productMigrations } from './migrations';
import { productRoutes } from './product-routes';
import { reviewRoutes } from './reviews';
import { shippingRoutes } from './shipping';
import { tryOnRoutes } from './try-on';

/**
 * The product area of the API: the product and its sub-paths (buy options, lens packages and
 * coatings, powers and their check, contact-lens subscriptions and solutions, out-of-stock
 * subscriptions, 360 view), delivery estimates, reviews, the frame-size measure and try-on over a saved face profile.
 */
export const productArea: ApiArea = {
  name: 'product',
  migrations: productMigrations,
  routes(app, db) {
    productRoutes(app, db);
    lensRoutes(app, db);
    shippingRoutes(app, db);
    reviewRoutes(app, db);
    frameSizeRoutes(app, db);
    tryOnRoutes(app, db);
  },
};
