import { type ApiArea } from '../area';

/** The catalogue area of the API (see libs/api-client/src/contract/areas for its calls). */
export const catalogueArea: ApiArea = {
  name: 'catalogue',
  migrations: [],
  routes() {},
};
