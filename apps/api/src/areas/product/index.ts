import { type ApiArea } from '../area';

/** The product area of the API (see libs/api-client/src/contract/areas for its calls). */
export const productArea: ApiArea = {
  name: 'product',
  migrations: [],
  routes() {},
};
