import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { catalogueRoutes, type Wishlist } from '@eyewear/api-client';
import { useLatestEvent, wishlistChanged } from '@eyewear/event-bus';
import { useCountry } from '@eyewear/i18n';
import { wishlistSummary } from '@eyewear/i18n/rules';
import { productApi } from '../../app/api';
import type { PageMessages } from '../../app/page-messages';

/**
 * The product page's wishlist toggle, through the catalogue's wishlist calls; the new list is
 * announced with `wishlist/changed` like the catalogue's own hearts. Failures are swallowed (shopping §8).
 */
export function WishlistToggle({ productId, m }: { productId: number; m: PageMessages }) {
  const country = useCountry();
  const dispatch = useDispatch();
  const latest = useLatestEvent('wishlist/changed');
  const [ids, setIds] = useState<number[] | null>(latest?.productIds ?? null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (latest) setIds(latest.productIds);
  }, [latest]);
  useEffect(() => {
    if (ids !== null) return;
    let live = true;
    productApi(country)
      .call(catalogueRoutes.wishlist)
      .then(
        (answer) => live && setIds(answer.result.productIds),
        () => live && setIds([]),
      );
    return () => {
      live = false;
    };
  }, [country, ids]);

  const on = ids?.includes(productId) ?? false;
  const toggle = async () => {
    setBusy(true);
    try {
      const api = productApi(country);
      const answer: { result: Wishlist } = on
        ? await api.call(catalogueRoutes.wishlistRemove, { params: { productId } })
        : await api.call(catalogueRoutes.wishlistAdd, { body: { productId } });
      setIds(answer.result.productIds);
      dispatch(wishlistChanged(wishlistSummary(answer.result)));
    } catch {
      // Swallowed silently (shopping §8).
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="ui-button ui-button--link" aria-pressed={on} disabled={busy || ids === null} onClick={() => void toggle()}>
      {on ? `♥ ${m.wishlistRemove}` : `♡ ${m.wishlistAdd}`}
    </button>
  );
}
