import { z } from 'zod';
import { classificationSchema } from './cart';
import { orderSchema, paymentMethodCodeSchema, paymentStatusValueSchema } from './checkout';
import { currencyCodeSchema, idSchema, isoDateTimeSchema, moneySchema, quantitySchema } from './common';

/** A page of the customer's orders (account §3: the list is paged; totalOrder counts all). */
export const orderListSchema = z.object({
  orders: z.array(orderSchema),
  totalOrder: quantitySchema,
  page: z.number().int().min(0),
  pageSize: z.number().int().positive(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const cancelReasonSchema = z.object({ id: idSchema, reason: z.string() });
export type CancelReason = z.infer<typeof cancelReasonSchema>;

export const refundMethodCodeSchema = z.enum(['storecredit', 'source', 'neft', 'upi']);
export type RefundMethodCode = z.infer<typeof refundMethodCodeSchema>;

export const refundMethodSchema = z.object({
  method: refundMethodCodeSchema,
  label: z.string(),
  enabled: z.boolean(),
  description: z.string().optional(),
});
export type RefundMethod = z.infer<typeof refundMethodSchema>;

export const cancelOrderSchema = z
  .object({
    /** Items to cancel; empty or absent cancels the whole order. */
    itemIds: z.array(idSchema).optional(),
    reasonId: idSchema,
    comment: z.string().max(500).optional(),
    refundMethod: refundMethodCodeSchema.optional(),
  })
  .strict();
export type CancelOrder = z.infer<typeof cancelOrderSchema>;

export const cancelOrderResultSchema = z.object({
  orderId: idSchema,
  cancelledItemIds: z.array(idSchema),
  refundAmount: moneySchema,
  currencyCode: currencyCodeSchema,
  refundMethod: refundMethodCodeSchema.optional(),
});
export type CancelOrderResult = z.infer<typeof cancelOrderResultSchema>;

/** account §3 Return eligibility per item. */
export const returnEligibilitySchema = z.object({
  itemId: idSchema,
  isExchangeable: z.boolean(),
  isRefundable: z.boolean(),
  returnable: z.boolean(),
  reason: z.string().optional(),
  returnWindowEndsAt: isoDateTimeSchema.optional(),
  refundExchangeDetails: z.object({ refundAmount: moneySchema, currencyCode: currencyCodeSchema, exchangeCredit: moneySchema }).optional(),
});
export type ReturnEligibility = z.infer<typeof returnEligibilitySchema>;

/** Return reasons are per classification (account §3). */
export const returnReasonSchema = z.object({
  id: idSchema,
  reason: z.string(),
  classification: classificationSchema,
  needsImage: z.boolean().optional(),
  subReasons: z.array(z.object({ id: idSchema, reason: z.string() })).optional(),
});
export type ReturnReason = z.infer<typeof returnReasonSchema>;

/** store_return is the mode that hides the exchange banner (account §2). */
export const returnModeCodeSchema = z.enum(['pickup', 'store_return', 'self_ship']);
export const returnModeSchema = z.object({ mode: returnModeCodeSchema, label: z.string(), available: z.boolean() });
export type ReturnMode = z.infer<typeof returnModeSchema>;

export const returnRequestSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            itemId: idSchema,
            reasonId: idSchema,
            subReasonId: idSchema.optional(),
            quantity: z.number().int().positive().default(1),
            comment: z.string().max(500).optional(),
            /** A photo of the item (returns.uploadPhoto), needed when the reason asks for one (needsImage). */
            photoFileName: z.string().min(1).max(200).optional(),
          })
          .strict(),
      )
      .min(1),
    /** refund, exchange for the same product, or exchange for a new product. */
    returnMethod: z.enum(['refund', 'exchange', 'new_product']),
    mode: returnModeCodeSchema,
    pickupAddressId: idSchema.optional(),
    storeCode: z.string().min(1).optional(),
    /**
     * A refund's method, asked before the return is made (issue 42): checked with the return and its
     * refund written pending in the same call, paid when the goods are back. For a refund only.
     */
    refundMethod: refundMethodCodeSchema.optional(),
  })
  .strict();
export type ReturnRequest = z.input<typeof returnRequestSchema>;

export const returnSchema = z.object({
  returnId: idSchema,
  orderId: idSchema,
  groupId: z.string(),
  /** PICKED_UP (a pickup's courier has the goods) and RECEIVED move a refund's money (docs/adr/021). */
  status: z.enum(['REQUESTED', 'PICKUP_SCHEDULED', 'PICKED_UP', 'RECEIVED', 'COMPLETED', 'CANCELLED']),
  itemIds: z.array(idSchema),
  returnMethod: z.enum(['refund', 'exchange', 'new_product']),
  mode: returnModeCodeSchema,
  createdAt: isoDateTimeSchema,
});
export type Return = z.infer<typeof returnSchema>;

export const returnLabelStatusSchema = z.object({
  groupId: z.string(),
  status: z.enum(['PENDING', 'GENERATED', 'FAILED']),
  labelUrl: z.string().optional(),
});
export type ReturnLabelStatus = z.infer<typeof returnLabelStatusSchema>;

export const refundEstimateSchema = z.object({
  itemId: idSchema,
  amount: moneySchema,
  currencyCode: currencyCodeSchema,
  breakdown: z.array(z.object({ method: refundMethodCodeSchema, amount: moneySchema })),
});
export type RefundEstimate = z.infer<typeof refundEstimateSchema>;

export const refundRequestSchema = z.object({ itemId: idSchema, refundMethod: refundMethodCodeSchema }).strict();
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const refundSchema = z.object({
  refundId: idSchema,
  orderId: idSchema,
  itemId: idSchema.optional(),
  /** The shopper's choice, or where store credit, a gift voucher or the wallet that paid goes back to. */
  method: z.enum([...refundMethodCodeSchema.options, 'giftvoucher', 'wallet']),
  amount: moneySchema,
  currencyCode: currencyCodeSchema,
  /** PENDING: a return's refund waiting for the goods; CANCELLED: its return was cancelled first. */
  status: z.enum(['PENDING', 'INITIATED', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED']),
  createdAt: isoDateTimeSchema,
  /** What gave the money back: an item (or the order) cancelled, or a return (issue 42; absent from an older API). */
  kind: z.enum(['cancel', 'return']).optional(),
});
export type Refund = z.infer<typeof refundSchema>;

/**
 * What an item's (or the order's) cancellation would give back, before it is confirmed (issue
 * 42): the ledger's amount and where each part goes (the way the shopper chooses for what was
 * paid online or for a lens upgrade; store credit, a gift voucher or the wallet back to itself).
 */
export const cancelPreviewSchema = z.object({
  orderId: idSchema,
  itemIds: z.array(idSchema),
  refundAmount: moneySchema,
  currencyCode: currencyCodeSchema,
  refunds: z.array(z.object({ method: refundSchema.shape.method, amount: moneySchema })),
});
export type CancelPreview = z.infer<typeof cancelPreviewSchema>;

/**
 * One payment of an order as its page shows it (issue 42). payment: through the gateway (card,
 * UPI, cash on delivery...); storecredit, giftvoucher, wallet, exchange: a balance spent on the
 * order; lensupgrade: the difference of a lens change of one item, paid after the order.
 */
export const orderPaymentEntrySchema = z.object({
  kind: z.enum(['payment', 'storecredit', 'giftvoucher', 'wallet', 'exchange', 'lensupgrade']),
  method: paymentMethodCodeSchema.optional(),
  amount: moneySchema,
  status: paymentStatusValueSchema,
  itemId: idSchema.optional(),
  date: isoDateTimeSchema.optional(),
});
export type OrderPaymentEntry = z.infer<typeof orderPaymentEntrySchema>;

/** A tax included in the prices (an invoice's lines): India's GST as CGST and SGST halves, VAT or GST elsewhere. */
export const taxLineSchema = z.object({ name: z.enum(['CGST', 'SGST', 'IGST', 'VAT', 'GST']), ratePercent: z.number().min(0).max(100), amount: moneySchema });
export type TaxLine = z.infer<typeof taxLineSchema>;

/**
 * An order's money from its ledger (issue 42), adding up: itemsTotal - discounts + shipping =
 * orderValue; orderValue + lensUpgrades = charged = the sum of the payments once paid; paid -
 * refunded = net. Discounts here are the price's only (offers, brand, membership): store
 * credit, gift vouchers, the wallet and an exchange credit are payments.
 */
export const orderMoneySchema = z.object({
  itemsTotal: moneySchema,
  discounts: orderSchema.shape.amount.shape.discounts,
  shipping: moneySchema,
  orderValue: moneySchema,
  lensUpgrades: moneySchema,
  charged: moneySchema,
  taxIncluded: moneySchema,
  taxLines: z.array(taxLineSchema),
  payments: z.array(orderPaymentEntrySchema),
  /** The payments that succeeded. */
  paid: moneySchema,
  refunds: z.array(refundSchema),
  /** Refunds paid or on their way (a return's refund waiting for the goods and cancelled ones are not). */
  refunded: moneySchema,
  net: moneySchema,
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;

/** The parcel, once an item has left: the courier and its tracking number. */
export const shipmentSchema = z.object({
  courier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().optional(),
  shippedAt: isoDateTimeSchema.optional(),
  deliveredAt: isoDateTimeSchema.optional(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** An order as its own page shows it (GET /v2/orders/{id}): the order, its money from the ledger and its parcel (optional: absent from an older API). */
export const orderDetailSchema = orderSchema.extend({ money: orderMoneySchema.optional(), shipment: shipmentSchema.optional() });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** NEFT (bank transfer) refund details the shopper can edit. */
export const neftDetailsSchema = z
  .object({
    accountHolderName: z.string().trim().min(1).max(100),
    accountNumber: z.string().regex(/^\d{9,18}$/, 'Please enter a valid account number'),
    ifscCode: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'Please enter a valid IFSC code'),
    bankName: z.string().trim().min(1).max(100),
    branch: z.string().trim().max(100).optional(),
  })
  .strict();
export type NeftDetails = z.infer<typeof neftDetailsSchema>;

/** Where a self-shipped return goes: the returns centre of the shopper's country. */
export const returnAddressSchema = z.object({
  name: z.string(),
  addressline1: z.string(),
  addressline2: z.string().optional(),
  city: z.string(),
  state: z.string().optional(),
  postcode: z.string().optional(),
  country: z.string(),
});
export type ReturnAddress = z.infer<typeof returnAddressSchema>;

export const returnConfigSchema = z.object({
  /** The one return window of the site, in days from delivery (eligibility answers give each item's end date). */
  returnWindowDays: z.number().int().positive(),
  exchangeEnabled: z.boolean(),
  newExchangeFlow: z.boolean().default(false),
  /** Per payment method, the item statuses from which a return is allowed; 'others' for the rest. */
  allowedStatusByPaymentMethod: z.record(z.string(), z.array(z.string())),
  /** The largest photo of a returned item taken (bytes). */
  photoMaxBytes: z.number().int().positive(),
  /** Where a self-shipped return goes, for the country asked in. */
  returnAddress: returnAddressSchema,
});
export type ReturnConfig = z.infer<typeof returnConfigSchema>;

/** Power follow-up: pupillary distance rules per power type. */
export const pfuPdRulesSchema = z.object({
  rules: z.array(z.object({ powerType: z.string(), minPd: z.number().positive(), maxPd: z.number().positive(), required: z.boolean() })),
});
export type PfuPdRules = z.infer<typeof pfuPdRulesSchema>;

export const qrPaymentSchema = z.object({
  orderId: idSchema,
  qrCode: z.string().min(1),
  amount: moneySchema,
  currencyCode: currencyCodeSchema,
  expiresAt: isoDateTimeSchema,
});
export type QrPayment = z.infer<typeof qrPaymentSchema>;
