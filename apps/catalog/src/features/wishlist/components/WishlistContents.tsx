import type { ReactNode } from 'react';
import { loginRequested } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { WISHLIST_MAX } from '@eyewear/i18n/rules';
import { Link } from '@eyewear/router';
import { Skeleton } from '@eyewear/ui';
import { wishlistMessages } from '../messages';
import { pathAndHash } from '../links';
import type { useWishlist } from '../state/use-wishlist';
import { wishlistActions } from '../state/wishlist-slice';
import '../../../app/catalog.css';
import './wishlist.css';

export interface WishlistContentsProps {
  /** The shopper's wishlist, as the view holding it loaded it (`useLoadWishlist({ attributes: true })`). */
  wishlist: ReturnType<typeof useWishlist>;
  /** Called when the shopper leaves the list: follows a product's link or asks to sign in (the panel closes). */
  onLeave?: () => void;
  /** What the empty state offers besides its message (the page: a way on to the frames). */
  emptyAction?: ReactNode;
}

/**
 * The shortlist itself, as the panel and the `/shortlist` page both show it: at most 50 items
 * linked by path and hash, delete one or all; a skeleton while the shopper's list loads; the
 * empty message. A guest's list is shown and changed as a customer's is (it joins the account at
 * login; a sign-in link says so).
 */
export function WishlistContents({ wishlist, onLeave, emptyAction }: WishlistContentsProps) {
  const m = useMessages(wishlistMessages);
  const { state, owner, mine, count, dispatch } = wishlist;
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
            onLeave?.();
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
    body = (
      <div className="catalog-wishlist__empty">
        <p>{m.wishlistEmpty}</p>
        {emptyAction}
      </div>
    );
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
                  <Link to={pathAndHash(product.productUrl)} onClick={onLeave} className="catalog-wishlist__link">
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
    <>
      {body}
      {signIn}
    </>
  );
}
