import { ApiError, buildUrl, createApiClient } from './client';

function fakeFetch(status: number, body: unknown) {
  return jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
    new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('api client', () => {
  it('builds URLs under the API base, leaving out empty query values', () => {
    expect(buildUrl('/api/', '/v3/utility/routing', { url: '/eyeglasses', page: 2, skip: undefined })).toBe(
      '/api/v3/utility/routing?url=%2Feyeglasses&page=2',
    );
  });

  it('returns the parsed body of a successful call, with the shared headers', async () => {
    const fetch = fakeFetch(200, { result: { id: 7 } });
    const client = createApiClient({ fetch, headers: () => ({ 'x-customer-type': 'REPEAT' }) });
    await expect(client.get('/v1/thing', { id: 7 })).resolves.toEqual({ result: { id: 7 } });
    const [, init] = fetch.mock.calls[0]!;
    expect((init?.headers as Record<string, string>)['x-customer-type']).toBe('REPEAT');
    expect(init?.credentials).toBe('same-origin');
  });

  it('turns an error answer into an ApiError carrying status, body and the server message', async () => {
    const client = createApiClient({ fetch: fakeFetch(422, { message: 'Please enter a valid pincode' }) });
    const failure = client.send('POST', '/v1/pincode', { pincode: 'x' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 422, message: 'Please enter a valid pincode' });
  });
});
