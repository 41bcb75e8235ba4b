import { select } from 'redux-saga/effects';
import { type Cart } from '@eyewear/api-client';
import { exchangeExitRequested, publish, toastShow, type ExchangePayload } from '@eyewear/event-bus';
import { messages } from '../../../app/messages';

/** shopping §9: exchange toasts stay 5000 ms, like the exchange add failure's. */
export const EXCHANGE_TOAST_MS = 5000;

/** The exchange credit a cart or an order was priced with: its discount's code, `{orderId}:{itemId}` (apps/api exchange-credit.ts). */
export function exchangeCreditCode(discounts: ReadonlyArray<{ type: string; code?: string | undefined }> | undefined): string | null {
  return discounts?.find((d) => d.type === 'exchange')?.code ?? null;
}

const openExchange = (s: { events?: { 'exchange/changed'?: ExchangePayload } }) => s.events?.['exchange/changed'];

/**
 * Issue 42: an order paid with the open exchange's credit spends it, and the API refuses that
 * exchange to any later add. So the tab leaves exchange mode at once (the shell's exchange saga
 * clears the cookies and publishes `exchange/changed`; its banner goes) and the shopper is told
 * that what they add now is an ordinary purchase. Only the exchange this cart's credit came
 * from ends: another one opened since stays open.
 */
export function* endExchangeSpentBy(paidCart: Cart | null) {
  const code = exchangeCreditCode(paidCart?.totals.discounts);
  if (!code) return;
  const open: ExchangePayload | undefined = yield select(openExchange);
  if (!open?.active || `${open.orderId}:${open.itemId}` !== code) return;
  yield publish(exchangeExitRequested, {});
  yield publish(toastShow, { message: messages.defaults.exchangeComplete, timeout: EXCHANGE_TOAST_MS, success: true });
}
