import { useState } from 'react';
import { productRoutes, type Review } from '@eyewear/api-client';
import type { LoadStatus } from '@eyewear/event-bus';
import { useProductQuery } from '../../app/api';
import { REVIEW_PAGE_SIZE } from './rules';

/** The product (shopping §4 Product page): another id loads again, and the old one is not shown meanwhile. */
export function useProduct(id: number) {
  const query = useProductQuery(productRoutes.get, { params: { id } });
  return { ...query, product: query.status === 'ready' ? (query.data?.result ?? null) : null };
}

/** The colour variants of a product (none when the call fails). */
export function useVariants(id: number) {
  const query = useProductQuery(productRoutes.buyOptionsGroup, { params: { id } });
  return query.status === 'ready' ? (query.data?.result ?? null) : null;
}

/** Whether the 360° view is on for a product that has one. */
export function useThreeSixty(sku: string, offered: boolean) {
  const query = useProductQuery(productRoutes.threeSixtyStatus, { body: { sku_id: sku } }, { enabled: offered });
  return query.status === 'ready' && query.data?.result.enabled === true;
}

/**
 * The delivery estimate of a pincode, asked twice as the spec calls it: the express time, and
 * the delivery details. `check` asks (again), `reset` clears both.
 */
export function useDelivery(productId: number) {
  const [pincode, setPincode] = useState<string | null>(null);
  const enabled = pincode !== null;
  const params = { id: productId };
  const express = useProductQuery(productRoutes.shippingEstimate, { params, query: { pinCode: pincode ?? '', isExpress: true } }, { enabled });
  const details = useProductQuery(productRoutes.shippingEstimate, { params, query: { pinCode: pincode ?? '' } }, { enabled });
  const both = [express.status, details.status];
  const status: LoadStatus = both.includes('failed') ? 'failed' : both.includes('loading') ? 'loading' : both.every((s) => s === 'ready') ? 'ready' : 'idle';
  const check = (value: string) => {
    if (value !== pincode) return setPincode(value);
    express.reload();
    details.reload();
  };
  return {
    status,
    error: express.status === 'failed' ? express.error : details.error,
    express: status === 'ready' ? (express.data?.result ?? null) : null,
    details: status === 'ready' ? (details.data?.result ?? null) : null,
    check,
    reset: () => setPincode(null),
  };
}

/**
 * A product's reviews, a page at a time: pages append (account §4 Reviews), a review the
 * shopper posts goes first. While the next page loads, the ones shown stay.
 */
export function useReviews(productId: number) {
  const [page, setPage] = useState(0);
  const [earlier, setEarlier] = useState<Review[]>([]);
  const [posted, setPosted] = useState<Review[]>([]);
  const query = useProductQuery(productRoutes.reviews, { params: { id: productId }, query: { page, count: REVIEW_PAGE_SIZE } });
  const last = query.data?.result.review;
  const shown = query.status === 'ready' ? (last?.reviews ?? []) : [];
  return {
    status: query.status,
    error: query.error,
    items: [...posted, ...earlier, ...shown],
    total: (last?.total ?? 0) + posted.length,
    average: last?.averageRating ?? 0,
    more: () => {
      setEarlier((items) => [...items, ...shown]);
      setPage((n) => n + 1);
    },
    retry: query.reload,
    addPosted: (review: Review) => setPosted((items) => [review, ...items]),
  };
}
