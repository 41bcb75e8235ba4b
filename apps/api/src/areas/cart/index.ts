import { type ApiArea } from '../area';
import { cartCount, mergeGuestCart } from './cart-store';
import { cartRoutes } from './cart-routes';
import { deliveryRoutes } from './delivery-routes';
import { leadRoutes } from './lead-routes';
import { CART_MIGRATIONS } from './migrations';
import { moneyRoutes } from './money-routes';
import { paymentOptionRoutes } from './payment-option-routes';
import { paymentRoutes } from './payment-routes';
import { keepPresalesOnLogin, presalesRoutes } from './presales';
import { savedCardRoutes } from './saved-card-routes';
import { seedCart } from './seed';

/** The cart area: carts, money off, checkout, simulated payments and ORDER CREATION (see README.md). */
export const cartArea: ApiArea = {
  name: 'cart',
  migrations: CART_MIGRATIONS,
  routes(app, db, hooks) {
    hooks.counts.push(cartCount);
    hooks.afterLogin.push(mergeGuestCart, keepPresalesOnLogin);
    cartRoutes(app, db);
    deliveryRoutes(app, db);
    leadRoutes(app, db);
    moneyRoutes(app, db);
    paymentRoutes(app, db);
    paymentOptionRoutes(app, db);
    savedCardRoutes(app, db);
    presalesRoutes(app, db);
  },
  seed: (db) => seedCart(db),
};
