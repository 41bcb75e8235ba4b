import { type Cart, type CartItem, type CurrencyCode, type Prescription } from '@eyewear/api-client';
import { gstIncluded, POWER_LATER, subscriptionPlanOf, subscriptionPrice } from '@eyewear/i18n/rules';
import { COUNTRIES } from '../../countries';
import { type Tx } from '../area';
import {
  CONVENIENCE_FEE,
  EXPRESS_FEE,
  FREE_SHIPPING_FROM,
  GOLD_DISCOUNT_PERCENT,
  LOYALTY_CONFIG_DEFAULTS,
  OFFERS,
  OWN_BRAND_DISCOUNT_PERCENT,
  type OfferRule,
} from './config';
import { EXCHANGE_DISCOUNT, exchangeCreditFor } from './exchange-credit';
import { FIRST_FRAME_CODE, firstFrameOf, paymentOfferFor, type Paying } from './offer-rules';

export { FIRST_FRAME_CODE, paymentOfferFor, type Paying };

export interface CartRow {
  id: number;
  session_id: string | null;
  customer_id: number | null;
  country: keyof typeof COUNTRIES;
  gift_voucher_code: string | null;
  store_credit_code: string | null;
  store_credit_amount: number | null;
  offer_id: string | null;
  payment_offer_id: string | null;
  payment_offer_bin: string | null;
  apply_wallet: boolean;
  delivery_option: string | null;
  delivery_pincode: string | null;
  shipping_address: Record<string, unknown> | null;
  voucher_message: string | null;
  store_credit_message: string | null;
  reorder_id: number | null;
  /** Exchange for a new product: the returned order item whose credit the cart uses (migration 044). */
  exchange_order_id?: number | null;
  exchange_item_id?: number | null;
}

interface PriceEntry {
  country: string;
  price: number;
}

export interface LineRow {
  id: number;
  product_id: number;
  quantity: number;
  package_id: number | null;
  coating_id: number | null;
  power_type: string | null;
  frame_size_id: number | null;
  subscription_id: number | null;
  is_both_eye: boolean | null;
  prescription: Prescription | null;
  power_later: boolean;
  sku: string;
  classification: CartItem['classification'];
  url: string;
  stock: number;
  product: {
    modelName: string;
    powerRequired: 'POWER_REQUIRED' | 'POWER_NOT_REQUIRED';
    isPlano: boolean;
    frameType?: CartItem['frameType'];
    frameSize?: string;
    membershipDays?: number;
    jit?: boolean;
    /** Contact lenses: lenses in a box and their usage (a subscription plan's boxes). */
    packSize?: number;
    usage?: string;
  };
  brand_name: string;
  house: boolean;
  market_price: number | null;
  selling_price: number | null;
  /** The first-frame price for new customers (shopping §3, price id 1000), when the frame has one. */
  first_buy_price: number | null;
  package: { name: string; prices: PriceEntry[] } | null;
  coating: { name: string; prices: PriceEntry[] } | null;
}

export const round2 = (v: number) => Math.round(v * 100) / 100;

/** The lines of a cart with what pricing needs of their products (the cart's id and country as SQL expressions). */
export const linesOf = (cartId: string, country: string) =>
  `select ci.*, p.sku, p.classification, p.url, p.stock, p.data as product, b.name as brand_name, b.house,
          pp.market_price, pp.selling_price, pp.first_buy_price, lp.data as package, co.data as coating
     from cart_items ci
     join products p on p.id = ci.product_id
     join brands b on b.id = p.brand_id
     left join product_prices pp on pp.product_id = p.id and pp.country = ${country}
     left join lens_packages lp on lp.id = ci.package_id
     left join coatings co on co.id = ci.coating_id
    where ci.cart_id = ${cartId}`;

export async function loadLines(tx: Tx, cart: Pick<CartRow, 'id' | 'country'>): Promise<LineRow[]> {
  return tx.query<LineRow>(`${linesOf('$1', '$2')} order by ci.id`, [cart.id, cart.country]);
}

const priceIn = (entry: { prices: PriceEntry[] } | null, country: string) => entry?.prices.find((p) => p.country === country)?.price ?? 0;

const hasSph = (p: Prescription | null) => !!p && [p.left.sph, p.right.sph].some((sph) => sph !== undefined && sph !== '' && sph !== POWER_LATER);

/** shopping §4 "Power-submission classification for a cart item". */
export function powerSubmissionOf(line: Pick<LineRow, 'prescription' | 'power_later' | 'product'>): NonNullable<CartItem['powerSubmission']> {
  if (hasSph(line.prescription)) return 'self-from-pdp';
  if (line.power_later) return 'later-on-checkout-or-call';
  if (line.product.jit) return 'jit-usecase';
  return 'power-not-required';
}

function prescriptionView(p: Prescription | null): CartItem['prescriptionView'] {
  if (!p) return undefined;
  const eye = (e: Prescription['left']) => Object.fromEntries(Object.entries(e).map(([k, v]) => [k, String(v)]));
  return { left: eye(p.left), right: eye(p.right) };
}

/** Gold's rules: its product, and which lines it discounts (own-brand frames, the line's `house` flag). */
const LOYALTY = LOYALTY_CONFIG_DEFAULTS;

export interface Priced {
  cart: Cart;
  lines: Array<{ line: LineRow; item: CartItem; unit: number }>;
  /** Amounts to take from each balance when the order is placed. */
  spend: { giftVoucher: number; storeCredit: number; wallet: number };
  goldActive: boolean;
  membershipDays: number | null;
}

/**
 * Whether a guest is a repeat customer for the first-frame offer: an order was placed from this
 * session, or with the e-mail the checkout gives (as a guest, or by a customer with that
 * e-mail). Before the checkout address a guest is new; from it, the payment page's priced cart
 * (what the order charges) says which.
 */
async function guestHasOrdered(tx: Tx, cart: Pick<CartRow, 'session_id' | 'shipping_address'>): Promise<boolean> {
  const email = typeof cart.shipping_address?.email === 'string' ? cart.shipping_address.email.trim().toLowerCase() || null : null;
  const [row] = await tx.query<{ ordered: boolean }>(
    `select exists (select 1 from orders where status <> 'PENDING_PAYMENT' and (session_id = $1 or ($2::text is not null and lower(email) = $2)))
         or ($2::text is not null and exists (select 1 from customers where lower(email) = $2 and has_placed_order)) as ordered`,
    [cart.session_id, email],
  );
  return row?.ordered ?? false;
}

/**
 * Prices a cart: items, then each discount in a fixed order (first frame, own-brand, gold, cart offer,
 * payment offer, exchange credit, gift voucher, store credit, wallet), shipping and the tax included in the
 * total. Catalogue prices include tax at the country's rate: tax = net x rate / (100 + rate).
 */
export async function priceCart(tx: Tx, cart: CartRow, paying?: Paying, readLines?: LineRow[]): Promise<Priced> {
  const country = COUNTRIES[cart.country];
  const currency = country.currencyCode as CurrencyCode;
  const rows = readLines ?? (await loadLines(tx, cart));
  const loyalty = LOYALTY;
  const [customer] = cart.customer_id
    ? await tx.query<{ is_loyalty: boolean; has_placed_order: boolean }>('select is_loyalty, has_placed_order from customers where id = $1', [cart.customer_id])
    : [];
  const goldLine = rows.find((r) => r.product_id === loyalty.goldPid);
  const goldActive = !!goldLine || !!customer?.is_loyalty;
  // A guest is asked about only when the cart holds a frame the offer could take.
  const newCustomer = cart.customer_id ? !customer?.has_placed_order : firstFrameOf(rows, true) === null || !(await guestHasOrdered(tx, cart));
  const firstFrame = firstFrameOf(rows, newCustomer);

  let subTotal = 0;
  const ownBrand = new Map<string, number>();
  let gold = 0;
  const lines = rows.map((line) => {
    const market = line.market_price ?? 0;
    const selling = line.selling_price ?? 0;
    const extra = priceIn(line.package, cart.country) + priceIn(line.coating, cart.country);
    // A contact-lens subscription: each box at the plan's price, the rule the product page shows the plan with.
    const plan = line.subscription_id === null ? undefined : subscriptionPlanOf(line.subscription_id);
    const boxPrice = plan ? subscriptionPrice(line.product, selling, plan, 1).unitPrice : selling;
    const unit = round2(boxPrice + extra);
    subTotal += unit * line.quantity;
    const isFrame = line.classification === 'eyeframe' || line.classification === 'sunglasses';
    // The unit at the first-frame price takes no other frame discount: it costs what the product page says.
    const fullUnits = line.quantity - (firstFrame?.line === line ? 1 : 0);
    const ownUnit = line.house && isFrame ? round2((selling * OWN_BRAND_DISCOUNT_PERCENT) / 100) : 0;
    if (ownUnit > 0 && fullUnits > 0) ownBrand.set(line.brand_name, round2((ownBrand.get(line.brand_name) ?? 0) + ownUnit * fullUnits));
    if (goldActive && line.house && loyalty.classificationsAllowed.includes(line.classification)) {
      gold += round2(((selling - ownUnit) * GOLD_DISCOUNT_PERCENT) / 100) * fullUnits;
    }
    const options: CartItem['options'] = [];
    if (line.package)
      options.push({
        type: 'PACKAGE',
        name: line.package.name,
        oid: line.package_id!,
        catalogPrices: [{ name: 'Market Price', price: priceIn(line.package, cart.country), currencyCode: currency }],
      });
    if (line.coating)
      options.push({
        type: 'COATING',
        name: line.coating.name,
        oid: line.coating_id!,
        catalogPrices: [{ name: 'Market Price', price: priceIn(line.coating, cart.country), currencyCode: currency }],
      });
    const item: CartItem = {
      id: line.id,
      productId: line.product_id,
      name: `${line.brand_name} ${line.product.modelName}`,
      thumbnail: `/api/v2/images/product/${line.product_id}/front.svg`,
      productUrl: line.url,
      sku: line.sku,
      quantity: line.quantity,
      availableQuantity: line.stock > 0 ? line.stock : undefined,
      classification: line.classification,
      brandName: line.brand_name,
      price: { value: unit, currencyCode: currency },
      amount: { total: round2(unit * line.quantity), currencyCode: currency },
      catalogPrices: [
        { name: 'Market Price', price: round2(market + extra), currencyCode: currency },
        { name: 'Eyewear Price', price: unit, currencyCode: currency },
      ],
      options,
      prescription: line.prescription,
      prescriptionView: prescriptionView(line.prescription),
      jit: !!line.product.jit,
      isPlano: line.product.isPlano,
      powerRequired: line.product.powerRequired,
      lensType: line.power_type ?? undefined,
      frameSize: line.product.frameSize,
      frameType: line.product.frameType,
      productTypeValue: line.sku.split('-')[0],
      tierMembershipDuration: line.product.membershipDays,
      powerSubmission: powerSubmissionOf(line),
    };
    return { line, item, unit };
  });
  subTotal = round2(subTotal);

  const discounts: Cart['totals']['discounts'] = [];
  let remaining = subTotal;
  const take = (type: string, amount: number, code?: string) => {
    const value = round2(Math.min(Math.max(0, amount), remaining));
    if (value <= 0) return 0;
    remaining = round2(remaining - value);
    discounts.push({ type, amount: value, ...(code ? { code } : {}) });
    return value;
  };
  if (firstFrame) take('firstFrame', firstFrame.saving, FIRST_FRAME_CODE);
  for (const [brand, amount] of ownBrand) take(brand, amount, 'brand');
  const goldTaken = take('gold', round2(gold));

  const offerAmount = (offer: OfferRule | undefined) =>
    offer && subTotal >= offer.minCartValue[currency] ? Math.min(round2((remaining * offer.percent) / 100), offer.cap[currency]) : 0;
  const cartOffer = OFFERS.find((o) => o.offerId === cart.offer_id);
  const implicitAmt = take('implicit', offerAmount(cartOffer), cart.offer_id ?? undefined);
  const paymentOffer = paymentOfferFor(cart, paying);
  const offerTaken = take('offer', offerAmount(paymentOffer), paymentOffer?.offerId);

  // Shipping is decided on the merchandise net of the offers above; the balances below can pay for it.
  const express = cart.delivery_option === 'express';
  let shipping = remaining >= FREE_SHIPPING_FROM[currency] || rows.length === 0 ? 0 : CONVENIENCE_FEE[currency];
  if (express && rows.length > 0) shipping += EXPRESS_FEE[currency];
  remaining = round2(remaining + shipping);

  // Exchange for a new product: the returned item's credit pays first, the shopper pays the difference.
  if (cart.exchange_order_id && cart.exchange_item_id && rows.length > 0) {
    const credit = await exchangeCreditFor(tx, cart, cart.exchange_order_id, cart.exchange_item_id);
    if (credit.ok) take(EXCHANGE_DISCOUNT, credit.amount, credit.code);
  }

  let gvAmt = 0;
  if (cart.gift_voucher_code) {
    const [voucher] = await tx.query<{ balance: number }>(
      'select balance from gift_vouchers where code = $1 and active and expires_at > now() and currency = $2',
      [cart.gift_voucher_code, currency],
    );
    gvAmt = take('gv', voucher?.balance ?? 0, cart.gift_voucher_code);
  }
  let scAmt = 0;
  if (cart.store_credit_code) {
    const [credit] = await tx.query<{ balance: number }>('select balance from store_credits where code = $1 and expires_at > now() and currency = $2', [
      cart.store_credit_code,
      currency,
    ]);
    const wanted = cart.store_credit_amount === null ? (credit?.balance ?? 0) : Math.min(cart.store_credit_amount, credit?.balance ?? 0);
    scAmt = take('sc', wanted, cart.store_credit_code);
  }
  let walletAmt = 0;
  if (cart.apply_wallet && cart.customer_id) {
    const [wallet] = await tx.query<{ balance: number }>('select balance from wallets where customer_id = $1 and currency = $2', [cart.customer_id, currency]);
    walletAmt = take('wallet', wallet?.balance ?? 0);
  }

  const total = round2(remaining);
  const totalDiscount = round2(discounts.reduce((sum, d) => sum + d.amount, 0));
  const totalTax = round2(gstIncluded(Math.max(0, total - shipping), country.gstRate));
  const itemsQty = rows.reduce((sum, r) => sum + r.quantity, 0);

  const result: Cart = {
    id: cart.id,
    items: lines.map((l) => l.item),
    itemsQty,
    itemsCount: rows.length,
    currencyCode: currency,
    discountDescription: discounts.length ? discounts.map((d) => d.type).join(', ') : undefined,
    totals: {
      subTotal,
      totalDiscount,
      totalTax,
      shipping,
      total,
      discounts,
      finalTotal: goldTaken > 0 ? [{ id: 'goldDiscount', value: goldTaken }] : [],
    },
    gvAmt,
    scAmt,
    implicitAmt,
    netAmountCart: total,
    walletApplied: walletAmt > 0,
    applyWallet: cart.apply_wallet,
    voucherMessage: cart.voucher_message ?? undefined,
    storeCreditMessage: cart.store_credit_message ?? undefined,
    cardOffer:
      cart.payment_offer_id || offerTaken > 0
        ? {
            applied: offerTaken > 0,
            offerId: paymentOffer?.offerId ?? cart.payment_offer_id ?? undefined,
            message: offerTaken > 0 ? undefined : 'This offer does not apply to your cart',
          }
        : undefined,
    reorderId: cart.reorder_id ?? undefined,
    deliveryOption: cart.delivery_option ?? undefined,
  };
  return {
    cart: result,
    lines,
    spend: { giftVoucher: gvAmt, storeCredit: scAmt, wallet: walletAmt },
    goldActive,
    membershipDays: goldLine?.product.membershipDays ?? null,
  };
}
