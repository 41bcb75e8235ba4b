import { ApiError } from './client';
import { cartRoutes, checkoutRoutes } from './index';
import { coreRoutes } from './contract/core-routes';
import { fail, fakeApi } from './testing';

describe('fakeApi', () => {
  it('answers a route by its contract name, with the path params and the body it was sent', async () => {
    const api = fakeApi({ 'cart.increase': ({ params }) => ({ result: { id: Number(params.itemId) } }) as never });
    await expect(api.client.call(cartRoutes.increase, { params: { itemId: 11 } })).resolves.toEqual({ result: { id: 11 } });
    expect(api.callsTo('cart.increase')).toEqual([expect.objectContaining({ method: 'PUT', path: '/v2/carts/items/11/quantity', params: { itemId: '11' } })]);
  });

  it('rejects with the ApiError of a fail() answer, and with a 404 naming a call nobody answers', async () => {
    const api = fakeApi({ 'cart.get': fail(503, { message: 'down' }) });
    await expect(api.client.call(cartRoutes.get)).rejects.toMatchObject({ status: 503, message: 'down' });
    const missing = await api.client.call(coreRoutes.me).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, message: 'no fake answer for me.get' });
  });

  it('sends what the production client sends: the Idempotency-Key of a paying call, the query', async () => {
    const api = fakeApi({ 'checkout.pay': { result: {} } as never, 'sessions.validate': { result: {} } as never });
    await api.client.call(checkoutRoutes.pay, { body: { paymentMethod: 'cod' }, idempotencyKey: 'attempt-1' } as never);
    await api.client.call(coreRoutes.validateSession, { query: { page: 2 } });
    expect(api.callsTo('checkout.pay')[0]?.headers['idempotency-key']).toBe('attempt-1');
    expect(api.callsTo('sessions.validate')[0]?.query).toEqual({ page: '2' });
  });

  it('holds a request open until the test answers it, and takes new answers', async () => {
    let release: (value: never) => void = () => undefined;
    const api = fakeApi({ 'me.get': () => new Promise((resolve) => (release = resolve)) });
    let settled = false;
    const pending = api.client.call(coreRoutes.me).then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release({ id: 1 } as never);
    await pending;
    api.answer({ 'me.get': fail(401) });
    await expect(api.client.call(coreRoutes.me)).rejects.toMatchObject({ status: 401 });
  });

  it('creates a session first when the cookies say there is none, like the real client', async () => {
    const api = fakeApi({ 'sessions.create': { result: {} } as never, 'me.get': {} as never }, { cookies: () => '' });
    await api.client.call(coreRoutes.me);
    expect(api.calls.map((call) => call.name)).toEqual(['sessions.create', 'me.get']);
  });
});
