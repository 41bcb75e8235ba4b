import { ApiError, createApiClient } from './client';
import { cartRoutes, checkoutRoutes } from './contract/areas/cart-routes';
import { coreRoutes } from './contract/core-routes';
import { isStoreUnreachable, reachabilityMark, storeUnreachableSince } from './reachability';

/** A fetch whose next answers are scripted: a status and body, or 'network' for no answer. */
function scriptedFetch(...answers: ([status: number, body: unknown] | 'network')[]) {
  return (async () => {
    const next = answers.shift() ?? [200, { result: {} }];
    if (next === 'network') throw new TypeError('Failed to fetch');
    const [status, body] = next;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}

const withSession = () => 'clientV1_in_active=1';

describe('store reachability', () => {
  it("classifies the edge's 502/504, a 503 with the edge's code and no answer at all as unreachable, and nothing else", async () => {
    const client = createApiClient({
      cookies: withSession,
      fetch: scriptedFetch(
        [502, { message: 'The storefront API is not reachable.', code: 'API_UNREACHABLE' }],
        [504, { message: 'The storefront API did not answer in time.', code: 'API_TIMEOUT' }],
        [503, { code: 'API_UNREACHABLE' }],
        'network',
        [503, { message: 'Maintenance', code: 'MAINTENANCE' }],
        [500, { message: 'Something went wrong.', code: 'INTERNAL' }],
        [404, { message: 'No such product', code: 'NOT_FOUND' }],
      ),
    });
    const outcomes: boolean[] = [];
    for (let i = 0; i < 7; i += 1) {
      const error = await client.call(coreRoutes.me).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      outcomes.push(isStoreUnreachable(error));
    }
    expect(outcomes).toEqual([true, true, true, true, false, false, false]);
    expect(isStoreUnreachable(new TypeError('x is not a function'))).toBe(false);
    expect(isStoreUnreachable(new ApiError(502, null, 'bad gateway'))).toBe(true);
    // Another bundle's copy of ApiError is recognised by its shape.
    expect(isStoreUnreachable(Object.assign(new Error('x'), { name: 'ApiError', status: 504, body: null }))).toBe(true);
  });

  it('marks the page unreachable after a failed call and reachable again after any answer from the API', async () => {
    const client = createApiClient({
      cookies: withSession,
      fetch: scriptedFetch([200, {}], 'network', [502, { code: 'API_UNREACHABLE' }], [404, { code: 'NOT_FOUND' }], [200, {}]),
    });
    const before = reachabilityMark();
    await client.call(coreRoutes.me);
    expect(storeUnreachableSince(before)).toBe(false);
    await client.call(coreRoutes.me).catch(() => undefined);
    expect(storeUnreachableSince(before)).toBe(true);
    // An area that mounts after the failure only sees failures of its own time.
    const later = reachabilityMark();
    expect(storeUnreachableSince(later)).toBe(false);
    await client.call(coreRoutes.me).catch(() => undefined);
    expect(storeUnreachableSince(later)).toBe(true);
    // The API answered (even a 404): reachable again.
    await client.call(coreRoutes.me).catch(() => undefined);
    expect(storeUnreachableSince(before)).toBe(false);
    expect(storeUnreachableSince(later)).toBe(false);
  });

  it('lets a failed write stay with its view: only reads mark the page unreachable', async () => {
    const client = createApiClient({ cookies: withSession, fetch: scriptedFetch('network', [502, { code: 'API_UNREACHABLE' }], 'network') });
    const mark = reachabilityMark();
    const dropped = await client.call(checkoutRoutes.pay, { body: {} }).catch((e: unknown) => e);
    const refused = await client.call(cartRoutes.increase, { params: { itemId: 1 }, query: { count: 1 } }).catch((e: unknown) => e);
    // The errors still say what happened.
    expect([isStoreUnreachable(dropped), isStoreUnreachable(refused)]).toEqual([true, true]);
    expect(storeUnreachableSince(mark)).toBe(false);
    await client.call(cartRoutes.get).catch(() => undefined);
    expect(storeUnreachableSince(mark)).toBe(true);
  });

  it('does not count an aborted call as unreachable', async () => {
    const controller = new AbortController();
    const client = createApiClient({
      cookies: withSession,
      fetch: (async () => {
        controller.abort();
        throw new DOMException('aborted', 'AbortError');
      }) as unknown as typeof fetch,
    });
    const mark = reachabilityMark();
    const error = await client.call(coreRoutes.me, { signal: controller.signal }).catch((e: unknown) => e);
    expect(isStoreUnreachable(error)).toBe(false);
    expect(storeUnreachableSince(mark)).toBe(false);
  });
});
