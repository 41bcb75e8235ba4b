import { useDispatch, useSelector } from 'react-redux';
import { checkoutRoutes, messageOf, type Offer } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { formatMessage, useMessages } from '@eyewear/i18n';
import { messages } from '../../../app/messages';
import { cartActions, selectCartState } from '../../cart';
import { useCardOffers } from '../api';
import { paymentMessages } from '../messages';
import { offerText } from '../rules';

/** The offers for the card being typed (by its first six digits); applying one re-prices the cart (the API's answer). */
export function CardOffers({ bin, method, onError }: { bin: string | null; method: string | null; onError(message: string): void }) {
  const m = useMessages(messages);
  const api = useApiClient();
  const dispatch = useDispatch();
  const p = useMessages(paymentMessages);
  const cart = useSelector(selectCartState).cart;
  // Only the offers this cart reaches, each with its cap and minimum (issue 42).
  const offers = useCardOffers(bin, cart ? cart.totals.subTotal : null);
  const apply = async (offer: Offer) => {
    try {
      const answer = await api.call(checkoutRoutes.applyPaymentOffer, {
        body: { offerId: offer.offerId, cardBin: bin ?? undefined, paymentMethod: method ?? undefined },
      });
      dispatch(cartActions.succeeded({ op: 'applyOffer', cart: answer.result }));
    } catch (error) {
      onError(messageOf(error, m.errorGeneric));
    }
  };
  if (!offers.length) return null;
  return (
    <div aria-label={m.offersForCard}>
      {offers.map((o) => (
        <button key={o.offerId} type="button" className="ui-button" onClick={() => apply(o)}>
          {formatMessage(m.applyOffer, { title: offerText(o, cart?.currencyCode ?? 'INR', p) })}
        </button>
      ))}
    </div>
  );
}
