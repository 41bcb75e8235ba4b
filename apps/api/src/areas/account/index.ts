import { type ApiArea } from '../area';

/** The account area of the API (see libs/api-client/src/contract/areas for its calls). */
export const accountArea: ApiArea = {
  name: 'account',
  migrations: [],
  routes() {},
};
