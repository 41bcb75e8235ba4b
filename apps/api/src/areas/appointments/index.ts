import { type ApiArea, type LoginEvent, type Tx } from '../area';
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
  routes(app, db, hooks) {
    storeRoutes(app, db);
    htoRoutes(app, db);
    // A guest's bookings follow them into their account when they log in.
    hooks.afterLogin.push(adoptGuestBookings);
  },
  seed: seedAppointments,
};

/** Binds the bookings of the guest session to the customer and their new session. */
export async function adoptGuestBookings(tx: Tx, event: LoginEvent) {
  for (const table of ['appointments', 'hto_orders']) {
    await tx.query(`update ${table} set customer_id = $1, session_id = $2 where session_id = $3`, [event.customerId, event.sessionId, event.previousSessionId]);
  }
}
