import { productRoutes } from '@eyewear/api-client';
import { fakeApi } from '@eyewear/api-client/testing';
import { QueryCache, queryKey } from '@eyewear/event-bus';
import { routedPage, startPageReads } from './page-reads';

describe("a page's first reads, started by the shell", () => {
  it("starts the product page's reads under the keys the page reads them by", async () => {
    const api = fakeApi({ 'product.get': { result: { id: 128001 } } as never, 'product.buyOptionsGroup': { result: [] } as never });
    const queries = new QueryCache();
    startPageReads(queries, api.client, routedPage('/product/128001')!, '');
    const answer = await queries.peekEarly(queryKey(productRoutes.get, { params: { id: 128001 } }))?.answer;
    expect(answer).toEqual({ ok: true, data: { result: { id: 128001 } } });
    await queries.peekEarly(queryKey(productRoutes.buyOptionsGroup, { params: { id: 128001 } }))?.answer;
    expect(api.calls.map((call) => call.name)).toEqual(['product.get', 'product.buyOptionsGroup']);
    // Asked again while fresh (a second hover, the route change that follows): no new request.
    startPageReads(queries, api.client, routedPage('/product/128001')!, '');
    expect(api.calls).toHaveLength(2);
  });

  it('reads the id of every product route as the page does', () => {
    expect(routedPage('/catalog/product/view/id/128269')).toEqual({ remote: 'product', expose: './ProductPage', params: { '*': 'id/128269' } });
    expect(routedPage('/Product/128001')?.params).toEqual({ id: '128001' });
    expect(routedPage('/nothing-here.html')).toBeNull();
  });

  it('leaves the reads to the page while an exchange is open (the page reads with its headers), and starts none for a page without declared reads', async () => {
    const api = fakeApi({});
    const queries = new QueryCache();
    startPageReads(queries, api.client, routedPage('/product/128001')!, 'a=1; exchange_session=12%3A3');
    startPageReads(queries, api.client, routedPage('/cart')!, '');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls).toHaveLength(0);
    expect(queries.peekEarly(queryKey(productRoutes.get, { params: { id: 128001 } }))).toBeUndefined();
  });
});
