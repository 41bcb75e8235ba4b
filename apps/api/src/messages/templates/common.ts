import { type RefundDestination } from '../events';

/** What the booking kinds book. */
export type BookedService = 'home-try-on' | 'eye-test';

/** The words every message shares: the layout's and the phrases several templates use. */
export interface CommonCopy {
  store: string;
  greeting(name: string | null): string;
  /** Why the message is sent: about an order or a booking, so not marketing. */
  footer(about: 'order' | 'booking'): string;
  /** `1 item`, `3 items`. */
  items(count: number): string;
  quantity: string;
  total: string;
  /** Where a refund goes, after the amount: `₹1,499 to your original payment method`. */
  refundTo: Readonly<Record<RefundDestination, string>>;
  /** Where a refund goes, as a label's value: `Original payment method`. */
  refundDestination: Readonly<Record<RefundDestination, string>>;
  service: Readonly<Record<BookedService, string>>;
  serviceTitle: Readonly<Record<BookedService, string>>;
  /** A day and a time: `Thu, 3 Dec 2026 at 2:00 pm`. */
  when(day: string, time: string | null): string;
  viewOrder: string;
}

export const COMMON_EN: CommonCopy = {
  store: 'Eyewear',
  greeting: (name) => (name?.trim() ? `Hello ${name.trim()},` : 'Hello,'),
  footer: (about) =>
    `You are receiving this message because of your ${about} with Eyewear. It is about your ${about}, not marketing, so it is sent whatever your marketing preferences.`,
  items: (count) => `${count} ${count === 1 ? 'item' : 'items'}`,
  quantity: 'Qty',
  total: 'Total',
  refundTo: {
    'original-payment': 'to your original payment method',
    'store-credit': 'to your store credit',
    wallet: 'to your wallet',
    'bank-account': 'to your bank account',
    'gift-voucher': 'as a gift voucher',
  },
  refundDestination: {
    'original-payment': 'Original payment method',
    'store-credit': 'Store credit',
    wallet: 'Wallet',
    'bank-account': 'Bank account',
    'gift-voucher': 'Gift voucher',
  },
  service: { 'home-try-on': 'home try-on', 'eye-test': 'eye test' },
  serviceTitle: { 'home-try-on': 'Home try-on', 'eye-test': 'Eye test' },
  when: (day, time) => (time ? `${day} at ${time}` : day),
  viewOrder: 'View your order',
};
