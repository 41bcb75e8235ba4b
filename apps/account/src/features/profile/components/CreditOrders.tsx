import { useState } from 'react';
import { messageOf, moneyRoutes } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { LoadFailed } from '../../../app/form';
import { sectionMessages } from '../../../app/section-messages';
import { usePages } from '../../../app/use-pages';
import { useProfileApi } from '../api';

/** The orders that earned or spent store credit, page by page: read by the page, which shows them with its other reads. */
export function useCreditOrders() {
  return usePages(
    moneyRoutes.storeCreditOrders,
    (page) => ({ query: { page } }),
    (answer) => answer.result.entries,
  );
}

/** The orders that earned or spent store credit (paged), each with an SMS of its store credit details. */
export function CreditOrders({ list }: { list: ReturnType<typeof useCreditOrders> }) {
  const m = useMessages(sectionMessages);
  const api = useProfileApi();
  const [sms, setSms] = useState<{ orderId: number; message: string; failed: boolean } | null>(null);
  const entries = list.items;
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
  if (entries.length === 0) return null;
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
      {list.lastPage.length > 0 ? (
        <button type="button" className="ui-button" disabled={list.status === 'loading'} onClick={list.next}>
          {m.moreCreditOrders}
        </button>
      ) : null}
    </section>
  );
}
