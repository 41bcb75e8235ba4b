import { type ApiArea } from '../area';
import { CART_MIGRATIONS } from './migrations';

/** The cart area of the API (see libs/api-client/src/contract/areas for its calls). */
export const cartArea: ApiArea = {
  name: 'cart',
  migrations: CART_MIGRATIONS,
  routes() {},
};
