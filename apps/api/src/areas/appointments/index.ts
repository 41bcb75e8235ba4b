import { type ApiArea } from '../area';
import { htoRoutes } from './hto-routes';
import { appointmentMigrations } from './migrations';
import { seedAppointments } from './seed';
import { storeRoutes } from './store-routes';

/**
 * The appointments area of the API: store visits, studio and test-your-vision bookings with
 * real slot availability, home try-on / home eye check-up (HTO/HEC) visits, SOS and the
 * geocoding of pincodes against the seeded places (see libs/api-client contract
 * `appointments.ts` and `hto.ts`).
 */
export const appointmentsArea: ApiArea = {
  name: 'appointments',
  migrations: appointmentMigrations,
  routes(app, db) {
    storeRoutes(app, db);
    htoRoutes(app, db);
  },
  seed: seedAppointments,
};
