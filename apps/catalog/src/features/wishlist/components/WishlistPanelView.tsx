import { loginRequested } from '@eyewear/event-bus';
import type { RemoteFragmentProps } from '@eyewear/federation';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { WISHLIST_MAX } from '@eyewear/i18n/rules';
import { Link } from '@eyewear/router';
import { Dialog, Skeleton } from '@eyewear/ui';
import { wishlistMessages } from '../messages';
import { pathAndHash } from '../links';
import { useLoadWishlist } from '../state/use-wishlist';
import { wishlistActions } from '../state/wishlist-slice';
import '../../../app/catalog.css';
import './wishlist.css';

/**
 * The shortlist panel behind the header's heart: at most 50 items, delete one or all. A guest's
 * list is shown and changed as a customer's is (it joins the account at login; a sign-in link
 * says so). Its count is the header badge's (`useWishlist().count`).
 */
export function WishlistPanelView({ onClose }: RemoteFragmentProps) {
  const m = useMessages(wishlistMessages);
  const { state, owner, mine, count, dispatch } = useLoadWishlist({ attributes: true });
  const items = mine ? state.productList.slice(0, WISHLIST_MAX) : [];
  const signIn =
    owner === 'guest' ? (
      <div className="catalog-wishlist__signin">
        <p>{m.wishlistLoginPrompt}</p>
        <button
          type="button"
          className="ui-button ui-button--link"
          onClick={() => {
            dispatch(loginRequested({ tab: 'signin' }));
            onClose();
          }}
        >
          {m.wishlistSignIn}
        </button>
      </div>
    ) : null;

  let body;
  if (items.length === 0 && (owner === null || (count > 0 && (!mine || state.status === 'loading')))) {
    body = (
      <div role="status" aria-label={m.wishlistLoading}>
        <Skeleton height="4rem" />
        <Skeleton height="4rem" />
      </div>
    );
  } else if (items.length === 0) {
    body = <p className="catalog-wishlist__empty">{m.wishlistEmpty}</p>;
  } else {
    body = (
      <>
        <ul className="catalog-wishlist__list" aria-busy={state.changing}>
          {items.map((product) => {
            const name = [product.brandName, product.modelName].filter(Boolean).join(' ');
            const price = product.prices[1] ?? product.prices[0];
            return (
              <li key={product.id} className="catalog-wishlist__item">
                <img src={product.productImageUrl} alt="" width="96" height="48" loading="lazy" />
                <div>
                  <Link to={pathAndHash(product.productUrl)} onClick={onClose} className="catalog-wishlist__link">
                    {name}
                  </Link>
                  {price ? <div className="catalog-price">{formatPrice(price.price, price.currencyCode)}</div> : null}
                </div>
                <button
                  type="button"
                  className="catalog-icon-button"
                  aria-label={formatMessage(m.wishlistDelete, { name })}
                  disabled={state.changing}
                  onClick={() => dispatch(wishlistActions.remove({ productId: product.id, owner }))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
        <p className="catalog-muted">{formatMessage(m.wishlistLimit, { max: WISHLIST_MAX })}</p>
        <button type="button" className="ui-button ui-button--link" disabled={state.changing} onClick={() => dispatch(wishlistActions.clear({ owner }))}>
          {m.wishlistDeleteAll}
        </button>
      </>
    );
  }

  return (
    <Dialog title={formatMessage(m.wishlistTitle, { count })} onClose={onClose} closeLabel={m.wishlistClose} placement="side" testId="wishlist-panel">
      {body}
      {signIn}
    </Dialog>
  );
}
