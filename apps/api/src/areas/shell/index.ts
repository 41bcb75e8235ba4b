import { type ApiArea } from '../area';

/** The shell area of the API (see libs/api-client/src/contract/areas for its calls). */
export const shellArea: ApiArea = {
  name: 'shell',
  migrations: [],
  routes() {},
};
