import { type AddressInfo, connect, type Socket } from 'node:net';
import { type FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { databaseUnavailable, openDatabase, type Database } from './db/database';
import { DEFAULT_DRAIN_MS, drainTimeoutMs, shutdown } from './lifecycle';

// Health, readiness and the graceful stop on a real Fastify server over real sockets and a real
// database (in-memory PGlite, or the PostgreSQL server of TEST_DATABASE_URL).

const open = () => openDatabase({ url: process.env.TEST_DATABASE_URL });

/** A route that answers only when released, then reads the database: a request in flight. */
function slowRoute(app: FastifyInstance, db: Database) {
  let release!: () => void;
  let entered!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const started = new Promise<void>((resolve) => (entered = resolve));
  app.get('/test/slow', async () => {
    entered();
    await released;
    const [row] = await db.query<{ answer: number }>('select 41 + 1 as answer');
    return { answer: Number(row!.answer) };
  });
  return { release, started };
}

/** A raw keep-alive HTTP/1.1 connection: what it received so far, and a way to send more requests on it. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined);
  return {
    get: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: api.test\r\n\r\n`),
    received: () => received,
    ended,
  };
}

/** The responses in the order they came: status and JSON body. */
function responses(raw: string) {
  return [...raw.matchAll(/HTTP\/1\.1 (\d{3})[^]*?\r\n\r\n(\{.*?\})(?=HTTP|$)/g)].map((match) => ({
    status: Number(match[1]),
    body: JSON.parse(match[2]!),
  }));
}

async function until(condition: () => boolean, what: string) {
  for (let i = 0; i < 200; i += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('readiness and liveness', () => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db.close());

  it('is ready when the database answers select 1', async () => {
    const app = await buildApp({ db });
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: db.kind, databaseAnswers: 'ok' });
    expect(ready.headers['cache-control']).toBe('no-store');
    await app.close();
  });

  it('stays ready when the database does not answer in time (it says so), and stays live', async () => {
    const hanging: Database = {
      ...db,
      query: ((sql: string, params?: unknown[]) => (sql === 'select 1' ? new Promise(() => undefined) : db.query(sql, params))) as Database['query'],
    };
    const app = await buildApp({ db: hanging, readyTimeoutMs: 50 });
    const started = Date.now();
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: db.kind, databaseAnswers: 'timeout' });
    const live = await app.inject({ method: 'GET', url: '/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', database: db.kind });
    await app.close();
  });

  it('while the database is away, stays ready and answers calls 503 with Retry-After and a message, never 500', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const failing: Database = { ...db, query: (async () => Promise.reject(refused)) as Database['query'] };
    const app = await buildApp({ db: failing });
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', databaseAnswers: 'error' });
    for (const url of ['/me', '/v2/carts']) {
      const call = await app.inject({ method: 'GET', url, headers: { cookie: `clientV1_in=${'a'.repeat(43)}` } });
      expect(call.statusCode).toBe(503);
      expect(call.headers['retry-after']).toBe('5');
      expect(call.json()).toEqual({ message: 'The store is busy right now. Please try again in a few seconds.', code: 'DATABASE_UNAVAILABLE' });
    }
    await app.close();
  });

  it('tells a database that is away from a request that is wrong', () => {
    for (const code of ['ECONNREFUSED', '57P01', '53300', '57014']) expect(databaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(databaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['23505', '22P02', undefined]) expect(databaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(false);
  });
});

describe('graceful stop', () => {
  it('finishes the request in flight, answers 503 on readiness meanwhile, takes no new connection, then closes the database', async () => {
    const db = await open();
    const app = await buildApp({ db });
    const slow = slowRoute(app, db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);

    // A shopper's request is in flight on a keep-alive connection (as the edge holds them).
    const connection = rawConnection(port);
    connection.get('/test/slow');
    await slow.started;

    const stopping = shutdown({ app, db, timeoutMs: 5000 });
    await until(() => !app.server.listening, 'the listener to close');
    // The listener is closed: a new connection is refused...
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
    // ...and on the open connection, readiness answers 503 while the drain goes on.
    connection.get('/ready');
    await new Promise((resolve) => setTimeout(resolve, 50));
    let outcome: string | undefined;
    void stopping.then((value) => (outcome = value));
    expect(outcome).toBeUndefined();

    slow.release();
    expect(await stopping).toBe('drained');
    await connection.ended;
    expect(responses(connection.received())).toEqual([
      { status: 200, body: { answer: 42 } },
      { status: 503, body: { status: 'draining', database: db.kind } },
    ]);
    expect(connection.received()).toMatch(/connection: close/i);
    // The database was closed after the last answer.
    await expect(db.query('select 1')).rejects.toThrow();
  });

  it('is bounded by the drain timeout: a request that never ends is cut, and the database still closes', async () => {
    const db = await open();
    const app = await buildApp({ db });
    slowRoute(app, db); // never released
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const connection = rawConnection(port);
    connection.get('/test/slow');
    await until(() => app.server.listening, 'the listener');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const started = Date.now();
    expect(await shutdown({ app, db, timeoutMs: 200 })).toBe('timed out');
    expect(Date.now() - started).toBeLessThan(3000);
    await connection.ended;
    expect(connection.received()).toBe('');
    await expect(db.query('select 1')).rejects.toThrow();
  });

  it('closes the other apps of the process (the admin listener) too', async () => {
    const db = await open();
    const app = await buildApp({ db });
    const other = await buildApp({ db });
    await Promise.all([app.ready(), other.ready()]);
    expect(await shutdown({ app, others: [other, null], db, timeoutMs: 1000 })).toBe('drained');
    await expect(other.inject({ method: 'GET', url: '/health' })).rejects.toThrow();
  });
});

describe('the drain timeout', () => {
  it('comes from API_DRAIN_MS, with a default, and refuses a value that is not milliseconds', () => {
    expect(drainTimeoutMs({})).toBe(DEFAULT_DRAIN_MS);
    expect(drainTimeoutMs({ API_DRAIN_MS: '' })).toBe(DEFAULT_DRAIN_MS);
    expect(drainTimeoutMs({ API_DRAIN_MS: '20000' })).toBe(20000);
    expect(drainTimeoutMs({ API_DRAIN_MS: '0' })).toBe(0);
    expect(() => drainTimeoutMs({ API_DRAIN_MS: '20s' })).toThrow('API_DRAIN_MS=20s');
    expect(() => drainTimeoutMs({ API_DRAIN_MS: '-1' })).toThrow();
  });
});
