import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type z } from 'zod';
import { type Endpoint } from '@eyewear/api-client';
import { type Database } from '../db/database';
import { databaseFor } from '../observability/hooks';
import { badRequest } from './errors';
import { runOnce, type Produced } from './idempotency';

export interface Handled<E extends Endpoint> {
  params: z.output<E['params']>;
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * The database this request runs on: for a write held by its Idempotency-Key, its one
   * transaction with the key (http/idempotency.ts). Handlers use it, never one of their closure,
   * so every statement of such a write commits with its key.
   */
  db: Database;
}

/**
 * Characters no text field may hold: NUL and the other C0 controls except tab, line feed and
 * carriage return, DEL and the C1 controls, and a UTF-16 surrogate without its other half
 * (which no UTF-8 database can store). One rule for every route, before the contract's checks.
 */
const NOT_ALLOWED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string (object key or value, at any depth) holding a character that is not
 * allowed, as the path the contract's errors use (`address.city`, `items.0`); `where` names a
 * string that is the whole input. Walked without recursion, so a deeply nested body cannot
 * exhaust the stack.
 */
export function disallowedTextAt(input: unknown, where: string): string | null {
  // Each entry links to its parent, so the path is built only for the one refused string
  // (copying paths on the way down would be quadratic in the depth of a hostile body).
  interface At {
    value: unknown;
    key: string | null;
    parent: At | null;
  }
  const name = (at: At, last?: string) => {
    const parts: string[] = last === undefined ? [] : [last];
    for (let node: At | null = at; node && node.key !== null; node = node.parent) parts.push(node.key);
    return parts.length > 0 ? parts.reverse().join('.') : where;
  };
  const stack: At[] = [{ value: input, key: null, parent: null }];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const { value } = at;
    if (typeof value === 'string') {
      if (NOT_ALLOWED.test(value)) return name(at);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], key: String(i), parent: at });
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      const entries = Object.entries(value as Record<string, unknown>);
      for (const [key] of entries) if (NOT_ALLOWED.test(key)) return name(at, key);
      for (let i = entries.length - 1; i >= 0; i -= 1) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: at });
    }
  }
  return null;
}

function refuseDisallowedText(input: unknown, where: string) {
  const field = disallowedTextAt(input, where);
  if (field !== null) throw badRequest(`${field}: contains characters that are not allowed`, field);
}

function firstIssue(error: z.ZodError, where: string) {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : where;
  const message = issue ? `${field}: ${issue.message}` : `${where} is not valid`;
  return badRequest(message, field);
}

/**
 * Registers a route from its contract declaration. Params, query and body (multipart text
 * fields and file names included) are first refused if any text in them, keys included,
 * holds a control character or a lone surrogate, then validated (400 naming the field); the handler's answer is checked against
 * the declared response before it is sent, so the server cannot drift from the client. A write
 * whose contract says `idempotencyKey` runs at most once per key (http/idempotency.ts).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: Handled<E>) => Promise<z.input<E['response']>> | z.input<E['response']>,
  options: {
    raw?: { contentType: string; cacheControl?: string };
    /** The handler keeps its own Idempotency-Key flow (paying: the order placed under the key is the answer); else a route whose contract says `idempotencyKey` runs through `runOnce`. */
    ownIdempotency?: boolean;
  } = {},
) {
  const idempotent = Boolean(endpoint.headers.idempotencyKey) && !options.ownIdempotency;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      refuseDisallowedText(request.params ?? {}, 'params');
      refuseDisallowedText(request.query ?? {}, 'query');
      refuseDisallowedText(request.body, 'body');
      const params = endpoint.params.safeParse(request.params ?? {});
      if (!params.success) throw firstIssue(params.error, 'params');
      const query = endpoint.query.safeParse(request.query ?? {});
      if (!query.success) throw firstIssue(query.error, 'query');
      const body = endpoint.body.safeParse(request.body ?? undefined);
      if (!body.success) throw firstIssue(body.error, 'body');
      const produce = async (db: Database): Promise<Produced> => {
        // A traced request's queries are spans of its trace (docs/adr/055); otherwise db itself.
        const answer = await handler({ params: params.data, query: query.data, body: body.data, request, reply, db: databaseFor(request, db) } as Handled<E>);
        if (reply.sent) return { sent: true };
        return { sent: false, body: endpoint.response.parse(answer) };
      };
      // A write whose contract says idempotencyKey runs once per key, with its key in one transaction (http/idempotency.ts).
      const db = request.server.idempotencyDb;
      if (!db) throw new Error('route(): the app has no database (buildApp decorates it as idempotencyDb)');
      const produced = idempotent ? await runOnce(db, request, reply, produce) : await produce(db);
      if (produced.sent) return reply;
      if (options.raw) {
        reply.header('content-type', options.raw.contentType);
        if (options.raw.cacheControl) reply.header('cache-control', options.raw.cacheControl);
        return reply.send(produced.body);
      }
      return produced.body;
    },
  });
}
