import { createHash } from 'node:crypto';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { databaseIn, type Database } from '../db/database';
import { badRequest, errorBody, HttpError } from './errors';
import { currentSession, ownerOf } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database writes held by their Idempotency-Key run in (buildApp decorates the app with it). */
    idempotencyDb?: Database;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[\w-]{8,100}$/;

/** A stable hash of a JSON body: keys sorted, so the same request hashes the same. */
export function hashBody(body: unknown): string {
  const stable = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(stable)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, stable((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(stable(body ?? null)))
    .digest('hex');
}

/**
 * A key in flight longer than this was left by a request that died (a crash, a killed
 * process): a new request with the same key and body takes it over instead of answering 409
 * for ever. Placing an order takes well under a second (each statement is bounded by the
 * pool's statement timeout, 5 s); the order a dead request may have committed is found by its
 * key (orders.idempotency_key, unique) and becomes the answer, so a take-over never places a
 * second order. Short enough that a shopper whose instance was killed mid-payment gets the
 * answer on a retry within seconds (the cluster's failover check, tools/cluster/failover.mjs).
 */
export const IN_FLIGHT_TIMEOUT_SECONDS = 10;

export type Replay = { kind: 'fresh'; takenOver?: boolean } | { kind: 'replay'; status: number; response: unknown };

export function keyOf(headers: Record<string, unknown>): string {
  const key = headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || !KEY_PATTERN.test(key))
    throw badRequest('An Idempotency-Key header (8 to 100 letters, digits, - or _) is required', IDEMPOTENCY_HEADER);
  return key;
}

/** The Idempotency-Key of a call where it is optional: null without the header, 400 when it is malformed. */
export function optionalKeyOf(headers: Record<string, unknown>): string | null {
  if (headers[IDEMPOTENCY_HEADER] === undefined) return null;
  return keyOf(headers);
}

/**
 * Claims a key: a new key is claimed; the same key and request answer the stored response; the
 * same key with another request answers 422; a key still in flight answers 409. Two ways:
 * - inside the write's own transaction (`runOnce`, `takeOver: false`): the claimed row is not
 *   visible to anyone else until the write commits, so a second request with the key waits on the
 *   row's lock and then finds it done (a replay) or gone (the first rolled back: it runs afresh);
 *   a row in flight seen there is another flow's (paying), never taken over;
 * - committed at once, apart from the work (paying, `payment-routes.ts`): a key in flight longer
 *   than IN_FLIGHT_TIMEOUT_SECONDS is taken over (the order placed under it is found by its key).
 */
export async function claim(
  db: Pick<Database, 'query'>,
  owner: string,
  key: string,
  hash: string,
  { inFlightMessage = 'This order is already being placed. Please wait.', takeOver = true }: { inFlightMessage?: string; takeOver?: boolean } = {},
): Promise<Replay> {
  let inserted: unknown[];
  try {
    inserted = await db.query(
      `insert into idempotency_keys (owner, key, request_hash, state) values ($1, $2, $3, 'in_flight') on conflict do nothing returning key`,
      [owner, key, hash],
    );
  } catch (error) {
    // The first request holds the key longer than a statement may wait: still being saved.
    if (['57014', '55P03'].includes((error as { code?: string }).code ?? '')) throw new HttpError(409, inFlightMessage, IDEMPOTENCY_HEADER, 'IN_FLIGHT');
    throw error;
  }
  if (inserted.length > 0) return { kind: 'fresh' };
  const [row] = await db.query<{ request_hash: string; state: string; status_code: number; response: unknown }>(
    'select request_hash, state, status_code, response from idempotency_keys where owner = $1 and key = $2',
    [owner, key],
  );
  if (!row) return claim(db, owner, key, hash, { inFlightMessage, takeOver });
  if (row.request_hash !== hash)
    throw new HttpError(422, 'This Idempotency-Key was already used for a different request', IDEMPOTENCY_HEADER, 'IDEMPOTENCY_MISMATCH');
  if (row.state === 'in_flight') {
    // Only one request takes a stale key over: the conditional update claims it.
    const taken = takeOver
      ? await db.query(
          `update idempotency_keys set created_at = now() where owner = $1 and key = $2 and state = 'in_flight' and created_at < now() - make_interval(secs => $3) returning key`,
          [owner, key, IN_FLIGHT_TIMEOUT_SECONDS],
        )
      : [];
    if (taken.length > 0) return { kind: 'fresh', takenOver: true };
    throw new HttpError(409, inFlightMessage, IDEMPOTENCY_HEADER, 'IN_FLIGHT');
  }
  return { kind: 'replay', status: row.status_code, response: row.response };
}

export async function complete(db: Pick<Database, 'query'>, owner: string, key: string, status: number, response: unknown) {
  await db.query(`update idempotency_keys set state = 'done', status_code = $3, response = $4 where owner = $1 and key = $2`, [
    owner,
    key,
    status,
    JSON.stringify(response),
  ]);
}

/** An unexpected failure frees the key, so the shopper's retry runs again. */
export async function release(db: Database, owner: string, key: string) {
  await db.query('delete from idempotency_keys where owner = $1 and key = $2 and state = $3', [owner, key, 'in_flight']);
}

/** Headers that change what a write does: the exchange an add to cart is made in (cart-routes.ts exchangeOfRequest). */
const MEANINGFUL_HEADERS = ['x-service-type', 'x-exchange-order-id', 'x-exchange-item-id'];

/**
 * The hash of a whole request: its method, its path with the path's params, its query, its
 * body and the headers that change what it does. The same key sent to another route, another
 * item or with another count is another request (422), never the stored answer of the first.
 */
export function hashRequest(request: Pick<FastifyRequest, 'method' | 'url' | 'query' | 'body' | 'headers'>): string {
  return hashBody({
    method: request.method,
    path: request.url.split('?')[0],
    query: request.query ?? null,
    body: request.body ?? null,
    headers: MEANINGFUL_HEADERS.map((name) => request.headers[name] ?? null),
  });
}

/** Answers that say "not now" rather than "no": not stored, so a retry with the same key runs again. */
const transient = (status: number) => status === 429 || status >= 500;

export const IN_FLIGHT_MESSAGE = 'This change is already being saved. Please wait.';

/** What a held write produced: a body to send, or an answer the handler sent itself. */
export type Produced = { sent: true } | { sent: false; body: unknown };

/**
 * Every write a browser or a balancer may repeat runs at most once per Idempotency-Key (issue
 * 38, one rule for every area): `route()` runs the handler of a route whose contract says
 * `idempotencyKey` (the cart's writes, vouchers and offers, addresses, returns, reviews,
 * bookings, profile changes...; the API client sends a key on each, one per shopper action)
 * through here. The key is claimed for the session's owner (customer, or guest session) and the
 * handler runs in one transaction with it (the handler's `db` is that transaction: `databaseIn`;
 * a transaction it asks for is a savepoint), and the answer is stored before the commit: the write
 * and its key commit together, or neither does (a process killed, paused or cut off mid-way
 * leaves no half: issue 38's duplicated cart adds after a takeover of a key left in flight).
 * The same key and request again answers the stored status and body, with
 * `idempotent-replayed: true`, and changes nothing; the same key while the first still runs
 * waits for it (then replays), or answers 409 IN_FLIGHT past the statement timeout; the same key
 * with another request (method, path, query, body or exchange headers) 422
 * IDEMPOTENCY_MISMATCH. A refusal (an HttpError 4xx) keeps what the handler wrote before it, as
 * without a key, and is stored; a 429 or 5xx keeps its writes (throttle counters) but not the
 * key, so a retry runs again; any other failure rolls everything back. Without the header (an
 * older client) the handler just runs.
 */
export async function runOnce(db: Database, request: FastifyRequest, reply: FastifyReply, produce: (db: Database) => Promise<Produced>): Promise<Produced> {
  const key = optionalKeyOf(request.headers);
  if (key === null) return produce(db);
  // No session: the handler refuses it (401), and there is nobody to hold the key for.
  const session = await currentSession(db, request);
  if (!session) return produce(db);
  const owner = ownerOf(session);
  const hash = hashRequest(request);
  const outcome = await db.transaction(async (tx): Promise<{ replay: Replay & { kind: 'replay' } } | { produced: Produced } | { refused: HttpError }> => {
    const claimed = await claim(tx, owner, key, hash, { inFlightMessage: IN_FLIGHT_MESSAGE, takeOver: false });
    if (claimed.kind === 'replay') return { replay: claimed };
    try {
      const produced = await produce(databaseIn(db, tx));
      await complete(tx, owner, key, reply.statusCode, produced.sent ? null : produced.body);
      return { produced };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (transient(error.status)) await tx.query('delete from idempotency_keys where owner = $1 and key = $2', [owner, key]);
      else await complete(tx, owner, key, error.status, errorBody(error));
      return { refused: error };
    }
  });
  if ('refused' in outcome) throw outcome.refused;
  if ('produced' in outcome) return outcome.produced;
  const { status, response } = outcome.replay;
  reply.header('idempotent-replayed', 'true');
  if (status >= 400) {
    // The stored error body is errorBody's: the same HttpError answers the same body again.
    const { message, field, code, ...details } = response as { message: string; field?: string; code?: string };
    throw new HttpError(status, message, field, code, { 'idempotent-replayed': 'true' }, details);
  }
  reply.code(status);
  return { sent: false, body: response };
}
