import { ApiError } from '@eyewear/api-client';
import { QueryCache, type RenderEnv } from '@eyewear/event-bus';
import { parseLookup, preloadLookedUp } from './resolve-page';

describe('parseLookup', () => {
  it.each([
    ['cat:3101', { section: 'cat', id: '3101' }],
    ['prod:128001', { section: 'prod', id: '128001' }],
    ['search:round glasses', { section: 'search', id: 'round glasses' }],
    ['cms:about-us', { section: 'cms', id: 'about-us' }],
    ['col:7', { section: 'col', id: '7' }],
  ])('reads %s', (path, parsed) => expect(parseLookup(path)).toEqual(parsed));

  it.each(['na:', 'na:x', 'cat:', 'shop:1', '', 'cat'])("treats %p as 'na'", (path) => expect(parseLookup(path)).toEqual({ section: 'na', id: '' }));
});

describe('preloadLookedUp (a link the routing lookup resolves, on intent)', () => {
  const env = { server: false, userAgent: '', mobile: false, queries: new QueryCache() } as RenderEnv;

  const names = (call: jest.Mock) => call.mock.calls.map(([route]) => (route as { name: string }).name);

  it("asks the lookup once, then loads the page's remote and starts its reads; the page opened later finds the answers", async () => {
    const call = jest.fn(async (route: { name: string }) => (route.name === 'utility.routing' ? { result: { path: 'prod:128001' } } : { result: {} }));
    const load = jest.fn(async () => null);
    await preloadLookedUp({ call } as never, '/round-frame-128001.html', env, load);
    expect(load).toHaveBeenCalledWith('product', './ProductPage');
    await preloadLookedUp({ call } as never, '/round-frame-128001.html', env, load);
    expect(names(call)).toEqual(['utility.routing', 'product.get', 'product.buyOptionsGroup']);
    expect(call.mock.calls[1]).toEqual([expect.anything(), { params: { id: 128001 } }]);
  });

  it('loads nothing for a path the lookup does not know, and forgets an answer that found the store unreachable', async () => {
    const load = jest.fn(async () => null);
    await preloadLookedUp({ call: async () => ({ result: { path: 'na:' } }) } as never, '/nothing-here.html', env, load);
    expect(load).not.toHaveBeenCalled();
    const down = jest.fn(async () => {
      throw new ApiError(503, { message: 'The storefront API is not reachable.', code: 'API_UNREACHABLE' }, 'The storefront API is not reachable.');
    });
    await preloadLookedUp({ call: down } as never, '/later-128002.html', env, load);
    expect(load).not.toHaveBeenCalled();
    const up = jest.fn(async (_route: { name: string }) => ({ result: { path: 'prod:128002' } }));
    await preloadLookedUp({ call: up } as never, '/later-128002.html', env, load);
    expect(names(up).filter((name) => name === 'utility.routing')).toHaveLength(1);
    expect(load).toHaveBeenCalledWith('product', './ProductPage');
  });
});
