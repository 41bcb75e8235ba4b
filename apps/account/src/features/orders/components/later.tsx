import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { useMessages } from '@eyewear/i18n';
import { SkeletonGrid } from '@eyewear/ui';
import { sectionMessages } from '../../../app/section-messages';

/**
 * The order page's forms that open on a click (cancel with its refund preview, another address,
 * an item's power and lenses) or only for cash on delivery (bank details): lazy chunks, so the page's first chunk carries the
 * order itself (issue 42 grew it with the money, the parcel and the links; bench/budgets.json).
 */
const LazyCancelForm = lazy(() => import('./CancelForm').then((m) => ({ default: m.CancelForm })));
const LazyChangeAddress = lazy(() => import('./ChangeAddress').then((m) => ({ default: m.ChangeAddress })));
const LazyNeftForm = lazy(() => import('./NeftForm').then((m) => ({ default: m.NeftForm })));
// An item's power and lens changes, folded away until the shopper opens them.
const LazyItemPowerForm = lazy(() => import('./ItemPowerForm').then((m) => ({ default: m.ItemPowerForm })));
const LazyItemLensActions = lazy(() => import('../../upgrade').then((m) => ({ default: m.ItemLensActions })));

function Later({ children }: { children: ReactNode }) {
  const m = useMessages(sectionMessages);
  return <Suspense fallback={<SkeletonGrid rows={1} label={m.loading} />}>{children}</Suspense>;
}

export const CancelForm = (props: ComponentProps<typeof LazyCancelForm>) => (
  <Later>
    <LazyCancelForm {...props} />
  </Later>
);
export const ChangeAddress = (props: ComponentProps<typeof LazyChangeAddress>) => (
  <Later>
    <LazyChangeAddress {...props} />
  </Later>
);
export const NeftForm = (props: ComponentProps<typeof LazyNeftForm>) => (
  <Later>
    <LazyNeftForm {...props} />
  </Later>
);
export const ItemPowerForm = (props: ComponentProps<typeof LazyItemPowerForm>) => (
  <Later>
    <LazyItemPowerForm {...props} />
  </Later>
);
export const ItemLensActions = (props: ComponentProps<typeof LazyItemLensActions>) => (
  <Later>
    <LazyItemLensActions {...props} />
  </Later>
);
