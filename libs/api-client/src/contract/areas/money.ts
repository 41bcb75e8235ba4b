import { z } from 'zod';
import { giftVoucherSchema, storeCreditEntrySchema, storeCreditSchema } from '../../schemas';
import { endpoint, q, result } from '../define';
import { ackResponse } from '../helpers';
import { moneyRoutes } from './cart-routes';

const SPEC = 'account §7 Store credit/vouchers';

export const moneyEndpoints = {
  storeCredit: endpoint({
    ...moneyRoutes.storeCredit,
    response: result(storeCreditSchema),
    summary: `Store credit balance (${SPEC}; shopping §7 Cart)`,
  }),
  storeCreditOrders: endpoint({
    ...moneyRoutes.storeCreditOrders,
    query: z.object({ page: q.int({ min: 0 }).optional() }).strict(),
    response: result(z.object({ entries: z.array(storeCreditEntrySchema), page: z.number().int().min(0) })),
    summary: `Orders that earned or spent store credit, paged (${SPEC})`,
  }),
  storeCreditHistory: endpoint({
    ...moneyRoutes.storeCreditHistory,
    query: z.object({ orderId: q.int({ min: 1 }).optional() }).strict(),
    response: result(z.object({ entries: z.array(storeCreditEntrySchema) })),
    summary: `Store credit history, optionally of one order (${SPEC})`,
  }),
  storeCreditSms: endpoint({
    ...moneyRoutes.storeCreditSms,
    query: z.object({ orderId: q.int({ min: 1 }) }).strict(),
    response: ackResponse,
    summary: `Text the store credit code of an order to the customer (${SPEC})`,
  }),
  giftVoucher: endpoint({
    ...moneyRoutes.giftVoucher,
    query: z
      .object({
        giftVoucherCode: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9-]{4,32}$/, 'Invalid code'),
      })
      .strict(),
    response: result(giftVoucherSchema),
    summary: `Gift voucher balance by code (${SPEC}; shopping §7 Cart)`,
  }),
} as const;
