import { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { cookieHeader, guestSession } from '../../testing/api';

/** Test helpers of the account area: shoppers who register and log in through the real routes. */
export interface Shopper {
  cookie: string;
  customerId: number;
  email: string;
}

let counter = 0;

export async function call(app: FastifyInstance, cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

export async function register(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<Shopper> {
  counter += 1;
  const guest = await guestSession(app);
  const email = (overrides.email as string | undefined) ?? `shopper${counter}-${Date.now()}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/v2/customers',
    headers: { cookie: guest },
    payload: { firstName: 'Asha', lastName: 'Rao', email, password: 'secret-pass', ...overrides },
  });
  if (response.statusCode !== 200) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { cookie: cookieHeader(response, guest), customerId: response.json().result.user.id, email };
}

export async function outbox(app: FastifyInstance, to: string) {
  const response = await app.inject({ method: 'GET', url: `/v2/dev/outbox?to=${encodeURIComponent(to)}` });
  return response.json().result.messages as { code?: string; body: string; channel: string; subject?: string }[];
}

export const jar = (response: LightMyRequestResponse, previous: string) => cookieHeader(response, previous);
