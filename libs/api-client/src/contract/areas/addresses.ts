import { z } from 'zod';
import { addressInputSchema, addressSchema, countryCodeSchema, orderSchema, pincodeSchema } from '../../schemas';
import { endpoint, result } from '../define';
import { idParam, params } from '../helpers';
import { addressRoutes } from './account-routes';

const SPEC = 'account §7 Addresses';

const addressBody = addressInputSchema.extend({ defaultAddress: z.boolean().optional() }).strict();
const addressId = params({ addressId: idParam() });

export const addressEndpoints = {
  list: endpoint({
    ...addressRoutes.list,
    response: result(z.object({ addresses: z.array(addressSchema) })),
    summary: `The address book, default first (${SPEC})`,
  }),
  create: endpoint({
    ...addressRoutes.create,
    body: addressBody,
    response: result(addressSchema),
    summary: `Add an address (${SPEC})`,
  }),
  update: endpoint({
    ...addressRoutes.update,
    params: addressId,
    body: addressBody,
    response: result(addressSchema),
    summary: `Replace an address (${SPEC})`,
  }),
  remove: endpoint({
    ...addressRoutes.remove,
    params: addressId,
    response: result(z.object({ addressId: z.number().int().positive() })),
    summary: `Delete an address; the client drops it by id (${SPEC})`,
  }),
  pincodeCheck: endpoint({
    ...addressRoutes.pincodeCheck,
    query: z.object({ pincode: pincodeSchema, country: countryCodeSchema.optional() }).strict(),
    response: result(z.object({ pincode: pincodeSchema, serviceable: z.boolean(), city: z.string().optional(), state: z.string().optional() })),
    summary: `Serviceability of a pincode, with its city and state (${SPEC})`,
  }),
  locationData: endpoint({
    ...addressRoutes.locationData,
    query: z.object({ country: countryCodeSchema.optional() }).strict(),
    response: result(z.object({ country: countryCodeSchema, states: z.array(z.object({ code: z.string(), name: z.string() })) })),
    summary: `States of the country, for the address form (${SPEC})`,
  }),
  updateOrderShippingAddress: endpoint({
    ...addressRoutes.updateOrderShippingAddress,
    params: params({ orderId: idParam() }),
    body: addressInputSchema,
    response: result(orderSchema),
    summary: `Change an order's shipping address before dispatch (${SPEC})`,
  }),
} as const;
