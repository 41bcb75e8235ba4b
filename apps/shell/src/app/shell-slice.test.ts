import { cartChanged, GUEST_SESSION, sessionChanged, wishlistChanged } from '@eyewear/event-bus';
import { locationChanged, sectionResolved, shellSlice } from './shell-slice';

const reduce = (actions: Array<{ type: string }>) => actions.reduce((state, action) => shellSlice.reducer(state, action), shellSlice.getInitialState());

describe('shell slice', () => {
  it('resets the section on a location change, unless the page was server-rendered', () => {
    const resolved = reduce([sectionResolved({ section: 'prod', id: '128001' })]);
    expect(resolved.routing).toEqual({ section: 'prod', id: '128001', loading: false });
    expect(shellSlice.reducer(resolved, locationChanged({ serverRendered: false })).routing).toEqual({ section: null, id: '', loading: true });
    expect(shellSlice.reducer(resolved, locationChanged({ serverRendered: true })).routing).toEqual(resolved.routing);
  });

  it('keeps its state when told again what it holds (nothing renders again after hydration)', () => {
    const resolved = reduce([sectionResolved({ section: 'cat', id: '3101' }), sessionChanged({ ...GUEST_SESSION, cartCount: 2 })]);
    expect(shellSlice.reducer(resolved, sectionResolved({ section: 'cat', id: '3101' }))).toBe(resolved);
    expect(shellSlice.reducer(resolved, sessionChanged({ ...GUEST_SESSION, cartCount: 2 }))).toBe(resolved);
    const fresh = shellSlice.getInitialState();
    expect(shellSlice.reducer(fresh, locationChanged({ serverRendered: false }))).toBe(fresh);
    // A change is still a change.
    expect(shellSlice.reducer(resolved, sectionResolved({ section: 'cat', id: '3102' })).routing.id).toBe('3102');
    expect(shellSlice.reducer(resolved, sessionChanged({ ...GUEST_SESSION, cartCount: 3 })).session.cartCount).toBe(3);
  });

  it("counts search pages as category pages, and keeps 'na'", () => {
    expect(reduce([sectionResolved({ section: 'search', id: 'round' })]).routing.section).toBe('cat');
    expect(reduce([sectionResolved({ section: 'na', id: '' })]).routing.section).toBe('na');
  });

  it('takes the badges from cart/changed and wishlist/changed (capped at 50)', () => {
    const state = reduce([cartChanged({ count: 4 }), wishlistChanged({ count: 12, productIds: [] })]);
    expect(state.session.cartCount).toBe(4);
    expect(state.session.wishlistCount).toBe(12);
  });
});
