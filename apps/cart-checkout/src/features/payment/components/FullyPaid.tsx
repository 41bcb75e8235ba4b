import { useId, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Cart } from '@eyewear/api-client';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { checkoutActions, keptGiftMessage, selectCheckout } from '../../checkout';
import { paymentMessages } from '../messages';

/** The balances that can pay a whole cart, in the order the API spends them (pricing.ts). */
const BALANCES = ['exchange', 'gv', 'sc', 'wallet'] as const;

/**
 * A cart with nothing left to pay (issue 42): no payment method is asked; the page says which
 * balance paid it and places the order at once (one POST with the attempt's Idempotency-Key and
 * `expectedTotal` 0, so a cart that changed meanwhile is told, never charged). The payment
 * method sent is the balance the order records (`gv` for a gift voucher, else `sc`), which the
 * API takes only for an order that costs nothing.
 */
export function FullyPaid({ cart, attemptKey, refreshing }: { cart: Cart; attemptKey(): string; refreshing: boolean }) {
  const m = useMessages(messages);
  const p = useMessages(paymentMessages);
  const dispatch = useDispatch();
  const state = useSelector(selectCheckout);
  const titleId = useId();
  const types = new Set(cart.totals.discounts.filter((d) => d.amount > 0).map((d) => d.type));
  const names = BALANCES.filter((b) => types.has(b)).map((b) => p[`balance_${b}`]);
  const balances =
    names.length > 1 ? formatMessage(p.fullyPaidAnd, { first: names.slice(0, -1).join(', '), last: names[names.length - 1]! }) : (names[0] ?? p.balance_sc);
  const busy = state.placing;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || refreshing) return;
    const gift = keptGiftMessage();
    dispatch(
      checkoutActions.placeOrderRequested({
        payment: {
          paymentMethod: types.has('gv') ? 'gv' : 'sc',
          expectedTotal: 0,
          leadSource: state.leadSource || undefined,
          ...(gift ? { giftMessage: gift } : {}),
        },
        key: attemptKey(),
      }),
    );
  };

  return (
    <form onSubmit={submit} noValidate className="cc-section" aria-labelledby={titleId} data-testid="payment-fully-paid">
      <h2 id={titleId}>{p.fullyPaidTitle}</h2>
      <p role="status">{formatMessage(p.fullyPaid, { balances })}</p>
      {state.paymentError ? (
        <p role="alert" className="cc-error" data-testid="payment-error">
          {state.paymentError}
        </p>
      ) : null}
      <button type="submit" className="ui-button ui-button--primary" disabled={busy || refreshing} aria-busy={busy}>
        {busy ? m.paying : m.placeOrder}
      </button>
      {refreshing ? <p className="cc-hint">{m.payDisabledCart}</p> : null}
    </form>
  );
}
