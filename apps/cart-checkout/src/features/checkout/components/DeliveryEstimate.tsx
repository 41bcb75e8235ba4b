import { cartRoutes } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';
import { formatMessage, useCountry, useDateOf, useMessages } from '@eyewear/i18n';
import { isPincodeOf } from '@eyewear/i18n/rules';
import { checkoutMessages } from '../messages';

/**
 * The delivery date for the pincode being typed (shopping §7 "GET deliveryOptions?pincode="). A
 * changed pincode clears the date it showed at once (checking, or nothing while the pincode is
 * incomplete); the answer for an older pincode is never shown for the new one (useQuery drops
 * an answer whose key changed, and only a 'ready' answer, which is this key's, is read).
 */
export function DeliveryEstimate({ pincode, id }: { pincode: string; id?: string }) {
  const m = useMessages(checkoutMessages);
  const country = useCountry();
  const dateOf = useDateOf();
  const code = pincode.trim();
  const valid = isPincodeOf(country, code);
  const estimate = useQuery(cartRoutes.deliveryOptions, { query: { pincode: code } }, { enabled: valid });
  let text: string | null = null;
  if (valid && estimate.status === 'failed') text = formatMessage(m.estimateFailed, { pincode: code });
  else if (valid && estimate.status !== 'ready') text = formatMessage(m.estimateChecking, { pincode: code });
  else if (valid && estimate.data) {
    const options = estimate.data.result.options;
    const standard = options.find((o) => !o.express) ?? options[0];
    const express = options.find((o) => o.express && o.estimatedDate);
    text = standard?.estimatedDate ? formatMessage(m.estimateBy, { date: dateOf(standard.estimatedDate), pincode: code }) : null;
    if (text && express?.estimatedDate) text = `${text}. ${formatMessage(m.estimateExpress, { date: dateOf(express.estimatedDate) })}`;
  }
  // One live region, always present, so a screen reader hears each change of the estimate.
  return (
    <p className="cc-hint" role="status" id={id} data-testid="delivery-estimate">
      {text}
    </p>
  );
}
