import { useId, useState, type FormEvent } from 'react';
import type { Cart } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { LOYALTY_GOLD_PID } from '../../../app/settings';
import type { CartOp } from '../api';
import { walletFlagOn } from '../rules';
import type { CartState } from '../state/cart-slice';

function CodeForm({
  label,
  applyLabel,
  busy,
  onApply,
  error,
}: {
  label: string;
  applyLabel: string;
  busy: boolean;
  onApply(code: string): void;
  error: string | null;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onApply(code.trim());
  };
  return (
    <form className="cc-code" onSubmit={submit} noValidate>
      <label htmlFor={id}>{label}</label>
      <div className="cc-code__row">
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
        />
        <button type="submit" className="ui-button" disabled={busy || !code.trim()}>
          {applyLabel}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="cc-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** Gift voucher, store credit and cart offers: applied and removed by the API, which prices them. */
export function MoneyOff({ cart, state, run }: { cart: Cart; state: CartState; run(op: CartOp): void }) {
  const m = useMessages(messages);
  const busy = state.pending !== null;
  const gv = cart.totals.discounts.find((d) => d.type === 'gv');
  const sc = cart.totals.discounts.find((d) => d.type === 'sc');
  const offer = cart.totals.discounts.find((d) => d.type === 'implicit');
  const errorFor = (op: string) => (state.error?.op === op ? state.error.message : null);
  return (
    <section className="cc-money" aria-label={m.offersAndVouchers}>
      {gv ? (
        <p className="cc-applied">
          {formatMessage(m.voucherApplied, { code: gv.code ?? '', amount: formatPrice(gv.amount, cart.currencyCode) })}{' '}
          <button type="button" className="ui-button ui-button--link" disabled={busy} onClick={() => run({ op: 'removeVoucher', code: gv.code ?? '' })}>
            {formatMessage(m.removeVoucher, { code: gv.code ?? '' })}
          </button>
        </p>
      ) : (
        <CodeForm
          applyLabel={m.apply}
          label={m.giftVoucher}
          busy={busy}
          onApply={(code) => run({ op: 'applyVoucher', code })}
          error={state.voucherMessage ?? errorFor('applyVoucher')}
        />
      )}
      {sc ? (
        <p className="cc-applied">
          {m.discount_sc}: −{formatPrice(sc.amount, cart.currencyCode)}{' '}
          <button type="button" className="ui-button ui-button--link" disabled={busy} onClick={() => run({ op: 'removeStoreCredit' })}>
            {m.removeStoreCredit}
          </button>
        </p>
      ) : (
        <CodeForm
          applyLabel={m.apply}
          label={m.storeCredit}
          busy={busy}
          onApply={(code) => run({ op: 'applyStoreCredit', code })}
          error={errorFor('applyStoreCredit')}
        />
      )}
      {offer ? (
        <p className="cc-applied">
          {m.discount_implicit} {offer.code}: −{formatPrice(offer.amount, cart.currencyCode)}{' '}
          <button type="button" className="ui-button ui-button--link" disabled={busy} onClick={() => run({ op: 'removeOffer', offerId: offer.code ?? '' })}>
            {formatMessage(m.removeOffer, { code: offer.code ?? '' })}
          </button>
        </p>
      ) : (
        <CodeForm
          applyLabel={m.apply}
          label={m.offerCode}
          busy={busy}
          onApply={(offerId) => run({ op: 'applyOffer', offerId })}
          error={errorFor('applyOffer')}
        />
      )}
      {!cart.items.some((i) => i.productId === LOYALTY_GOLD_PID) ? (
        <button type="button" className="ui-button" disabled={busy} onClick={() => run({ op: 'add', item: { productId: LOYALTY_GOLD_PID, quantity: 1 } })}>
          {m.joinGold}
        </button>
      ) : null}
      {walletFlagOn() ? (
        <label>
          <input type="checkbox" checked={cart.applyWallet} disabled={busy} onChange={(e) => run({ op: 'get', applyWallet: e.target.checked })} /> {m.useWallet}
        </label>
      ) : null}
    </section>
  );
}
