import { type ApiArea } from '../area';

/** The appointments area of the API (see libs/api-client/src/contract/areas for its calls). */
export const appointmentsArea: ApiArea = {
  name: 'appointments',
  migrations: [],
  routes() {},
};
