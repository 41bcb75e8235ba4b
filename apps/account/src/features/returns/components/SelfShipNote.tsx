import { type ReturnAddress } from '@eyewear/api-client';
import { formatMessage, useDateOf, useMessages } from '@eyewear/i18n';
import { returnsMessages } from '../messages';

/**
 * Shipping a return oneself (when pickup is not possible, or chosen): what to do, by when (the
 * item's last return day, when known), and the return address of the country from the API.
 */
export function SelfShipNote({ address, orderId, deadline }: { address: ReturnAddress; orderId: number; deadline?: string }) {
  const r = useMessages(returnsMessages);
  const dateOf = useDateOf();
  return (
    <section className="acc-note" aria-label={r.selfShipTitle} data-testid="account-self-ship">
      <h3>{r.selfShipTitle}</h3>
      <ol>
        <li>{r.selfShipPack}</li>
        <li>{formatMessage(r.selfShipLabel, { orderId })}</li>
        <li>{deadline ? formatMessage(r.selfShipSendBy, { date: dateOf(deadline) }) : r.selfShipSend}</li>
        <li>{r.selfShipReceipt}</li>
      </ol>
      <h4>{r.returnAddress}</h4>
      <address aria-label={r.returnAddress}>
        {address.name}
        <br />
        {address.addressline1}
        {address.addressline2 ? (
          <>
            <br />
            {address.addressline2}
          </>
        ) : null}
        <br />
        {[address.city, address.state, address.postcode].filter(Boolean).join(' ')}
      </address>
    </section>
  );
}
