import { acceptMultipart } from '../../http/multipart';
import { type ApiArea } from '../area';
import { addressRoutes } from './address-routes';
import { authRoutes } from './auth-routes';
import { sessionDittos } from './customers';
import { cygnusRoutes } from './cygnus-routes';
import { faceProfileRoutes } from './face-profile-routes';
import { identityRoutes } from './identity-routes';
import { itemRoutes } from './item-routes';
import { lensChangeRoutes } from './lens-change-routes';
import { marketingRoutes } from './marketing-routes';
import { ACCOUNT_MIGRATIONS } from './migrations';
import { orderRoutes } from './order-routes';
import { prescriptionRoutes } from './prescription-routes';
import { returnRoutes } from './return-routes';
import { socialRoutes } from './social-routes';

/**
 * The account area of the API: login and registration (password, mobile one-time code,
 * OpenID Connect social sign-in with account linking, docs/adr/020), addresses, prescriptions,
 * face profiles, and the after-sales side of orders (see libs/api-client/src/contract/areas).
 */
export const accountArea: ApiArea = {
  name: 'account',
  migrations: ACCOUNT_MIGRATIONS,
  routes(app, db, hooks) {
    // GET /me lists the shopper's face profiles (account §3 dittos; issue 42: it listed none).
    hooks.counts.push(sessionDittos);
    // An encapsulated scope: the multipart parser serves this area's uploads only.
    void app.register(async (scope) => {
      acceptMultipart(scope, db);
      authRoutes(scope, db, hooks);
      identityRoutes(scope, db, hooks);
      socialRoutes(scope, db, hooks);
      addressRoutes(scope, db);
      prescriptionRoutes(scope, db);
      faceProfileRoutes(scope, db);
      cygnusRoutes(scope, db);
      orderRoutes(scope, db);
      itemRoutes(scope, db);
      lensChangeRoutes(scope, db);
      marketingRoutes(scope, db);
      returnRoutes(scope, db);
    });
  },
};
