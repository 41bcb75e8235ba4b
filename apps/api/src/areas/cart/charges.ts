import { type OrderPayment, type OrderPaymentResult } from '@eyewear/api-client';
import { completeCardType, cvvLength, luhnValid } from '@eyewear/i18n/rules';
import { type Database } from '../../db/database';
import { badRequest, HttpError, notFound, unprocessable } from '../../http/errors';
import { type SessionRow } from '../../http/session';
import { checkCaptcha } from './captcha';
import { COD_LIMIT_INR } from './config';
import { bankOutcome, cardProvider, chargeCard, chargeSavedCard, offersCardProvider, vpaValid } from './gateways';

const paymentFailed = (message: string) => new HttpError(402, message, 'payment', 'PAYMENT_FAILED');

/** What a payment method's gateway decided: paid now or pending, what the page does next, what is recorded. */
export interface Charge {
  status: 'SUCCESS' | 'PENDING';
  action: OrderPaymentResult['payment']['action'];
  cardType?: string;
  last4?: string;
  vpa?: string;
  bankCode?: string;
  saveCard?: { number: string; name: string; month: number; year: number; gatewayId?: string };
}

/** A new card as typed: valid (Luhn, not expired, its CVV's length), else 400 naming the field. */
function checkedCard(body: OrderPayment, session: SessionRow): Pick<Charge, 'cardType' | 'last4' | 'saveCard'> {
  const card = body.card;
  if (!card) throw badRequest('Please enter your card details', 'card');
  if (!luhnValid(card.number)) throw badRequest('Please enter a valid card number', 'card.number');
  const now = new Date();
  if (card.expiryYear < now.getUTCFullYear() || (card.expiryYear === now.getUTCFullYear() && card.expiryMonth < now.getUTCMonth() + 1)) {
    throw badRequest('Your card has expired', 'card.expiryMonth');
  }
  const type = completeCardType(card.number);
  if (card.cvv.length !== cvvLength(type)) throw badRequest('Please enter a valid CVV', 'card.cvv');
  return {
    cardType: type ?? 'card',
    last4: card.number.slice(-4),
    saveCard:
      card.saveCard && type && session.customer_id ? { number: card.number, name: card.nameOnCard, month: card.expiryMonth, year: card.expiryYear } : undefined,
  };
}

/**
 * Decides a payment with the simulated gateways before anything is written: a declined card
 * answers 402 and leaves the cart as it was.
 */
export async function decideCharge(
  db: Database,
  session: SessionRow,
  body: OrderPayment,
  total: number,
  currency: string,
  /** The client's address, for the captcha provider (captcha.ts). */
  clientAddress?: string | null,
): Promise<Charge> {
  if (total === 0) return { status: 'SUCCESS', action: 'NONE' };
  switch (body.paymentMethod) {
    case 'cc':
    case 'dc': {
      if (body.savedCardToken) {
        if (!session.customer_id) throw badRequest('Please sign in to pay with a saved card', 'savedCardToken');
        if (!body.cvv) throw badRequest('Please enter a valid CVV', 'cvv');
        const [card] = await db.query<{ last4: string; card_type: string }>('select last4, card_type from saved_cards where token = $1 and customer_id = $2', [
          body.savedCardToken,
          session.customer_id,
        ]);
        if (!card) throw notFound('Saved card not found');
        const outcome = chargeSavedCard(card.last4);
        if (!outcome.ok) throw paymentFailed(outcome.message);
        return { status: 'SUCCESS', action: 'NONE', cardType: card.card_type, last4: card.last4 };
      }
      const card = checkedCard(body, session);
      const outcome = chargeCard(body.card!.number);
      if (!outcome.ok) throw paymentFailed(outcome.message);
      return { status: 'SUCCESS', action: 'NONE', ...card };
    }
    case 'upi':
      if (!body.vpa || !vpaValid(body.vpa)) throw badRequest('Please enter a valid UPI id', 'vpa');
      return { status: 'PENDING', action: 'UPI_COLLECT', vpa: body.vpa.toLowerCase() };
    case 'nb': {
      if (!body.bankCode) throw badRequest('Please choose a bank', 'bankCode');
      const outcome = bankOutcome(body.bankCode);
      if (!outcome.ok) throw paymentFailed(outcome.message);
      return { status: 'SUCCESS', action: 'NONE', bankCode: body.bankCode };
    }
    case 'cod':
      if (session.country !== 'in') throw unprocessable('Cash on delivery is not available in your country', 'paymentMethod');
      if (currency === 'INR' && total > COD_LIMIT_INR) throw unprocessable('Cash on delivery is not available for this order', 'paymentMethod');
      await checkCaptcha(db, body.captcha, { remoteIp: clientAddress ?? undefined });
      return { status: 'PENDING', action: 'NONE' };
    case 'qr':
      if (session.country !== 'in') throw unprocessable('QR payments are not available in your country', 'paymentMethod');
      return { status: 'PENDING', action: 'QR' };
    case 'primer': {
      // The card provider (gateways.ts cardProvider): pending until its status is polled.
      if (!offersCardProvider(session.country)) throw unprocessable('This payment method is not available', 'paymentMethod');
      if (body.savedCardToken) {
        if (!session.customer_id) throw badRequest('Please sign in to pay with a saved card', 'savedCardToken');
        const [card] = await db.query<{ last4: string; card_type: string }>(
          'select last4, card_type from saved_cards where token = $1 and customer_id = $2 and gateway_id = $3',
          [body.savedCardToken, session.customer_id, cardProvider.gatewayId],
        );
        if (!card) throw notFound('Saved card not found');
        return { status: 'PENDING', action: 'SDK', cardType: card.card_type, last4: card.last4 };
      }
      const card = checkedCard(body, session);
      return { status: 'PENDING', action: 'SDK', ...card, saveCard: card.saveCard && { ...card.saveCard, gatewayId: cardProvider.gatewayId } };
    }
    default:
      throw unprocessable('This payment method is not available', 'paymentMethod');
  }
}
