import { z } from 'zod';
import {
  addressInputSchema,
  addressSchema,
  addToCartSchema,
  cartSchema,
  countryCodeSchema,
  deliveryOptionSchema,
  emailSchema,
  idSchema,
  moneySchema,
  phoneSchema,
  pincodeSchema,
  powerValidationSchema,
  updateCartItemSchema,
} from '../../schemas';
import { endpoint, q, result } from '../define';
import { ackResponse, idParam, params } from '../helpers';
import { validatePowersSchema } from './product';
import { cartRoutes } from './cart-routes';

const SPEC = 'shopping §7 Cart';

const cartResponse = result(cartSchema);
const itemId = params({ itemId: idParam() });
const count = z.object({ count: q.int({ min: 1, max: 10 }) }).strict();
const voucherCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{4,32}$/, 'Invalid code');

export const cartEndpoints = {
  get: endpoint({
    ...cartRoutes.get,
    query: z.object({ applyWallet: q.bool().optional() }).strict(),
    response: cartResponse,
    summary: `The cart; applyWallet applies the wallet when the applyWalletOnCart flag is ON (${SPEC})`,
  }),
  add: endpoint({
    ...cartRoutes.add,
    body: addToCartSchema,
    response: cartResponse,
    summary: `Add an item with its lens package, power or subscription; 422 when out of stock (${SPEC})`,
  }),
  updateItem: endpoint({
    ...cartRoutes.updateItem,
    params: itemId,
    body: updateCartItemSchema,
    response: cartResponse,
    summary: `Change an item's package or submit its power prescription (${SPEC})`,
  }),
  increase: endpoint({
    ...cartRoutes.increase,
    params: itemId,
    query: count,
    response: cartResponse,
    summary: `Increase an item's quantity by count (${SPEC})`,
  }),
  decrease: endpoint({
    ...cartRoutes.decrease,
    params: itemId,
    query: count,
    response: cartResponse,
    summary: `Decrease an item's quantity by count (${SPEC})`,
  }),
  remove: endpoint({
    ...cartRoutes.remove,
    params: itemId,
    response: cartResponse,
    summary: `Remove an item (quantity 0) (${SPEC})`,
  }),
  clear: endpoint({
    ...cartRoutes.clear,
    response: cartResponse,
    summary: `Empty the cart; failures are only logged (${SPEC})`,
  }),
  reorder: endpoint({
    ...cartRoutes.reorder,
    body: z.object({ emailId: z.object({ email: emailSchema }).strict(), orderId: idSchema }).strict(),
    response: cartResponse,
    summary: `Re-order: fill the cart from a past order (body emailId as {email}) (${SPEC})`,
  }),
  reorderById: endpoint({
    ...cartRoutes.reorderById,
    params: params({ orderId: idParam() }),
    response: cartResponse,
    summary: `Re-order by order id alone (the "re-order cart + {orderId}" form) (${SPEC})`,
  }),
  applyGiftVoucher: endpoint({
    ...cartRoutes.applyGiftVoucher,
    body: z.object({ code: voucherCode }).strict(),
    response: cartResponse,
    summary: `Apply a gift voucher; on failure gvAmt is zeroed and the message kept (${SPEC})`,
  }),
  removeGiftVoucher: endpoint({
    ...cartRoutes.removeGiftVoucher,
    params: params({ code: voucherCode }),
    response: cartResponse,
    summary: `Remove an applied gift voucher (${SPEC})`,
  }),
  applyStoreCredit: endpoint({
    ...cartRoutes.applyStoreCredit,
    body: z.object({ code: voucherCode, amount: moneySchema.optional() }).strict(),
    response: cartResponse,
    summary: `Apply store credit (all available, or an amount) (${SPEC})`,
  }),
  removeStoreCredit: endpoint({
    ...cartRoutes.removeStoreCredit,
    response: cartResponse,
    summary: `Remove applied store credit (${SPEC})`,
  }),
  shippingCheck: endpoint({
    ...cartRoutes.shippingCheck,
    body: z.object({ country: countryCodeSchema }).strict(),
    response: result(z.object({ serviceable: z.boolean(), shipping: moneySchema, message: z.string().optional() })),
    summary: `Whether the cart ships to a country, and at what cost (${SPEC})`,
  }),
  shippingAddress: endpoint({
    ...cartRoutes.shippingAddress,
    // A saved address is sent whole (the browser has it from the address book); addressId only refers to it.
    body: addressInputSchema.extend({ addressId: idSchema.optional() }).strict(),
    response: result(z.object({ address: addressSchema, deliveryOptions: z.array(deliveryOptionSchema) })),
    summary: `Save the order's shipping address, saved or new (${SPEC}; account §7 Addresses)`,
  }),
  applyOffer: endpoint({
    ...cartRoutes.applyOffer,
    body: z.object({ offerId: z.string().min(1).max(60) }).strict(),
    response: cartResponse,
    summary: `Apply an offer; on failure the cart is unchanged (${SPEC})`,
  }),
  removeOffer: endpoint({
    ...cartRoutes.removeOffer,
    params: params({ offerId: z.string().min(1).max(60) }),
    response: cartResponse,
    summary: `Remove an applied offer (${SPEC})`,
  }),
  deliveryOptions: endpoint({
    ...cartRoutes.deliveryOptions,
    query: z.object({ pincode: pincodeSchema }).strict(),
    response: result(z.object({ options: z.array(deliveryOptionSchema) })),
    summary: `Express and standard delivery options for a pincode (${SPEC})`,
  }),
  updateDeliveryOption: endpoint({
    ...cartRoutes.updateDeliveryOption,
    query: z.object({ pincode: pincodeSchema, shippingCountry: countryCodeSchema }).strict(),
    body: z.object({ deliveryOptionId: z.string().min(1).max(40) }).strict(),
    response: cartResponse,
    summary: `Choose the cart's delivery option (${SPEC})`,
  }),
  deliveryOptionCheck: endpoint({
    ...cartRoutes.deliveryOptionCheck,
    query: z.object({ postcode: pincodeSchema, shippingCountry: countryCodeSchema }).strict(),
    response: result(z.object({ valid: z.boolean(), options: z.array(deliveryOptionSchema) })),
    summary: `Whether the chosen delivery option still holds for a postcode (${SPEC})`,
  }),
  abandonedLeads: endpoint({
    ...cartRoutes.abandonedLeads,
    body: z.object({ email: emailSchema.optional(), phone: phoneSchema.optional(), name: z.string().max(80).optional() }).strict(),
    response: ackResponse,
    summary: `Record an abandoned-cart lead; errors are only logged (${SPEC})`,
  }),
  htoLeads: endpoint({
    ...cartRoutes.htoLeads,
    body: z.object({ phone: phoneSchema, name: z.string().max(80).optional(), pincode: pincodeSchema.optional() }).strict(),
    response: ackResponse,
    summary: `Record a home-try-on lead (the HTO page, once the shopper gives a valid mobile number); errors are only logged (${SPEC})`,
  }),
  validateCart: endpoint({
    ...cartRoutes.validateCart,
    body: validatePowersSchema.extend({ productId: idSchema }).strict(),
    response: result(powerValidationSchema),
    summary: `Power check through the cart (the validateCart alternative) (shopping §7 Product page)`,
  }),
} as const;
