import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { ApiError, cartRoutes, checkoutRoutes, messageOf, type Cart, type Offer } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { cartActions } from '../../cart';
import { offerStepFor } from '../rules';

export interface PaymentOfferSync {
  /** The cart's payment offer is being applied or removed for the method: Pay waits for the new total. */
  pending: boolean;
  /** Removing an offer the method does not get failed: the total shown would not be charged, so Pay waits for a retry. */
  failed: boolean;
  /** Why the method's offer was not applied (e.g. the cart is under its minimum), shown as a hint. */
  note: string | null;
  retry(): void;
}

/**
 * Keeps the cart's payment offer in step with the method chosen (rules.ts `offerStepFor`): the
 * method's own offer is applied (POST /v2/carts/paymentOffer), an offer it does not get is removed
 * (DELETE /v2/carts/offers/{id}); the cart the API answers is the page's, so the totals and the
 * Pay button show what the order will charge. Off on a retry (the order's amount is fixed).
 */
export function usePaymentOfferSync({
  enabled,
  method,
  cart,
  offers,
  savedCard,
  binOffers,
}: {
  enabled: boolean;
  method: string | null;
  cart: Cart | null;
  offers: Offer[];
  savedCard: boolean;
  binOffers: Offer[] | null;
}): PaymentOfferSync {
  const api = useApiClient();
  const dispatch = useDispatch();
  const appliedId = cart?.cardOffer?.offerId ?? null;
  const step = enabled && cart ? offerStepFor({ method, offers, appliedId, savedCard, binOffers: binOffers ? binOffers.map((o) => o.offerId) : null }) : null;
  const stepKey = step ? `${step.kind}:${step.offerId}:${method}` : null;
  const tried = useRef<string | null>(null);
  const [running, setRunning] = useState(false);
  const [failed, setFailed] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!step || !method || tried.current === stepKey) return;
    tried.current = stepKey;
    setRunning(true);
    setFailed(false);
    setNote(null);
    const call =
      step.kind === 'apply'
        ? api.call(checkoutRoutes.applyPaymentOffer, { body: { offerId: step.offerId, paymentMethod: method as 'upi' } })
        : api.call(cartRoutes.removeOffer, { params: { offerId: step.offerId } });
    call
      .then((answer) => dispatch(cartActions.succeeded({ op: step.kind === 'apply' ? 'applyOffer' : 'removeOffer', cart: answer.result })))
      .catch((error: unknown) => {
        // shopping §8: an offer that cannot be applied or removed leaves the cart as it was.
        if (step.kind === 'apply') setNote(messageOf(error, '') || null);
        // Not applied any more (another tab): the cart is read again.
        else if (error instanceof ApiError && error.status === 404) dispatch(cartActions.requested({ op: 'get' }));
        else {
          setFailed(true);
          tried.current = null;
        }
      })
      .finally(() => setRunning(false));
    // The step's key says all that matters; `attempt` asks again after a failure.
  }, [stepKey, attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setNote(null);
  }, [method]);

  return {
    pending: running || (step !== null && tried.current !== stepKey && !failed),
    failed,
    note,
    retry: () => {
      tried.current = null;
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}
