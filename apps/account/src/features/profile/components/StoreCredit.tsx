import { useState, type FormEvent } from 'react';
import { messageOf, moneyRoutes, type GiftVoucher, type StoreCredit as StoreCreditAnswer } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages, useDateOf } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { Field, FormError, LoadFailed } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { useProfileApi } from '../api';
import { CreditOrders, useCreditOrders } from './CreditOrders';

/** /customer/account/storecredit/: balance and codes (the cart area's store credit), gift voucher balance by code. */
export default function StoreCredit() {
  const m = useMessages(sectionMessages);
  const dateOf = useDateOf();
  const api = useProfileApi();
  const credit = useQuery(moneyRoutes.storeCredit);
  const history = useQuery(moneyRoutes.storeCreditHistory, { query: {} });
  const balance = credit.status === 'ready' ? credit.data?.result : undefined;
  const entries = history.status === 'ready' ? history.data?.result.entries : undefined;
  const orders = useCreditOrders();
  // One placeholder until the balance, its history and the credit orders are all in, then all of
  // them and the voucher form at once: nothing on the screen moves as each answer lands (issue 42:
  // a layout shift of 0.11 on a phone). Once shown, a later load (a retry, more orders) keeps them.
  const inNow = credit.status !== 'loading' && history.status !== 'loading' && (orders.status !== 'loading' || orders.items.length > 0);
  const [shown, setShown] = useState(inNow);
  if (inNow && !shown) setShown(true);
  const [code, setCode] = useState('');
  const [voucher, setVoucher] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const expired = (at: string | undefined) => at !== undefined && new Date(at).getTime() <= Date.now();
  /** An expired or withdrawn voucher has nothing to spend, and says so (issue 42: it read "Balance ₹500"). */
  function voucherText(v: GiftVoucher) {
    if (expired(v.expiresAt)) return formatMessage(m.voucherExpired, { code: v.code, date: dateOf(v.expiresAt!) });
    if (!v.active) return formatMessage(m.voucherInactive, { code: v.code });
    const amount = formatPrice(v.balance, v.currencyCode);
    return v.expiresAt
      ? formatMessage(m.voucherBalanceUntil, { code: v.code, amount, date: dateOf(v.expiresAt) })
      : formatMessage(m.voucherBalance, { code: v.code, amount });
  }
  /** A store credit code past its date counts for nothing (the balance above leaves it out). */
  function codeText(c: StoreCreditAnswer['codes'][number], currencyCode: StoreCreditAnswer['currencyCode']) {
    if (expired(c.expiresAt)) return formatMessage(m.creditCodeExpired, { code: c.code, date: dateOf(c.expiresAt!) });
    const amount = formatPrice(c.balance, currencyCode);
    return c.expiresAt
      ? formatMessage(m.creditCodeUntil, { code: c.code, amount, date: dateOf(c.expiresAt) })
      : formatMessage(m.creditCode, { code: c.code, amount });
  }
  async function check(event: FormEvent) {
    event.preventDefault();
    setVoucher(null);
    setFailure(null);
    try {
      const v = (await api.giftVoucher(code.trim())).result;
      setVoucher(voucherText(v));
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    }
  }
  if (!shown) return <SkeletonGrid rows={2} label={m.loading} />;
  return (
    <div>
      {credit.status === 'loading' ? <SkeletonGrid rows={1} label={m.loading} /> : null}
      {credit.status === 'failed' ? <LoadFailed message={messageOf(credit.error, m.somethingWrong)} retry={m.retry} onRetry={credit.reload} /> : null}
      {balance ? (
        <section className="acc-card" aria-label={m.balanceSection}>
          <p>{balance.balance > 0 ? formatMessage(m.balance, { amount: formatPrice(balance.balance, balance.currencyCode) }) : m.noCredit}</p>
          <ul>
            {balance.codes.map((c) => (
              <li key={c.code}>{codeText(c, balance.currencyCode)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {entries && entries.length > 0 ? (
        <section className="acc-card" aria-label={m.creditHistory}>
          <h2 className="acc-card__title">{m.creditHistory}</h2>
          <ul>
            {entries.map((e) => (
              <li key={e.id}>
                {formatMessage(m.creditEntry, {
                  date: dateOf(e.createdAt),
                  sign: e.type === 'DEBIT' ? '-' : '+',
                  amount: formatPrice(e.amount, e.currencyCode),
                  description: e.description,
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <CreditOrders list={orders} />
      <form onSubmit={check} className="acc-card" aria-label={m.voucherTitle}>
        <h2 className="acc-card__title">{m.voucherTitle}</h2>
        <Field name="voucher" label={m.voucherCode} value={code} onChange={setCode} />
        <FormError message={failure} />
        {voucher ? <p role="status">{voucher}</p> : null}
        <button type="submit" className="ui-button">
          {m.check}
        </button>
      </form>
    </div>
  );
}
