import type { ListingProduct } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { messages } from '../../../app/messages';
import { WishlistHeart } from '../../wishlist';
import './product-card.css';

export interface ProductCardProps {
  product: ListingProduct;
  /** The first cards of a page load eagerly (they are the page's largest paint). */
  eager?: boolean;
}

/** A product of a listing or a carousel: image, brand, name, prices, colours, wishlist heart. */
export function ProductCard({ product, eager = false }: ProductCardProps) {
  const m = useMessages(messages);
  const [market, selling] = product.prices;
  const price = selling ?? market;
  const name = `${product.brandName} ${product.modelName}`;
  return (
    <article className="catalog-card" aria-label={name}>
      <Link to={product.productUrl} className="catalog-card__link">
        <img src={product.productImageUrl} alt="" width="240" height="120" loading={eager ? 'eager' : 'lazy'} className="catalog-card__image" />
        <span className="catalog-card__brand">{product.brandName}</span>
        <span className="catalog-card__name">{product.modelName}</span>
      </Link>
      <div className="catalog-card__prices">
        {price ? <span className="catalog-price">{formatPrice(price.price, price.currencyCode)}</span> : null}
        {market && price && market.price > price.price ? <s className="catalog-price--market">{formatPrice(market.price, market.currencyCode)}</s> : null}
      </div>
      {product.rating ? <span className="catalog-muted">{formatMessage(m.rating, { rating: product.rating })}</span> : null}
      {!product.inStock ? <span className="catalog-tag">{m.outOfStock}</span> : null}
      {product.colours && product.colours.length > 1 ? (
        <ul className="catalog-swatches" aria-label={m.colours}>
          {product.colours.map((c) => (
            <li key={c.id}>
              <Link
                to={c.url}
                className="catalog-swatch"
                style={{ background: c.hex }}
                aria-label={formatMessage(m.colourOption, { colour: c.colour })}
                aria-current={c.id === product.id ? 'true' : undefined}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <WishlistHeart productId={product.id} name={name} />
    </article>
  );
}
