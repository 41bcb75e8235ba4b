import {
  type accountRoutes,
  addressRoutes,
  cartRoutes,
  checkoutRoutes,
  coreRoutes,
  orderRoutes,
  type Address,
  type AddressInput,
  type ApiClient,
  type GiftMessage,
  type PaymentStatus,
  type RouteResult,
} from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';

/** What the payment screen sends to place (or retry) an order. */
export interface PayInput {
  /** `sc` / `gv`: an order a balance paid in full (nothing to charge, issue 42). */
  paymentMethod: 'cc' | 'dc' | 'upi' | 'nb' | 'cod' | 'qr' | 'sc' | 'gv';
  orderId?: number;
  card?: { number: string; nameOnCard: string; expiryMonth: number; expiryYear: number; cvv: string; saveCard?: boolean };
  savedCardToken?: string;
  cvv?: string;
  vpa?: string;
  bankCode?: string;
  captcha?: string;
  giftMessage?: GiftMessage;
  leadSource?: boolean;
  /** The total the Pay button showed: the API charges it or nothing (409 CART_CHANGED, issue 37). */
  expectedTotal?: number;
}

/** shopping §7 "GET presale session info": is a sales person signed in on this session (leadSource)? */
export type PresalesInfo = RouteResult<typeof accountRoutes.presalesSession>['result'];

/** The screens that wait for a payment: the QR code, a UPI collect request, the gateway's confirmation. */
export type PaymentCheckMethod = 'qr' | 'collect' | 'confirm';

/** The page that pays again for an order whose payment failed or was abandoned (shopping §2 retrypayment). */
export const retryPaymentUrl = (orderId: number) => `/checkout/onepage/retrypayment?orderId=${orderId}`;

const STATUS_ROUTES = { qr: orderRoutes.qrStatus, collect: checkoutRoutes.upiStatus, confirm: checkoutRoutes.juspayStatus } as const;

/** The order's payment status as the screen's method asks it (QR status, UPI status or the gateway's). */
export function paymentStatusOf(api: Pick<ApiClient, 'call'>, method: PaymentCheckMethod, orderId: number): Promise<{ result: PaymentStatus }> {
  return api.call(STATUS_ROUTES[method], { params: { orderId } }) as Promise<{ result: PaymentStatus }>;
}

/** Shipping check for the site's country: the message when the country is not serviceable, else null. */
export function useNotServiceable(country: string, fallback: string): string | null {
  const check = useQuery(cartRoutes.shippingCheck, { body: { country } });
  if (check.status !== 'ready' || !check.data) return null;
  return check.data.result.serviceable ? null : (check.data.result.message ?? fallback);
}

/** The signed-in customer's name, mobile and e-mail (from `/me`), to start a new address with; null for a guest or while it loads. */
export function useSignedInContact(loggedIn: boolean): Partial<AddressInput> | null {
  const me = useQuery(coreRoutes.me, {}, { enabled: loggedIn });
  const user = loggedIn && me.status === 'ready' ? me.data?.result : null;
  if (!user?.login) return null;
  return { firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email ?? '', phone: user.telephone ?? '' };
}

/** The signed-in shopper's address book (none for a guest, or when it cannot be read). */
export function useSavedAddresses(loggedIn: boolean): Address[] {
  const book = useQuery(addressRoutes.list, {}, { enabled: loggedIn });
  return loggedIn && book.status === 'ready' ? (book.data?.result.addresses ?? []) : [];
}
