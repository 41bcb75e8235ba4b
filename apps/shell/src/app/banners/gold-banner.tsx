import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { shellRoutes } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { useApi } from '../api-context';
import { messages } from '../messages';
import { selectCartCount } from '../shell-slice';

/** spec "Header": shown when the query has gold_add=1 and the cart holds a loyalty_services item. */
export default function GoldBanner() {
  const m = useMessages(messages);
  const api = useApi();
  const count = useSelector(selectCartCount);
  const [hasGold, setHasGold] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api.call(shellRoutes.cart, { signal: controller.signal }).then(
      (answer) => setHasGold(answer.result.items.some((item) => item.classification === 'loyalty_services')),
      () => setHasGold(false),
    );
    return () => controller.abort();
  }, [api, count]);
  if (!hasGold) return null;
  return (
    <p className="shell-banner shell-banner--gold" role="status" data-testid="shell-gold-banner">
      {m.goldAdded}
    </p>
  );
}
