import { Suspense, useState } from 'react';
import type { Product } from '@eyewear/api-client';
import { Slot, lazyComponent } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { pageMessages } from '../../../app/page-messages';
import { displayNameOf, pricesOfProduct } from '../../../app/rules';
import { useThreeSixty } from '../api';
import { AddOutcome, BuyActions, type LensFlowKind } from './BuyActions';
import { Delivery } from './Delivery';
import { FrameTools } from './FrameTools';
import { Gallery } from './Gallery';
import { MembershipDetails } from './MembershipDetails';
import { OutOfStock } from './OutOfStock';
import { ProductSummary } from './ProductSummary';
import { Reviews } from './Reviews';
import { Specifications } from './Specifications';
import { Variants } from './Variants';

// The buying parts are lazy chunks of their own.
const LensFlow = lazyComponent('product/LensFlow', () => import('../../buy/components/LensFlow'));
const ContactLensForm = lazyComponent('product/ContactLensForm', () => import('../../buy/components/ContactLensForm'));

/** A loaded product: gallery, summary, buying, wishlist, tools, delivery, details and reviews. */
export function ProductDetails({ product }: { product: Product }) {
  const m = useMessages(pageMessages);
  const threeSixty = useThreeSixty(product.sku, product.threeSixtyView === true);
  const [lensFlow, setLensFlow] = useState<LensFlowKind | null>(null);
  const frame = product.classification === 'eyeframe' || product.classification === 'sunglasses';
  // The gold membership is not delivered and not reviewed: its page says what it gives instead.
  const membership = product.classification === 'loyalty_services';
  return (
    <div className="pdp">
      <Gallery images={product.imageUrlsDetail} threeSixty={threeSixty} />
      <div className="pdp-info">
        <ProductSummary product={product} />
        <Variants productId={product.id} />
        {product.qty === 0 ? (
          <OutOfStock productId={product.id} />
        ) : product.classification === 'contact_lens' ? (
          <Suspense fallback={<SkeletonGrid rows={1} label={m.siteName} />}>
            <ContactLensForm product={product} />
          </Suspense>
        ) : (
          <BuyActions product={product} onLensFlow={setLensFlow} />
        )}
        <AddOutcome product={product} lensFlowOpen={lensFlow !== null} />
        {membership ? <MembershipDetails product={product} /> : null}
        {/* Its line is kept while the catalogue's toggle loads: nothing below moves when it comes. */}
        <p className="product-wishlist-slot">
          <Slot name="wishlistToggle" props={{ productId: product.id, name: displayNameOf(product) }} />
        </p>
        {frame ? <FrameTools product={product} /> : null}
        {membership ? null : <Delivery productId={product.id} currency={pricesOfProduct(product).selling.currencyCode} />}
      </div>
      <Specifications groups={product.specifications} />
      {membership ? null : <Reviews productId={product.id} />}
      {lensFlow ? (
        <Suspense fallback={null}>
          <LensFlow product={product} sunglasses={lensFlow === 'SUNGLASSES'} onClose={() => setLensFlow(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
