import type { Product } from '@eyewear/api-client';
import { useHydrated, useLatestEvent } from '@eyewear/event-bus';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { pageMessages } from '../../../app/page-messages';
import { frameSizeOf, pricesOfProduct } from '../../../app/rules';
import { FitsYou } from './FitsYou';

/** Brand, model, colour, rating, prices and offers, stock and frame size. */
export function ProductSummary({ product }: { product: Product }) {
  const m = useMessages(pageMessages);
  const session = useLatestEvent('session/changed');
  const { market, selling, firstBuy, discount } = pricesOfProduct(product);
  // The first-frame price is for new customers only (the cart gives it only to them): a customer with an order is told nothing.
  const firstFrame = firstBuy && !session?.hasPlacedOrder ? firstBuy : null;
  const currency = selling.currencyCode;
  const size = frameSizeOf(product.frameSizeId);
  // In exchange mode, the credit the return page offered (issue 42), from the tab's exchange: after
  // hydration, as the server renders the page for everyone.
  const exchange = useLatestEvent('exchange/changed');
  const hydrated = useHydrated();
  const credit = hydrated && exchange?.active && exchange.credit?.currencyCode === currency ? exchange.credit : null;
  return (
    <>
      <p className="pdp-brand">{formatMessage(m.byBrand, { brand: product.brandName })}</p>
      <h1>{product.modelName}</h1>
      {product.frameColour ? <p className="pdp-muted">{product.frameColour}</p> : null}
      <p>
        {product.reviews && product.reviews.count > 0 ? (
          <a href="#reviews">{formatMessage(m.rating, { rating: product.reviews.rating.toFixed(1), count: product.reviews.count })}</a>
        ) : (
          m.noRatings
        )}
      </p>
      <div className="pdp-price" aria-label={m.price}>
        <strong data-testid="product-price">{formatPrice(selling.price, currency)}</strong>
        {market && discount > 0 ? (
          <>
            <s aria-label={formatMessage(m.marketPrice, { price: formatPrice(market.price, currency) })}>{formatPrice(market.price, currency)}</s>
            <span className="pdp-save">{formatMessage(m.save, { amount: formatPrice(discount, currency) })}</span>
          </>
        ) : null}
      </div>
      {credit ? (
        <p className="pdp-offer" data-testid="product-exchange-credit">
          {formatMessage(m.exchangeCredit, { amount: formatPrice(credit.amount, currency) })}
        </p>
      ) : null}
      {firstFrame ? <p className="pdp-offer">{formatMessage(m.firstBuy, { price: formatPrice(firstFrame.price, currency) })}</p> : null}
      {product.appOfferPrice !== undefined ? (
        <p className="pdp-muted">{formatMessage(m.appOffer, { price: formatPrice(product.appOfferPrice, currency) })}</p>
      ) : null}
      <p className={product.qty === 0 ? 'pdp-error' : 'pdp-stock'}>{product.qty === 0 ? m.outOfStock : product.qty === 1 ? m.onlyOneLeft : m.inStock}</p>
      {size ? (
        <p className="pdp-size">
          <span className="pdp-badge">{formatMessage(m.frameSize, { size: m[size.key] })}</span>{' '}
          <FitsYou frameSize={size.key} sizeName={(key) => m[key as typeof size.key]} /> <Link to="/frame-size">{m.findFrameSize}</Link>
        </p>
      ) : null}
    </>
  );
}
