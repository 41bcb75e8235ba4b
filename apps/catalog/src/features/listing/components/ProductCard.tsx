import { memo, useState } from 'react';
import type { ListingProduct } from '@eyewear/api-client';
import { useLatestEvent } from '@eyewear/event-bus';
import { productRoute, routeHint } from '@eyewear/federation';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { MAIN_IMAGE } from '@eyewear/ui';
import { messages } from '../../../app/messages';
import { WishlistHeart } from '../../wishlist';
import { shownColour } from '../card-colour';
import './product-card.css';

export interface ProductCardProps {
  product: ListingProduct;
  /** The first cards of a page load eagerly (they are the page's largest paint). */
  eager?: boolean;
  /** The page's main image (a listing without a banner: its first card's; MAIN_IMAGE). */
  priority?: boolean;
}

/**
 * A model of a listing or a carousel: image, brand, name, prices, stock and offer tags, wishlist
 * heart, and its colours as swatches (buttons) that pick the colour the card shows.
 * Memoised, and reads of the session only whether the shopper has ordered: a page of cards is
 * not rendered again when the session arrives or the list around it renders (issue 19).
 */
export const ProductCard = memo(function ProductCard({ product, eager = false, priority = false }: ProductCardProps) {
  const m = useMessages(messages);
  const placedOrder = useLatestEvent('session/changed', (session) => session?.hasPlacedOrder === true);
  const [pickedId, setPickedId] = useState(product.id);
  const shown = shownColour(product, pickedId);
  const [market, selling] = shown.prices;
  const price = selling ?? market;
  const name = `${product.brandName} ${product.modelName}`;
  const heartName = shown.colour ? `${name} (${shown.colour})` : name;
  // The first frame is free for new customers only: a customer with an order is told nothing.
  const tags = shown.tags.filter((tag) => tag !== 'first-frame-free' || !placedOrder);
  return (
    <article className="catalog-card" aria-label={name}>
      {/* The card's own URL is the routing lookup's; its routed path lets the shell start the
          product page's code and reads on intent, and its code when the card is in view (ADR 053). */}
      <Link to={shown.url} className="catalog-card__link" {...routeHint(productRoute(shown.id))}>
        <img
          src={shown.productImageUrl}
          alt=""
          width="240"
          height="120"
          // Another card's image never competes with the page's main image: Chromium raises an image
          // it lays out in view to high priority unless the page asks for low (docs/adr/038).
          {...(priority ? MAIN_IMAGE : { loading: eager ? 'eager' : 'lazy', fetchPriority: 'low' })}
          className="catalog-card__image"
        />
        <span className="catalog-card__brand">{product.brandName}</span>
        <span className="catalog-card__name">{product.modelName}</span>
      </Link>
      <div className="catalog-card__prices">
        {price ? <span className="catalog-price">{formatPrice(price.price, price.currencyCode)}</span> : null}
        {market && price && market.price > price.price ? <s className="catalog-price--market">{formatPrice(market.price, market.currencyCode)}</s> : null}
      </div>
      {product.rating ? <span className="catalog-muted">{formatMessage(m.rating, { rating: product.rating })}</span> : null}
      <div className="catalog-card__tags">
        {!shown.inStock ? <span className="catalog-tag catalog-tag--stock">{m.outOfStock}</span> : null}
        {shown.inStock && tags.includes('only-one-left') ? <span className="catalog-tag catalog-tag--stock">{m.onlyOneLeft}</span> : null}
        {tags.includes('first-frame-free') ? <span className="catalog-tag catalog-tag--offer">{m.firstFrameFree}</span> : null}
      </div>
      {product.colours && product.colours.length > 1 ? (
        <ul className="catalog-swatches" aria-label={formatMessage(m.coloursOf, { name })}>
          {product.colours.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="catalog-swatch"
                style={{ background: c.hex }}
                aria-label={c.colour}
                title={c.colour}
                aria-pressed={c.id === shown.id}
                onClick={() => setPickedId(c.id)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <WishlistHeart productId={shown.id} name={heartName} />
    </article>
  );
});
