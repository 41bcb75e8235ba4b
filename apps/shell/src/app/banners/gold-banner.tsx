import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { shellRoutes } from '@eyewear/api-client';
import { useQuery, useRenderEnv } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { useApi } from '../api-context';
import { messages } from '../messages';
import { selectCartCount } from '../shell-slice';

/** spec "Header": shown when the query has gold_add=1 and the cart holds a loyalty_services item. */
export default function GoldBanner() {
  const m = useMessages(messages);
  const count = useSelector(selectCartCount);
  // Read in the browser only: the server renders the page without the shopper's cart.
  const { status, data, reload } = useQuery(shellRoutes.cart, {}, { client: useApi(), enabled: !useRenderEnv().server });
  // The cart is read again whenever its count changes (the membership may have been removed);
  // the first read is the query's own.
  const readFor = useRef(count);
  useEffect(() => {
    if (readFor.current === count) return;
    readFor.current = count;
    reload();
  }, [count, reload]);
  // While a new read is on its way the last answer stands; a failed read hides the banner.
  const hasGold = status !== 'failed' && (data?.result.items.some((item) => item.classification === 'loyalty_services') ?? false);
  if (!hasGold) return null;
  return (
    <p className="shell-banner shell-banner--gold" role="status" data-testid="shell-gold-banner">
      {m.goldAdded}
    </p>
  );
}
