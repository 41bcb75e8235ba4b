import {
  accountRoutes,
  apiClientFor,
  cartRoutes,
  checkoutRoutes,
  orderRoutes,
  productRoutes,
  savedCardRoutes,
  type SavedCard,
  type AddressInput,
  type AddToCart,
  type ApiClient,
  type Cart,
  type LensPackage,
  type PowerType,
  type FrameType,
  type GiftMessage,
  type Order,
  type PaymentMethod,
  type PaymentStatus,
  type UpdateCartItem,
} from '@eyewear/api-client';
import type { PaymentMethodsVersion } from './payment-rules';

export type CartOp =
  | { op: 'get'; applyWallet?: boolean }
  | { op: 'add'; item: AddToCart }
  | { op: 'increase'; itemId: number }
  | { op: 'decrease'; itemId: number }
  | { op: 'remove'; itemId: number }
  | { op: 'update'; itemId: number; change: UpdateCartItem }
  | { op: 'clear' }
  | { op: 'applyVoucher'; code: string }
  | { op: 'removeVoucher'; code: string }
  | { op: 'applyStoreCredit'; code: string }
  | { op: 'removeStoreCredit' }
  | { op: 'applyOffer'; offerId: string }
  | { op: 'removeOffer'; offerId: string };

export interface PresalesInfo {
  loggedIn: boolean;
  salesmanId?: string;
  storeCode?: string;
  name?: string;
}

export interface PayInput {
  paymentMethod: 'cc' | 'dc' | 'upi' | 'nb' | 'cod' | 'qr';
  orderId?: number;
  card?: { number: string; nameOnCard: string; expiryMonth: number; expiryYear: number; cvv: string; saveCard?: boolean };
  savedCardToken?: string;
  cvv?: string;
  vpa?: string;
  bankCode?: string;
  captcha?: string;
  giftMessage?: GiftMessage;
  leadSource?: boolean;
}

/** The cart-checkout remote's calls, over the page's one client (no zod in the browser). */
export function cartApi(client: ApiClient) {
  const r = cartRoutes;
  return {
    run(op: CartOp): Promise<{ result: Cart }> {
      switch (op.op) {
        case 'get':
          return client.call(r.get, { query: op.applyWallet === undefined ? {} : { applyWallet: String(op.applyWallet) } });
        case 'add':
          return client.call(r.add, { body: op.item });
        case 'increase':
          return client.call(r.increase, { params: { itemId: op.itemId }, query: { count: 1 } });
        case 'decrease':
          return client.call(r.decrease, { params: { itemId: op.itemId }, query: { count: 1 } });
        case 'remove':
          return client.call(r.remove, { params: { itemId: op.itemId } });
        case 'update':
          return client.call(r.updateItem, { params: { itemId: op.itemId }, body: op.change });
        case 'clear':
          return client.call(r.clear);
        case 'applyVoucher':
          return client.call(r.applyGiftVoucher, { body: { code: op.code } });
        case 'removeVoucher':
          return client.call(r.removeGiftVoucher, { params: { code: op.code } });
        case 'applyStoreCredit':
          return client.call(r.applyStoreCredit, { body: { code: op.code } });
        case 'removeStoreCredit':
          return client.call(r.removeStoreCredit);
        case 'applyOffer':
          return client.call(r.applyOffer, { body: { offerId: op.offerId } });
        case 'removeOffer':
          return client.call(r.removeOffer, { params: { offerId: op.offerId } });
      }
    },
    /** The lens packages that fit an item (all of them, not only the recommended three), for the package change from the cart. */
    packages: (
      productId: number,
      powerType: PowerType,
      frameType: FrameType | undefined,
      signal?: AbortSignal,
    ): Promise<{ result: { packages: LensPackage[] } }> =>
      client.call(productRoutes.packages, {
        params: { id: productId },
        query: { power_type: powerType, allPackages: 'true', ...(frameType ? { frame_type: frameType } : {}) },
        signal,
      }),
    shippingAddress: (address: AddressInput) => client.call(r.shippingAddress, { body: address }),
    deliveryOptions: (pincode: string) => client.call(r.deliveryOptions, { query: { pincode } }),
    updateDeliveryOption: (pincode: string, country: string, deliveryOptionId: string) =>
      client.call(r.updateDeliveryOption, { query: { pincode, shippingCountry: country }, body: { deliveryOptionId } }),
    shippingCheck: (country: string) => client.call(r.shippingCheck, { body: { country } }),
    abandonedLead: (lead: { email?: string; phone?: string; name?: string }) => client.call(r.abandonedLeads, { body: lead }),
    /** Payment methods on the path version the rules chose (default /v2, /v4 or /v5). */
    paymentMethods: (
      query: { orderId?: number; paymentMethod: string },
      version: PaymentMethodsVersion = 'default',
    ): Promise<{ result: { methods: PaymentMethod[] } }> =>
      client.call(version === 'v5' ? checkoutRoutes.paymentMethodsV5 : version === 'v4' ? checkoutRoutes.paymentMethodsV4 : checkoutRoutes.paymentMethods, {
        query,
      }),
    validateVpa: (vpa: string) => client.call(checkoutRoutes.validateVpa, { body: { vpa } }),
    upiStatus: (orderId: number): Promise<{ result: PaymentStatus }> => client.call(checkoutRoutes.upiStatus, { params: { orderId } }),
    juspayStatus: (orderId: number) => client.call(checkoutRoutes.juspayStatus, { params: { orderId } }),
    /** The order's QR code to pay by any UPI app, and its status while the shopper pays. */
    qrGenerate: (orderId: number) => client.call(orderRoutes.qrGenerate, { params: { orderId } }),
    qrStatus: (orderId: number) => client.call(orderRoutes.qrStatus, { params: { orderId } }),
    captcha: () => client.call(checkoutRoutes.captcha, { query: { v: Date.now() } }),
    cardOffers: (bin: string) => client.call(checkoutRoutes.cardOffers, { query: { cardNumber: bin } }),
    applyPaymentOffer: (body: { offerId: string; paymentMethod?: string; cardBin?: string }) => client.call(checkoutRoutes.applyPaymentOffer, { body }),
    paymentOffers: () => client.call(checkoutRoutes.paymentOffers),
    /** POST order payment with the attempt's Idempotency-Key: a retry with the same key never makes a second order. */
    pay: (body: PayInput, idempotencyKey: string) => client.call(checkoutRoutes.pay, { body, idempotencyKey }),
    savedCards: (): Promise<{ result: { cards: SavedCard[] } }> => client.call(savedCardRoutes.list, { query: { gatewayId: 'PU' } }),
    /** shopping §7 "GET presale session info": is a sales person signed in on this session (leadSource)? */
    presalesSession: (): Promise<{ result: PresalesInfo }> => client.call(accountRoutes.presalesSession),
    /** Pre-sales (dual) login of a sales person on this session. */
    presalesLogin: (body: { salesmanId: string; password: string }) => client.call(accountRoutes.presalesDualLogin, { body }),
    order: (orderId: number): Promise<{ result: Order }> => client.call(checkoutRoutes.order, { params: { orderId } }),
  };
}
export type CartApi = ReturnType<typeof cartApi>;

const apis = new Map<string, CartApi>();
export function cartApiFor(country: string): CartApi {
  let api = apis.get(country);
  if (!api) {
    api = cartApi(apiClientFor(country));
    apis.set(country, api);
  }
  return api;
}
