import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';
import { isValidMobile } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { checkPincode } from '../../http/pincode';
import { countryOf, currentSession } from '../../http/session';

const { marketing } = areaEndpoints;

/** The lead-generation form of /lead-gen/user-detail. */
export function leadGenRoutes(app: FastifyInstance, _db: Database) {
  route(app, marketing.leadGen, async ({ body, request, db }) => {
    const country = countryOf(request);
    // account.md §5: the mobile of the site's country (the form checks the same rule).
    if (!isValidMobile(country, body.phone)) throw badRequest('Please enter a valid mobile number', 'phone');
    checkPincode(country, body.pincode);
    const session = await currentSession(db, request);
    await db.query('insert into lead_gen (session_id, data) values ($1, $2)', [session?.id ?? null, JSON.stringify(body)]);
    return { result: { success: true, message: 'Thank you! Our eyewear expert will call you shortly.' } };
  });
}
