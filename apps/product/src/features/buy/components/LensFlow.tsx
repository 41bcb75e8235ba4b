import { useEffect, useRef } from 'react';
import type { Product } from '@eyewear/api-client';
import { formatMessage, formatPrice, useMessages } from '@eyewear/i18n';
import { Dialog } from '@eyewear/ui';
import { pageMessages } from '../../../app/page-messages';
import { lensMessages } from '../messages';
import { pricesOfProduct } from '../../../app/rules';
import { usePackageGroup } from '../api';
import { useAddToCart } from '../state/use-add-to-cart';
import { useGoldOffer } from './LensFlowParts';
import { PackageStep } from './PackageStep';
import { PowerStep } from './PowerStep';
import { PowerTypeStep } from './PowerTypeStep';
import { useLensFlow, type LensCartExtra, type StepProps } from './use-lens-flow';

const STEP_NUMBER = { type: 1, package: 2, power: 3 } as const;

/** Buying a frame with lenses: power type, lens package, coating (live total), then the power. */
export default function LensFlow({ product, sunglasses, onClose }: { product: Product; sunglasses: boolean; onClose(): void }) {
  const m = useMessages(pageMessages);
  const lens = useMessages(lensMessages);
  const [flow, dispatch] = useLensFlow(product, sunglasses);
  const { cart, add, reset } = useAddToCart();
  const offerGold = useGoldOffer(product);
  const group = usePackageGroup(product.id, flow.packageId, flow.coatingId);
  const { selling } = pricesOfProduct(product);
  // Closes once the add this flow asked for went through (the page shows the cart popup).
  const asked = useRef(false);

  useEffect(() => {
    reset();
  }, [reset]);
  useEffect(() => {
    if (asked.current && cart.status === 'ready') onClose();
  }, [cart.status, onClose]);

  const addLenses = (extra: LensCartExtra) => {
    asked.current = true;
    add({
      kind: extra.packageId ? 'package' : 'plain',
      gold: offerGold && flow.gold,
      body: { productId: product.id, quantity: 1, ...(product.frameSizeId ? { frameSizeId: product.frameSizeId as never } : {}), ...extra },
    });
  };
  const step: StepProps = {
    product,
    sunglasses,
    flow,
    dispatch,
    addLenses,
    total: group ? formatPrice(group.total, group.currencyCode) : formatPrice(selling.price, selling.currencyCode),
  };

  return (
    <Dialog title={lens.lensTitle} onClose={onClose} closeLabel={m.close} size="large" testId="product-lens-flow">
      <p className="pdp-muted">{formatMessage(lens.step, { n: STEP_NUMBER[flow.step] - (sunglasses ? 1 : 0), total: sunglasses ? 2 : 3 })}</p>
      {flow.step === 'type' ? <PowerTypeStep {...step} /> : null}
      {flow.step === 'package' ? <PackageStep {...step} /> : null}
      {flow.step === 'power' ? <PowerStep {...step} /> : null}
    </Dialog>
  );
}
