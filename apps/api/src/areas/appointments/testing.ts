import { type FastifyInstance } from 'fastify';
import { createTestApi, type TestApi } from '../../testing/api';
import { appointmentsClock } from './clock';

export function caller(app: FastifyInstance, cookie: string, country = 'in') {
  return async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, payload: payload as object, headers: { cookie, 'x-country-code': country } });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of many shapes
    return { status: response.statusCode, body: response.json() as any };
  };
}

/**
 * A seeded test API for an appointments suite, with the area's clock stopped at `now` for every
 * test (slots and caps depend on the day) and put back after the suite: `suite.api` once the
 * suite has started.
 */
export function seededApiWithClockAt(now: Date): { api: TestApi } {
  const suite = {} as { api: TestApi };
  const realNow = appointmentsClock.now;
  beforeAll(async () => {
    suite.api = await createTestApi({ seeded: true });
  });
  afterAll(async () => {
    appointmentsClock.now = realNow;
    await suite.api.close();
  });
  beforeEach(() => {
    appointmentsClock.now = () => now;
  });
  return suite;
}
