import { areaEndpoints, type ReturnAddress, type ReturnConfig, type ReturnEligibility, type ReturnReason } from '@eyewear/api-client';
import { RETURN_WINDOW_DAYS, type CountryCode } from '@eyewear/i18n/rules';
import { type ItemRow, type OrderRow } from './order-data';

/**
 * The return-order config (account §3): the one return window of the site (every answer that
 * states it, eligibility's end dates and reasons included, reads it here), per payment method
 * the item statuses a return is allowed from, and the largest photo of a returned item (the
 * contract's, so the form's limit and the upload's are one).
 */
export const RETURN_CONFIG: Omit<ReturnConfig, 'returnAddress'> = {
  returnWindowDays: RETURN_WINDOW_DAYS,
  exchangeEnabled: true,
  newExchangeFlow: false,
  allowedStatusByPaymentMethod: {
    // Cash is only handed back for what the shopper has received.
    cod: ['DELIVERED'],
    // Prepaid items can also be refused on the doorstep, once shipped.
    cc: ['SHIPPED', 'DELIVERED'],
    dc: ['SHIPPED', 'DELIVERED'],
    upi: ['SHIPPED', 'DELIVERED'],
    nb: ['SHIPPED', 'DELIVERED'],
    qr: ['SHIPPED', 'DELIVERED'],
    others: ['DELIVERED'],
  },
  photoMaxBytes: areaEndpoints.returns.uploadPhoto.body.shape.file.shape.size.maxValue ?? 0,
};

/** Where a self-shipped return goes: the returns centre of each country. */
export const RETURN_ADDRESSES: Readonly<Record<CountryCode, ReturnAddress>> = {
  in: {
    name: 'Eyewear Returns Centre',
    addressline1: 'Plot 14, KIADB Industrial Area',
    addressline2: 'Bommasandra',
    city: 'Bengaluru',
    state: 'Karnataka',
    postcode: '560099',
    country: 'in',
  },
  ae: { name: 'Eyewear Returns Centre', addressline1: 'Warehouse 7, Al Quoz Industrial Area 3', city: 'Dubai', country: 'ae' },
  sg: {
    name: 'Eyewear Returns Centre',
    addressline1: '21 Tampines Industrial Avenue 1',
    addressline2: '#04-10',
    city: 'Singapore',
    postcode: '529169',
    country: 'sg',
  },
  sa: { name: 'Eyewear Returns Centre', addressline1: 'Street 88, 2nd Industrial City', city: 'Riyadh', postcode: '14332', country: 'sa' },
  us: { name: 'Eyewear Returns Centre', addressline1: '1200 Commerce Drive, Suite 100', city: 'Reno', state: 'NV', postcode: '89502', country: 'us' },
};

/** The config as the API answers it, for a country. */
export const returnConfigFor = (country: CountryCode): ReturnConfig => ({ ...RETURN_CONFIG, returnAddress: RETURN_ADDRESSES[country] });

const EXCHANGEABLE = new Set(['eyeframe', 'sunglasses']);
const NEVER_RETURNED = new Set(['services', 'loyalty_services']);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * account §4: an item is eligible when its payment method's allowed statuses include the
 * item's status; methods not listed fall under 'others'. Within the return window (from
 * delivery), never twice, never for services.
 */
export function eligibilityOf(
  item: Pick<ItemRow, 'id' | 'status' | 'classification' | 'total'>,
  order: Pick<OrderRow, 'payment_method' | 'currency'>,
  deliveredAt: Date | null,
  now: Date,
  config: Pick<ReturnConfig, 'returnWindowDays' | 'exchangeEnabled' | 'allowedStatusByPaymentMethod'> = RETURN_CONFIG,
  withDetails = false,
): ReturnEligibility {
  const allowed = config.allowedStatusByPaymentMethod[order.payment_method] ?? config.allowedStatusByPaymentMethod.others ?? [];
  let reason: string | undefined;
  if (NEVER_RETURNED.has(item.classification)) reason = 'Services cannot be returned';
  else if (item.status === 'RETURN_REQUESTED' || item.status === 'RETURNED' || item.status === 'REFUNDED')
    reason = 'A return was already requested for this item';
  else if (!allowed.includes(item.status)) reason = `Items can be returned once ${allowed.join(' or ').toLowerCase()}`;
  else if (deliveredAt && now.getTime() - deliveredAt.getTime() > config.returnWindowDays * DAY_MS)
    reason = `The ${config.returnWindowDays}-day return window has closed`;
  const returnable = reason === undefined;
  return {
    itemId: item.id,
    returnable,
    isRefundable: returnable,
    isExchangeable: returnable && config.exchangeEnabled && EXCHANGEABLE.has(item.classification),
    reason,
    returnWindowEndsAt: deliveredAt ? new Date(deliveredAt.getTime() + config.returnWindowDays * DAY_MS).toISOString() : undefined,
    refundExchangeDetails: withDetails && returnable ? { refundAmount: item.total, currencyCode: order.currency, exchangeCredit: item.total } : undefined,
  };
}

type Classification = ReturnReason['classification'];
const reasons = (classification: Classification, list: [number, string, boolean?][]): ReturnReason[] =>
  list.map(([id, reason, needsImage]) => ({ id, reason, classification, ...(needsImage ? { needsImage } : {}) }));

const FRAME_REASONS: [number, string, boolean?][] = [
  [1, 'The frame does not fit'],
  [2, 'I did not like the look'],
  [3, 'Damaged or defective product', true],
  [4, 'Wrong product delivered', true],
];

/** Return reasons per classification (account §3). */
export function returnReasonsOf(classification: Classification): ReturnReason[] {
  switch (classification) {
    case 'eyeframe':
      return reasons(classification, [...FRAME_REASONS, [5, 'I cannot see clearly with the lenses']]);
    case 'sunglasses':
      return reasons(classification, FRAME_REASONS);
    case 'contact_lens':
      return reasons(classification, [
        [11, 'Wrong power delivered'],
        [12, 'Damaged box', true],
        [13, 'Expiry date too close'],
      ]);
    case 'contact_lens_solution':
      return reasons(classification, [
        [21, 'Damaged bottle', true],
        [22, 'Wrong product delivered'],
      ]);
    default:
      return reasons(classification, [[31, 'Other']]);
  }
}

/**
 * How an item's refund can be paid: back to the source when paid online, else store credit or
 * bank transfer; each said with WHEN its money moves. A cancel's refund is paid at once; a
 * return's waits for the goods (return-progress.ts): it is paid when the courier picks a pickup
 * up, or when the return reaches us (a store, or shipped by the customer). Store credit is
 * issued then; a refund to the card or the bank is started then and takes its working days.
 */
export function refundMethodsOf(paymentMethod: string, loggedIn: boolean, kind: 'return' | 'cancel' = 'return') {
  const prepaid = paymentMethod !== 'cod';
  const onReturn = kind === 'return';
  return [
    {
      method: 'source' as const,
      label: 'Back to the original payment method',
      enabled: prepaid,
      description: !prepaid
        ? 'Not available for cash on delivery'
        : onReturn
          ? 'Started when your return is picked up or reaches us; in your account 5-7 working days later'
          : 'In 5-7 working days',
    },
    {
      method: 'storecredit' as const,
      label: 'Store credit',
      enabled: loggedIn,
      description: onReturn
        ? 'Added to your account when your return is picked up or reaches us, to use on your next order'
        : 'Instantly, to use on your next order',
    },
    {
      method: 'neft' as const,
      label: 'Bank transfer (NEFT)',
      enabled: !prepaid,
      description: onReturn ? 'To the bank account you give us, sent when your return is picked up or reaches us' : 'To the bank account you give us',
    },
  ];
}

export const CANCEL_REASONS = [
  { id: 1, reason: 'Ordered by mistake' },
  { id: 2, reason: 'Found a better price elsewhere' },
  { id: 3, reason: 'Delivery is taking too long' },
  { id: 4, reason: 'I want to change the lens or power' },
  { id: 5, reason: 'Other' },
];

/** Items that have not left the warehouse can be cancelled. */
export const CANCELLABLE_ITEM = new Set(['PROCESSING', 'CONFIRMED', 'PACKED']);
