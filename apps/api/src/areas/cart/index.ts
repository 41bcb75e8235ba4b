import { type ApiArea } from '../area';

/** The cart area of the API (see libs/api-client/src/contract/areas for its calls). */
export const cartArea: ApiArea = {
  name: 'cart',
  migrations: [],
  routes() {},
};
