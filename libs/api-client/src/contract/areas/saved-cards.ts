import { z } from 'zod';
import { emailSchema, savedCardSchema } from '../../schemas';
import { endpoint, q, result } from '../define';
import { ackResponse, params } from '../helpers';
import { savedCardRoutes } from './cart-routes';

const SPEC = 'account §7 Saved cards; shopping §7 Checkout and payment';
const gatewayId = z.string().regex(/^[A-Z]{2,10}$/, 'Invalid gateway');

export const savedCardEndpoints = {
  list: endpoint({
    ...savedCardRoutes.list,
    query: z.object({ gatewayId: gatewayId.optional(), orderId: q.int({ min: 1 }).optional(), filterByOffer: q.bool().optional() }).strict(),
    response: result(z.object({ cards: z.array(savedCardSchema) })),
    summary: `The customer's saved cards, optionally those an offer applies to (${SPEC})`,
  }),
  remove: endpoint({
    ...savedCardRoutes.remove,
    params: params({ token: z.string().regex(/^[\w-]{8,128}$/, 'Invalid card token') }),
    // The spec always sends gatewayId=PU, the default refund gateway.
    query: z.object({ gatewayId: gatewayId.default('PU'), emailId: emailSchema }).strict(),
    response: ackResponse,
    summary: `Delete a saved card (${SPEC})`,
  }),
} as const;
