import { useState } from 'react';
import { messageOf, orderRoutes, returnRoutes, type Return } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { SkeletonGrid } from '@eyewear/ui';
import { LoadFailed } from '../../../app/form';
import { ItemImage } from '../../../app/order-items';
import { failureOf } from '../../../app/queries';
import { sectionMessages } from '../../../app/section-messages';
import { RefundChoice } from './RefundChoice';
import { ReturnDeadline } from './ReturnDeadline';
import { ReturnForm } from './ReturnForm';
import { SelfShipNote } from './SelfShipNote';

/**
 * /sales/order/return/products/{id}: eligibility per item with its last return day, the return
 * form (which asks the refund method before the return is made, issue 42), then what the return
 * brings and, for a return shipped by the shopper, where to send it.
 */
export default function ReturnProducts({ orderId }: { orderId: number }) {
  const m = useMessages(sectionMessages);
  const orderQuery = useQuery(orderRoutes.get, { params: { orderId } });
  const eligibilityQuery = useQuery(returnRoutes.eligibility, { params: { orderId }, query: { fetchRefundExchangeDetails: 'true' } });
  // The window's days, the photo limit and the return address: the API's return config.
  const configQuery = useQuery(returnRoutes.config);
  const [selected, setSelected] = useState<number | null>(null);
  const [created, setCreated] = useState<{ made: Return; outcome: string | null } | null>(null);
  const failure = failureOf(orderQuery, eligibilityQuery, configQuery);
  if (failure) return <LoadFailed message={messageOf(failure.error, m.somethingWrong)} retry={m.retry} onRetry={failure.retry} />;
  if (!orderQuery.data || !eligibilityQuery.data || !configQuery.data) return <SkeletonGrid rows={2} label={m.loading} />;
  const order = orderQuery.data.result;
  const eligibility = eligibilityQuery.data.result;
  const config = configQuery.data.result;
  if (created) {
    const { made, outcome } = created;
    const itemId = made.itemIds[0]!;
    return (
      <div>
        <p role="status" className="acc-success">
          {formatMessage(m.returnCreated, { groupId: made.groupId })}
        </p>
        {outcome ? <p data-testid="account-return-outcome">{outcome}</p> : null}
        {made.mode === 'self_ship' ? (
          <SelfShipNote address={config.returnAddress} orderId={order.id} deadline={eligibility.find((e) => e.itemId === itemId)?.returnWindowEndsAt} />
        ) : null}
        {made.returnMethod === 'refund' && !outcome ? (
          // Made without a method (none was offered): asked now, as before.
          <RefundChoice orderId={order.id} itemId={itemId} currency={order.amount.currencyCode} />
        ) : made.returnMethod === 'new_product' ? (
          <p>
            {m.exchangeStarted} <Link to="/eyeglasses.html">{m.shopForExchange}</Link>
          </p>
        ) : (
          <Link to={`/sales/order/return-details/${itemId}`}>{m.returnDetailsLink}</Link>
        )}
      </div>
    );
  }
  return (
    <ul className="acc-list">
      {order.items.map((item) => {
        const e = eligibility.find((x) => x.itemId === item.id);
        return (
          <li key={item.id} className="acc-card" data-testid="account-return-item">
            <div className="acc-item">
              <ItemImage item={item} />
              <h2 className="acc-card__title">{item.name}</h2>
            </div>
            {e?.returnable ? (
              <>
                <p>{m.eligible}</p>
                <ReturnDeadline endsAt={e.returnWindowEndsAt} days={config.returnWindowDays} />
                {selected === item.id ? (
                  <ReturnForm order={order} item={item} eligibility={e} config={config} onCreated={(made, outcome) => setCreated({ made, outcome })} />
                ) : (
                  <button type="button" className="ui-button" onClick={() => setSelected(item.id)}>
                    {formatMessage(m.chooseItem, { name: item.name })}
                  </button>
                )}
              </>
            ) : (
              <p>{formatMessage(m.notEligible, { reason: e?.reason ?? '' })}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
