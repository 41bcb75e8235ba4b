import { accountEndpoints } from './account';
import { addressEndpoints } from './addresses';
import { appointmentEndpoints } from './appointments';
import { cartEndpoints } from './cart';
import { catalogueEndpoints } from './catalogue';
import { checkoutEndpoints } from './checkout';
import { contentEndpoints } from './content';
import { faceProfileEndpoints } from './face-profiles';
import { htoEndpoints } from './hto';
import { marketingEndpoints } from './marketing';
import { moneyEndpoints } from './money';
import { orderEndpoints } from './orders';
import { prescriptionEndpoints } from './prescriptions';
import { productEndpoints } from './product';
import { returnEndpoints } from './returns';
import { reviewEndpoints } from './reviews';
import { savedCardEndpoints } from './saved-cards';

export {
  accountEndpoints,
  addressEndpoints,
  appointmentEndpoints,
  cartEndpoints,
  catalogueEndpoints,
  checkoutEndpoints,
  contentEndpoints,
  faceProfileEndpoints,
  htoEndpoints,
  marketingEndpoints,
  moneyEndpoints,
  orderEndpoints,
  prescriptionEndpoints,
  productEndpoints,
  returnEndpoints,
  reviewEndpoints,
  savedCardEndpoints,
};
export { validatePowersSchema } from './product';

/** Every call of shopping §7 and account §7, by area (session, /me, routing, country data and telemetry live elsewhere). */
export const areaEndpoints = {
  catalogue: catalogueEndpoints,
  content: contentEndpoints,
  product: productEndpoints,
  cart: cartEndpoints,
  checkout: checkoutEndpoints,
  marketing: marketingEndpoints,
  account: accountEndpoints,
  addresses: addressEndpoints,
  savedCards: savedCardEndpoints,
  orders: orderEndpoints,
  returns: returnEndpoints,
  money: moneyEndpoints,
  prescriptions: prescriptionEndpoints,
  appointments: appointmentEndpoints,
  hto: htoEndpoints,
  faceProfiles: faceProfileEndpoints,
  reviews: reviewEndpoints,
} as const;
