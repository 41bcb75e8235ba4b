import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { areaEndpoints, type PaymentMethod } from '@eyewear/api-client';
import { type CurrencyCode } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { route } from '../../http/endpoint';
import { unprocessable } from '../../http/errors';
import { requireSession } from '../../http/session';
import { ensureCart } from './cart-store';
import { NET_BANKS, OFFERS, type OfferRule } from './config';
import { cardProvider, offersCardProvider } from './gateways';
import { ownedOrder } from './order-read-model';
import { priceCart, type CartRow } from './pricing';

const METHODS: PaymentMethod[] = [
  { code: 'cc', label: 'Credit card', enabled: true },
  { code: 'dc', label: 'Debit card', enabled: true },
  { code: 'upi', label: 'UPI', enabled: true, description: 'Approve a collect request in your UPI app' },
  { code: 'nb', label: 'Net banking', enabled: true, banks: NET_BANKS.map(({ code, name }) => ({ code, name })) },
  { code: 'cod', label: 'Cash on delivery', enabled: true },
  { code: 'qr', label: 'Pay by QR code', enabled: true, description: 'Scan the code with any UPI app' },
];

/** The card provider's method (the provider's own types are added per request). */
const PROVIDER_METHOD: PaymentMethod = { code: 'primer', label: 'Card', enabled: true, description: "Pay securely on our card provider's form" };

const availableIn = (country: string) => (country === 'in' ? METHODS : METHODS.filter((m) => m.code === 'cc' || m.code === 'dc'));

/** The payment and card offers of a country: those of a method it offers (UPI5 for UPI in India, card offers with cards). */
function usableOffers(country: string): OfferRule[] {
  const methods = availableIn(country).map((m) => m.code as string);
  return OFFERS.filter((o) => (o.kind === 'payment' ? methods.includes(o.paymentMethod!) : o.kind === 'card' && methods.includes('cc')));
}

function offerOut(o: OfferRule, currency: CurrencyCode) {
  return {
    offerId: o.offerId,
    title: o.title,
    description: o.description,
    paymentMethod: o.paymentMethod,
    bank: o.bank,
    discountPercent: o.percent,
    minCartValue: o.minCartValue[currency],
    maxDiscount: o.cap[currency],
  };
}

/** How the shopper may pay: the payment methods of the country, and the card and payment offers. */
export function paymentOptionRoutes(app: FastifyInstance, rootDb: Database) {
  const e = areaEndpoints.checkout;

  // One answer on every path version (shopping §7: v5, v4 or default); each says which served it.
  const methodsOn =
    (version: 'default' | 'v4' | 'v5') =>
    async ({
      query,
      request,
      reply,
    }: {
      query: { orderId?: number; paymentMethod?: string[]; primerPaymentMethods?: string };
      request: FastifyRequest;
      reply: FastifyReply;
    }) => {
      // A read: the database itself (only keyed writes run in a request's transaction).
      const session = await requireSession(rootDb, request, reply);
      if (query.orderId !== undefined) await ownedOrder(rootDb, session, query.orderId);
      // The card-provider flow (paymentMethod=primer): the provider's method, with the types the
      // page can show (primerPaymentMethods) that the provider takes, when the country offers it.
      if (query.paymentMethod?.length === 1 && query.paymentMethod[0] === 'primer') {
        const wanted = query.primerPaymentMethods?.split(',');
        const types = cardProvider.methodTypes.filter((t) => !wanted || wanted.includes(t));
        const offered = offersCardProvider(session.country) && types.length > 0;
        return { result: { methods: offered ? [{ ...PROVIDER_METHOD, primerPaymentMethods: types }] : [], version } };
      }
      // India only (shopping §5); elsewhere cards only. The filter's methods come first (default cc,dc).
      const available = availableIn(session.country);
      const first = query.paymentMethod ?? ['cc', 'dc'];
      // A payment offer shows beside its method on the page (from GET /v2/payments/offers/enabled),
      // and is given once the page applied it and the payment matches (offer-rules.ts).
      const methods = [...available].sort((a, b) => Number(!first.includes(a.code)) - Number(!first.includes(b.code)));
      return { result: { methods, version } };
    };
  route(app, e.paymentMethods, methodsOn('default'));
  route(app, e.paymentMethodsV4, methodsOn('v4'));
  route(app, e.paymentMethodsV5, methodsOn('v5'));

  route(app, e.cardOffers, async ({ query, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const cart = await ensureCart(db, session);
    const currency = (await priceCart(db, cart)).cart.currencyCode;
    const offers = OFFERS.filter((o) => o.kind === 'card' && o.bins?.some((bin) => query.cardNumber.startsWith(bin)));
    return { result: { offers: offers.map((o) => offerOut(o, currency)) } };
  });

  route(app, e.paymentOffers, async ({ request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const cart = await ensureCart(db, session);
    const currency = (await priceCart(db, cart)).cart.currencyCode;
    return { result: { offers: usableOffers(session.country).map((o) => offerOut(o, currency)) } };
  });

  route(app, e.applyPaymentOffer, async ({ body, request, reply, db }) => {
    const session = await requireSession(db, request, reply);
    const cart = await ensureCart(db, session);
    // An order already placed keeps its amount (a retry pays exactly it): offers are for the cart.
    if (body.orderId !== undefined) throw unprocessable('An offer cannot be applied to an order already placed', 'orderId');
    const offer = usableOffers(session.country).find((o) => o.offerId === body.offerId.toUpperCase());
    if (!offer) throw unprocessable('This offer is not available', 'offerId');
    if (offer.kind === 'card' && !(body.cardBin && offer.bins?.some((bin) => body.cardBin!.startsWith(bin)))) {
      throw unprocessable('This offer is not valid for this card', 'cardBin');
    }
    if (offer.kind === 'payment' && body.paymentMethod !== offer.paymentMethod)
      throw unprocessable('This offer is not valid for this payment method', 'paymentMethod');
    const trial: CartRow = { ...cart, payment_offer_id: offer.offerId };
    const priced = await priceCart(db, trial);
    if (!priced.cart.totals.discounts.some((d) => d.type === 'offer')) {
      throw unprocessable(`Add items worth ${offer.minCartValue[priced.cart.currencyCode]} to use this offer`, 'offerId');
    }
    await db.query('update carts set payment_offer_id = $2, payment_offer_bin = $3, updated_at = now() where id = $1', [
      cart.id,
      offer.offerId,
      body.cardBin ?? null,
    ]);
    return { result: priced.cart };
  });
}
