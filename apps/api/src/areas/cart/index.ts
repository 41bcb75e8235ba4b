import { type ApiArea } from '../area';
import { cartCount, mergeGuestCart } from './cart-store';
import { cartRoutes } from './cart-routes';
import { CART_MIGRATIONS } from './migrations';
import { startExpirySweep } from './order-expiry';
import { moneyRoutes } from './money-routes';
import { paymentRoutes } from './payment-routes';
import { keepPresalesOnLogin, presalesRoutes } from './presales';
import { seedCart } from './seed';

/** The cart area: carts, money off, checkout, simulated payments and ORDER CREATION (see README.md). */
export const cartArea: ApiArea = {
  name: 'cart',
  migrations: CART_MIGRATIONS,
  routes(app, db, hooks) {
    hooks.counts.push(cartCount);
    hooks.afterLogin.push(mergeGuestCart, keepPresalesOnLogin);
    cartRoutes(app, db);
    moneyRoutes(app, db);
    paymentRoutes(app, db);
    presalesRoutes(app, db);
    startExpirySweep(app, db);
  },
  seed: (db) => seedCart(db),
};
