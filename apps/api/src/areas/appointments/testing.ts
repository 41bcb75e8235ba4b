import { type FastifyInstance } from 'fastify';

export function caller(app: FastifyInstance, cookie: string, country = 'in') {
  return async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, payload: payload as object, headers: { cookie, 'x-country-code': country } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of many shapes
    return { status: response.statusCode, body: response.json() as any };
  };
}
