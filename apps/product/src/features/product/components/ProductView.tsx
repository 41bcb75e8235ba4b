import { useEffect } from 'react';
import { messageOf } from '@eyewear/api-client';
import { useCountry, useMessages, useServerHead, addJsonLd, pageLinks, siteUrl, writePageLinks } from '@eyewear/i18n';
import { PageHeading, Skeleton, SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { useOpenExchange } from '../../../app/api';
import { messages } from '../../../app/messages';
import { pageMessages } from '../../../app/page-messages';
import { displayNameOf } from '../../../app/rules';
import { useAddToCart, useAddToCartSaga } from '../../buy/state/use-add-to-cart';
import { useProduct } from '../api';
import { productJsonLd } from '../json-ld';
import { ProductDetails } from './ProductDetails';
import '../../../app/product.css';

/** The product page's body: loads the product, runs the add to cart, and shows the product once loaded. */
export default function ProductView({ id }: { id: number }) {
  const m = useMessages(pageMessages);
  // The exchange headers are set before the first call.
  useAddToCartSaga(useOpenExchange());
  const { reset } = useAddToCart();
  const { product, status, error, reload, missing } = useProduct(id);
  const { productNotFound, productPageTitle, loadingProduct } = useMessages(messages);
  useDocumentTitle(product ? displayNameOf(product) : missing ? productNotFound : m.siteName, m.siteName);
  // The server's document (issue 19): the product's JSON-LD, or 404 for a product that does not exist.
  const serverHead = useServerHead();
  const country = useCountry();
  if (serverHead && product)
    addJsonLd(
      serverHead,
      productJsonLd(product, (path) => siteUrl(country, path)),
    );
  if (serverHead && missing) serverHead.status = 404;
  // One canonical URL per product, its own (listings link to it), whether the page was opened by
  // it or by its id (/product/{id}): in the server's head, and in the browser's after the
  // shell has written those of the path.
  const ownUrl = product?.url.startsWith('/') ? product.url : null;
  if (serverHead && ownUrl) {
    const links = pageLinks(country, ownUrl);
    serverHead.canonical = links.canonical;
    serverHead.alternates = links.alternates;
  }
  useEffect(() => {
    if (ownUrl) writePageLinks(pageLinks(country, ownUrl));
  }, [country, ownUrl]);

  // Another product starts without the last one's add to cart.
  useEffect(() => {
    reset();
  }, [reset, id]);

  if (status === 'failed' || missing) {
    return (
      <>
        <PageHeading>{status === 'failed' ? messageOf(error, m.systemError) : productNotFound}</PageHeading>
        <button type="button" className="ui-button" onClick={reload}>
          {m.retry}
        </button>
      </>
    );
  }
  if (!product) {
    return (
      // Named as the page's loading fallback is (the body is usually there before its product).
      <div className="pdp-loading">
        <h1>
          <span className="ui-visually-hidden">{productPageTitle}</span>
          <Skeleton width="16rem" height="2rem" />
        </h1>
        <SkeletonGrid rows={2} label={loadingProduct} />
      </div>
    );
  }
  // Keyed by the product: another product starts with fresh parts (delivery, reviews, flows).
  return <ProductDetails key={product.id} product={product} />;
}
