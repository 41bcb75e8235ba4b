import { lazy, Suspense, useEffect, useState } from 'react';
import { productRoutes, type BuyOptionsGroup } from '@eyewear/api-client';
import { formatMessage, formatPrice, useCountry, useMessages } from '@eyewear/i18n';
import { Link } from '@eyewear/router';
import { PageHeading, Skeleton, SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { productApi } from '../../app/api';
import { pageMessages } from '../../app/page-messages';
import { COMPARE_MAX, readCompare, writeCompare } from './compare-list';
import { Delivery } from './Delivery';
import { Gallery } from './Gallery';
import { OutOfStock } from './OutOfStock';
import { Reviews } from './Reviews';
import { TryOn } from './TryOn';
import { WishlistToggle } from './WishlistToggle';
import { FRAME_SIZES, pricesOfProduct } from './rules';
import { productPageActions as a } from './state';
import { useProductPage } from './use-product-page';
import './product.css';

const LensFlow = lazy(() => import('../buy/LensFlow'));
const ContactLensForm = lazy(() => import('../buy/ContactLensForm'));

export default function ProductView({ id }: { id: number }) {
  const m = useMessages(pageMessages);
  const country = useCountry();
  const { dispatch, product, delivery, reviews, cart } = useProductPage(id);
  const [variants, setVariants] = useState<BuyOptionsGroup | null>(null);
  const [threeSixty, setThreeSixty] = useState(false);
  const [lensFlow, setLensFlow] = useState<null | 'SUNGLASSES' | 'FRAME'>(null);
  const [compare, setCompare] = useState<number[]>([]);
  const [tryOn, setTryOn] = useState(false);
  const data = product.data;
  useDocumentTitle(data ? `${data.brandName} ${data.modelName}` : m.siteName, m.siteName);

  useEffect(() => {
    dispatch(a.productRequested({ id }));
    setCompare(readCompare());
  }, [dispatch, id]);

  useEffect(() => {
    if (!data) return;
    dispatch(a.reviewsRequested({ id: data.id, page: 0 }));
    const api = productApi(country);
    let live = true;
    api.call(productRoutes.buyOptionsGroup, { params: { id: data.id } }).then(
      (answer) => live && setVariants(answer.result),
      () => live && setVariants(null),
    );
    if (data.threeSixtyView) {
      api.call(productRoutes.threeSixtyStatus, { body: { sku_id: data.sku } }).then(
        (answer) => live && setThreeSixty(answer.result.enabled),
        () => live && setThreeSixty(false),
      );
    }
    return () => {
      live = false;
    };
  }, [data, country, dispatch]);

  if (product.status === 'failed') {
    return (
      <>
        <PageHeading>{product.error ?? m.retry}</PageHeading>
        <button type="button" className="ui-button" onClick={() => dispatch(a.productRequested({ id }))}>
          {m.retry}
        </button>
      </>
    );
  }
  if (!data) {
    return (
      <div className="pdp-loading">
        <h1>
          <Skeleton width="16rem" height="2rem" />
        </h1>
        <SkeletonGrid rows={2} label={m.siteName} />
      </div>
    );
  }

  const { market, selling, firstBuy, discount } = pricesOfProduct(data);
  const currency = selling.currencyCode;
  const size = FRAME_SIZES.find((s) => s.id === data.frameSizeId);
  const frame = data.classification === 'eyeframe' || data.classification === 'sunglasses';
  const adding = cart.status === 'loading';
  const inCompare = compare.includes(data.id);
  const addPlain = () =>
    dispatch(a.addRequested({ kind: 'plain', body: { productId: data.id, quantity: 1, ...(data.frameSizeId ? { frameSizeId: data.frameSizeId } : {}) } }));
  const toggleCompare = () => {
    const next = inCompare ? compare.filter((x) => x !== data.id) : [...compare, data.id].slice(-COMPARE_MAX);
    writeCompare(next);
    setCompare(next);
  };

  return (
    <div className="pdp">
      <Gallery images={data.imageUrlsDetail} m={m} threeSixty={threeSixty} />
      <div className="pdp-info">
        <p className="pdp-brand">{formatMessage(m.byBrand, { brand: data.brandName })}</p>
        <h1>{data.modelName}</h1>
        {data.frameColour ? <p className="pdp-muted">{data.frameColour}</p> : null}
        <p>
          {data.reviews && data.reviews.count > 0 ? (
            <a href="#reviews">{formatMessage(m.rating, { rating: data.reviews.rating.toFixed(1), count: data.reviews.count })}</a>
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
        {firstBuy ? <p className="pdp-offer">{formatMessage(m.firstBuy, { price: formatPrice(firstBuy.price, currency) })}</p> : null}
        {data.appOfferPrice !== undefined ? (
          <p className="pdp-muted">{formatMessage(m.appOffer, { price: formatPrice(data.appOfferPrice, currency) })}</p>
        ) : null}
        <p className={data.qty === 0 ? 'pdp-error' : 'pdp-stock'}>{data.qty === 0 ? m.outOfStock : data.qty === 1 ? m.onlyOneLeft : m.inStock}</p>
        {size ? (
          <p className="pdp-size">
            <span className="pdp-badge">{formatMessage(m.frameSize, { size: m[size.key] })}</span> <Link to="/frame-size">{m.findFrameSize}</Link>
          </p>
        ) : null}
        {variants && variants.options.length > 1 ? (
          <nav aria-label={m.colours} className="pdp-variants">
            {variants.options.map((option) =>
              option.selected ? (
                <span key={option.productId} aria-current="page" className="pdp-variant pdp-variant--current">
                  {option.label}
                </span>
              ) : (
                <Link key={option.productId} to={`/product/${option.productId}`} className="pdp-variant">
                  {option.label}
                </Link>
              ),
            )}
          </nav>
        ) : null}

        {data.qty === 0 ? (
          <OutOfStock productId={data.id} m={m} />
        ) : data.classification === 'contact_lens' ? (
          <Suspense fallback={<SkeletonGrid rows={1} label={m.siteName} />}>
            <ContactLensForm product={data} cart={cart} dispatch={dispatch} m={m} />
          </Suspense>
        ) : (
          <div className="pdp-actions">
            {data.classification === 'eyeframe' && data.powerRequired === 'POWER_REQUIRED' ? (
              <button type="button" className="ui-button" onClick={() => setLensFlow('FRAME')} disabled={adding}>
                {data.ctaText ?? m.selectLenses}
              </button>
            ) : (
              <button type="button" className="ui-button" onClick={addPlain} disabled={adding}>
                {adding ? m.adding : data.classification === 'sunglasses' ? m.buyNow : m.addToCart}
              </button>
            )}
            {data.classification === 'sunglasses' ? (
              <button type="button" className="ui-button ui-button--secondary" onClick={() => setLensFlow('SUNGLASSES')} disabled={adding}>
                {m.withPower}
              </button>
            ) : null}
          </div>
        )}
        {cart.status === 'failed' && !lensFlow && data.classification !== 'contact_lens' ? (
          <p role="alert" className="pdp-error">
            {cart.error}
          </p>
        ) : null}
        {cart.status === 'success' && !lensFlow ? <p role="status">{m.addedToCart}</p> : null}
        <p>
          <WishlistToggle productId={data.id} m={m} />
        </p>
        {frame ? (
          <p>
            <button type="button" className="ui-button ui-button--link" onClick={() => setTryOn(true)}>
              {m.tryOn}
            </button>{' '}
            <button type="button" className="ui-button ui-button--link" aria-pressed={inCompare} onClick={toggleCompare}>
              {inCompare ? m.compareAdded : m.compare}
            </button>{' '}
            {compare.length > 0 ? <Link to="/compare-looks">{m.compareOpen}</Link> : null}
          </p>
        ) : null}
        <Delivery delivery={delivery} dispatch={dispatch} m={m} currency={currency} />
      </div>

      <section className="pdp-section pdp-details" aria-labelledby="pdp-details">
        <h2 id="pdp-details">{m.details}</h2>
        {data.specifications.map((group) => (
          <div key={group.name}>
            <h3>{group.name}</h3>
            <dl>
              {group.items.map((item) => (
                <div key={item.name}>
                  <dt>{item.name}</dt>
                  <dd>{item.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </section>

      <Reviews productId={data.id} reviews={reviews} dispatch={dispatch} m={m} />

      {tryOn ? <TryOn product={data} m={m} onClose={() => setTryOn(false)} /> : null}
      {lensFlow ? (
        <Suspense fallback={null}>
          <LensFlow product={data} sunglasses={lensFlow === 'SUNGLASSES'} cart={cart} dispatch={dispatch} m={m} onClose={() => setLensFlow(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
