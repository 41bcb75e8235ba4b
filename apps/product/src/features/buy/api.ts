import { audienceTypeOf, productRoutes, type LensPackage, type PowerType, type Product } from '@eyewear/api-client';
import { useLatestEvent } from '@eyewear/event-bus';
import { useProductQuery } from '../../app/api';
import type { LensChoice } from './rules';

const NO_PACKAGES: LensPackage[] = [];

/** The power lists (sph, cyl, axis, add, boxes) of a product for a power type; contact lenses ask without one. */
export function usePowerOptions(productId: number, powerType: PowerType | null, enabled = true) {
  const query = useProductQuery(
    productRoutes.powers,
    { params: { id: productId }, query: powerType && powerType !== 'CONTACT_LENS' ? { power_type: powerType } : {} },
    { enabled },
  );
  return { status: query.status, options: query.status === 'failed' ? null : (query.data?.result ?? null) };
}

/**
 * The lens packages that fit a frame for a power type, with the shopper's filters and audience
 * type (shopping §7: power_type, frame_type, is_express, audienceType, allPackages). The lens flow
 * opens on a click, in the browser: the cookie is there to read.
 */
export function usePackages(product: Product, powerType: LensChoice, filters: { allPackages: boolean; expressOnly: boolean }, enabled: boolean) {
  const query = useProductQuery(
    productRoutes.packages,
    {
      params: { id: product.id },
      query: {
        power_type: powerType,
        ...(product.frameType ? { frame_type: product.frameType } : {}),
        ...(filters.expressOnly ? { is_express: true } : {}),
        audienceType: audienceTypeOf(typeof document === 'undefined' ? '' : document.cookie),
        ...(filters.allPackages ? { allPackages: true } : {}),
      },
    },
    { enabled },
  );
  return { status: query.status, error: query.error, list: query.status === 'ready' ? (query.data?.result.packages ?? NO_PACKAGES) : NO_PACKAGES };
}

/** The price of a package and coating, from the API (money is computed there); none without a package. */
export function usePackageGroup(productId: number, packageId: number | null, coatingId: number | null) {
  const query = useProductQuery(
    productRoutes.packageGroup,
    { params: { id: productId }, query: { packageId: packageId ?? 0, ...(coatingId ? { coatingId } : {}) } },
    { enabled: packageId !== null },
  );
  return packageId !== null && query.status !== 'failed' ? (query.data?.result ?? null) : null;
}

/** What the contact-lens form offers beside the powers: subscriptions, solutions, and a logged-in shopper's saved power. */
export function useContactLensOffers(productId: number, bothEyes: boolean) {
  const session = useLatestEvent('session/changed');
  const subscriptions = useProductQuery(productRoutes.subscriptions, { params: { id: productId }, query: { isBothEye: bothEyes } });
  const solutions = useProductQuery(productRoutes.solutions, { query: { productId } });
  const saved = useProductQuery(productRoutes.savedPrescriptions, { query: { powerType: 'CONTACT_LENS' } }, { enabled: session?.login === true });
  return {
    plans: subscriptions.status === 'failed' ? [] : (subscriptions.data?.result.subscriptions ?? []),
    solutions: solutions.data?.result.solutions ?? [],
    saved: session?.login && saved.status !== 'failed' ? (saved.data?.result.prescriptions[0] ?? null) : null,
  };
}
