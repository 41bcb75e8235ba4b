import { useEffect, useState } from 'react';
import { productReads, productRoutes, type Review } from '@eyewear/api-client';
import { queryKey, useRenderEnv, type LoadStatus, type QueryCache } from '@eyewear/event-bus';
import { useProductApi, useProductQuery } from '../../app/api';
import { REVIEW_PAGE_SIZE } from './rules';

/** Server renders (issue 19): the products whose load answered 404, per request (its query cache). */
const missingOn = new WeakMap<QueryCache, Set<number>>();
/** The key under which a server render tells the browser that a product does not exist. */
const missingKey = (id: number) => `product.missing ${id}`;
/**
 * An answer of 404. By its status, not its class: the client that threw may be another bundle's
 * (each app bundles the API client), where `instanceof` does not hold.
 */
const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;

/**
 * The product (shopping §4 Product page): another id loads again, and the old one is not shown
 * meanwhile. `missing`: the product does not exist (404), as the server found it (issue 19): a
 * server render's failed load shows as loading (the browser loads it again), so the server
 * takes the load's 404 itself, answers 404 and tells the browser, whose first render then shows
 * what the server's did until its own answer.
 */
export function useProduct(id: number) {
  const env = useRenderEnv();
  const client = useProductApi();
  // The read the shell may have started already, on intent or at the route change (issue 39).
  const { route, input } = productReads(id).product;
  if (env.server) {
    // Asked before useQuery asks for the same key, so this is the one load of the product.
    env.queries.load(queryKey(route, input), () =>
      client.call(route, input).catch((error: unknown) => {
        if (isNotFound(error)) {
          let missing = missingOn.get(env.queries);
          if (!missing) missingOn.set(env.queries, (missing = new Set()));
          missing.add(id);
          void env.queries.load(missingKey(id), () => Promise.resolve(true));
        }
        throw error;
      }),
    );
  }
  const query = useProductQuery(route, input);
  // The id the server said does not exist, if it did (read on the first render, then forgotten).
  const [saidMissing] = useState(() => (!env.server && env.queries.peek(missingKey(id))?.ok === true ? id : null));
  useEffect(() => {
    if (saidMissing !== null) env.queries.take(missingKey(saidMissing));
  }, [env, saidMissing]);
  const product = query.status === 'ready' ? (query.data?.result ?? null) : null;
  const answered404 = query.status === 'failed' && isNotFound(query.error);
  const serverFound404 = env.server ? (missingOn.get(env.queries)?.has(id) ?? false) : saidMissing === id && query.status !== 'failed';
  const missing = !product && (answered404 || serverFound404);
  return { ...query, product, missing };
}

/** The colour variants of a product (none when the call fails). */
export function useVariants(id: number) {
  const { route, input } = productReads(id).variants;
  const query = useProductQuery(route, input);
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
