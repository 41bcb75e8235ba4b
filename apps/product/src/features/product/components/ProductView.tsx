import { useEffect } from 'react';
import { messageOf } from '@eyewear/api-client';
import { useMessages } from '@eyewear/i18n';
import { PageHeading, Skeleton, SkeletonGrid, useDocumentTitle } from '@eyewear/ui';
import { useOpenExchange } from '../../../app/api';
import { pageMessages } from '../../../app/page-messages';
import { displayNameOf } from '../../../app/rules';
import { useAddToCart, useAddToCartSaga } from '../../buy/state/use-add-to-cart';
import { useProduct } from '../api';
import { ProductDetails } from './ProductDetails';
import '../../../app/product.css';

/** The product page's body: loads the product, runs the add to cart, and shows the product once loaded. */
export default function ProductView({ id }: { id: number }) {
  const m = useMessages(pageMessages);
  // The exchange headers are set before the first call.
  useAddToCartSaga(useOpenExchange());
  const { reset } = useAddToCart();
  const { product, status, error, reload } = useProduct(id);
  useDocumentTitle(product ? displayNameOf(product) : m.siteName, m.siteName);

  // Another product starts without the last one's add to cart.
  useEffect(() => {
    reset();
  }, [reset, id]);

  if (status === 'failed') {
    return (
      <>
        <PageHeading>{messageOf(error, m.systemError)}</PageHeading>
        <button type="button" className="ui-button" onClick={reload}>
          {m.retry}
        </button>
      </>
    );
  }
  if (!product) {
    return (
      <div className="pdp-loading">
        <h1>
          <Skeleton width="16rem" height="2rem" />
        </h1>
        <SkeletonGrid rows={2} label={m.siteName} />
      </div>
    );
  }
  // Keyed by the product: another product starts with fresh parts (delivery, reviews, flows).
  return <ProductDetails key={product.id} product={product} />;
}
