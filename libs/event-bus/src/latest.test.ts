import { cartChanged, GUEST_SESSION, sessionChanged, wishlistChanged } from './events';
import { latestEventsSlice, samePayload } from './latest';

describe('samePayload', () => {
  it('compares fields, and the items of a field that is a list', () => {
    expect(samePayload({ count: 2, productIds: [1, 2] }, { count: 2, productIds: [1, 2] })).toBe(true);
    expect(samePayload({ count: 2, productIds: [1, 2] }, { count: 2, productIds: [2, 1] })).toBe(false);
    expect(samePayload({ count: 2 }, { count: 3 })).toBe(false);
    expect(samePayload({ count: 2 }, { count: 2, extra: null })).toBe(false);
    expect(samePayload({ a: null }, { b: null })).toBe(false);
    expect(samePayload(undefined, { count: 2 })).toBe(false);
    expect(samePayload({ nested: { a: 1 } }, { nested: { a: 1 } })).toBe(false);
    expect(samePayload(null, null)).toBe(true);
  });
});

describe('latest events', () => {
  const reduce = latestEventsSlice.reducer;

  it('keeps the state when an event repeats what it holds', () => {
    const held = [sessionChanged({ ...GUEST_SESSION }), cartChanged({ count: 1 }), wishlistChanged({ count: 2, productIds: [5, 6] })].reduce(
      (state, action) => reduce(state, action),
      latestEventsSlice.getInitialState(),
    );
    expect(reduce(held, sessionChanged({ ...GUEST_SESSION }))).toBe(held);
    expect(reduce(held, cartChanged({ count: 1 }))).toBe(held);
    expect(reduce(held, wishlistChanged({ count: 2, productIds: [5, 6] }))).toBe(held);
  });

  it('takes each new value', () => {
    const held = reduce(latestEventsSlice.getInitialState(), wishlistChanged({ count: 2, productIds: [5, 6] }));
    expect(reduce(held, wishlistChanged({ count: 2, productIds: [5, 7] }))['wishlist/changed']).toEqual({ count: 2, productIds: [5, 7] });
    expect(reduce(held, sessionChanged({ ...GUEST_SESSION, login: true, customerId: 9 }))['session/changed']?.customerId).toBe(9);
  });
});
