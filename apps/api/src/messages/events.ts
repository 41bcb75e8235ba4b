import { type CountryCode } from '@eyewear/i18n/rules';

/**
 * The messages a customer is sent about what happens to their orders and bookings (issue 38),
 * one kind per event, each with the facts its text names. Amounts are in the country's
 * currency, as numbers (`1499.5`); dates are ISO strings (`2026-12-03` or a timestamp). The
 * data is taken when the event happens, in its transaction, so the message says what was true
 * then, whenever the worker sends it.
 */
export interface MessageLine {
  name: string;
  quantity: number;
  /** What the line cost, all units together. */
  amount: number;
}

/** Where a refund goes, as a customer reads it. */
export type RefundDestination = 'original-payment' | 'store-credit' | 'wallet' | 'bank-account' | 'gift-voucher';

export type MessageEvent =
  | {
      kind: 'order-placed';
      orderId: number;
      lines: MessageLine[];
      total: number;
      /** How it is paid: `UPI`, `Card`, `Cash on delivery`… */
      payment: string;
      /** The promised delivery day, when there is one. */
      estimatedDelivery: string | null;
    }
  | { kind: 'payment-failed'; orderId: number; total: number; reason: string; payAgainUrl: string }
  | { kind: 'order-dispatched'; orderId: number; lines: MessageLine[]; courier: string; trackingNumber: string; trackingUrl: string | null }
  | { kind: 'order-delivered'; orderId: number; lines: MessageLine[] }
  | { kind: 'item-cancelled'; orderId: number; line: MessageLine; refundAmount: number; refundTo: RefundDestination | null }
  | { kind: 'return-requested'; orderId: number; returnId: number; lines: MessageLine[]; pickupDate: string | null }
  | { kind: 'return-picked-up'; orderId: number; returnId: number; lines: MessageLine[] }
  | { kind: 'return-received'; orderId: number; returnId: number; lines: MessageLine[] }
  | { kind: 'refund-issued'; orderId: number; amount: number; refundTo: RefundDestination; reference: string | null }
  | { kind: 'exchange-placed'; orderId: number; exchangeOrderId: number; lines: MessageLine[]; amountToPay: number }
  | {
      kind: 'booking-booked' | 'booking-reminder' | 'booking-cancelled';
      /** The booking's reference as the customer sees it (an appointment id, or a home try-on's order number). */
      bookingId: string;
      /** A home try-on or an eye test at a store. */
      service: 'home-try-on' | 'eye-test';
      /** When it starts: an ISO timestamp. */
      startsAt: string;
      /** The store's name and address, or the customer's address for a home visit. */
      place: string;
    };

export type MessageKind = MessageEvent['kind'];

/** Who the message is for and how to write to them. */
export interface MessageAudience {
  country: CountryCode;
  /** The name to greet, when known. */
  name: string | null;
  email: string | null;
  /** `+91 9876543210`, when known. */
  phone: string | null;
  /** The store's address for links (`https://eyewear.example/in`). */
  siteUrl: string;
}

/** What a template renders for one event: an e-mail in HTML and plain text, and an SMS. */
export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
  /** At most SMS_MAX_LENGTH characters. */
  sms: string;
}

/** One SMS segment of GSM-7 text: every SMS we send fits in it. */
export const SMS_MAX_LENGTH = 160;
