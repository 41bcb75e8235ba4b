import { useState, type FormEvent } from 'react';
import { type StoreCreditEntry } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { messageOf } from '../../shared/api';
import { Field, FormError, LoadFailed } from '../../shared/form';
import { useAccountApi, useRemote } from '../../shared/hooks';
import { sectionMessages } from '../account/messages';

/** The orders that earned or spent store credit (paged), each with an SMS of its store credit details. */
function CreditOrders() {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const [page, setPage] = useState(0);
  const [pages, setPages] = useState<StoreCreditEntry[][]>([]);
  const list = useRemote(
    () =>
      api.storeCreditOrders(page).then((a) => {
        setPages((all) => [...all.slice(0, page), a.result.entries]);
        return a.result.entries;
      }),
    [page],
  );
  const [sms, setSms] = useState<{ orderId: number; message: string; failed: boolean } | null>(null);
  const entries = pages.flat();
  async function send(orderId: number) {
    setSms(null);
    try {
      const answer = await api.storeCreditSms(orderId);
      setSms({ orderId, message: answer.result.message ?? m.saved, failed: false });
    } catch (error) {
      setSms({ orderId, message: messageOf(error, m.somethingWrong), failed: true });
    }
  }
  if (list.status === 'failed' && entries.length === 0)
    return <LoadFailed message={messageOf(list.error, m.somethingWrong)} retry={m.retry} onRetry={list.reload} />;
  if (list.status === 'loading' && entries.length === 0) return <SkeletonGrid rows={1} label={m.loading} />;
  if (entries.length === 0) return null;
  const last = pages[pages.length - 1] ?? [];
  return (
    <section className="acc-card" aria-label={m.creditOrders}>
      <h2 className="acc-card__title">{m.creditOrders}</h2>
      <ul className="acc-list">
        {entries.map((e) => (
          <li key={e.id}>
            {formatMessage(m.creditOrder, {
              orderId: e.orderId ?? '',
              sign: e.type === 'DEBIT' ? '-' : '+',
              amount: formatPrice(e.amount, e.currencyCode),
              description: e.description,
            })}{' '}
            <button type="button" className="ui-button ui-button--link" onClick={() => send(e.orderId!)} aria-label={`${m.sendCreditSms}: ${e.orderId}`}>
              {m.sendCreditSms}
            </button>
            {sms && sms.orderId === e.orderId ? (
              <p role={sms.failed ? 'alert' : 'status'} className={sms.failed ? 'acc-error' : 'acc-success'}>
                {sms.message}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {last.length > 0 ? (
        <button type="button" className="ui-button" disabled={list.status === 'loading'} onClick={() => setPage((p) => p + 1)}>
          {m.moreCreditOrders}
        </button>
      ) : null}
    </section>
  );
}

/** /customer/account/storecredit/: balance and codes (the cart area's store credit), gift voucher balance by code. */
export default function StoreCredit() {
  const m = useMessages(sectionMessages);
  const api = useAccountApi();
  const credit = useRemote(() => api.storeCredit().then((a) => a.result), []);
  const history = useRemote(() => api.storeCreditHistory().then((a) => a.result.entries), []);
  const [code, setCode] = useState('');
  const [voucher, setVoucher] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  async function check(event: FormEvent) {
    event.preventDefault();
    setVoucher(null);
    setFailure(null);
    try {
      const v = (await api.giftVoucher(code.trim())).result;
      setVoucher(formatMessage(m.voucherBalance, { code: v.code, amount: formatPrice(v.balance, v.currencyCode) }));
    } catch (error) {
      setFailure(messageOf(error, m.somethingWrong));
    }
  }
  return (
    <div>
      {credit.status === 'loading' ? <SkeletonGrid rows={1} label={m.loading} /> : null}
      {credit.status === 'failed' ? <LoadFailed message={messageOf(credit.error, m.somethingWrong)} retry={m.retry} onRetry={credit.reload} /> : null}
      {credit.status === 'success' ? (
        <section className="acc-card" aria-label={m.balance}>
          <p>{credit.data.balance > 0 ? formatMessage(m.balance, { amount: formatPrice(credit.data.balance, credit.data.currencyCode) }) : m.noCredit}</p>
          <ul>
            {credit.data.codes.map((c) => (
              <li key={c.code}>{formatMessage(m.creditCode, { code: c.code, amount: formatPrice(c.balance, credit.data.currencyCode) })}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {history.status === 'success' && history.data.length > 0 ? (
        <section className="acc-card" aria-label={m.creditHistory}>
          <h2 className="acc-card__title">{m.creditHistory}</h2>
          <ul>
            {history.data.map((e) => (
              <li key={e.id}>
                {formatMessage(m.creditEntry, {
                  date: new Date(e.createdAt).toLocaleDateString('en-GB'),
                  sign: e.type === 'DEBIT' ? '-' : '+',
                  amount: formatPrice(e.amount, e.currencyCode),
                  description: e.description,
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <CreditOrders />
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
