// A database whose queries are spans of a request's trace (docs/adr/055): route() hands a
// handler this wrapper when the request is traced, and the handler's database otherwise, so an
// untraced request costs nothing here.
import type { ActiveSpan, Tracer } from '@eyewear/api-client/tracing';
import type { Database } from '../db/database';

/** The statement's first word (select, insert...): the span's name; the text itself is an attribute, never a label. */
const operationOf = (sql: string): string => /^\s*(?:--[^\n]*\n\s*)*(\w+)/.exec(sql)?.[1]?.toLowerCase() ?? 'query';

async function inSpan<T>(tracer: Tracer, parent: ActiveSpan, sql: string, run: () => Promise<T>): Promise<T> {
  const span = tracer.start(`db ${operationOf(sql)}`, {
    parent: parent.context,
    kind: 'client',
    attributes: { 'db.system': 'postgresql', 'db.query.text': sql.length > 2000 ? `${sql.slice(0, 2000)}…` : sql },
  });
  try {
    const result = await run();
    span?.end();
    return result;
  } catch (error) {
    span?.end(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

type Queries = Pick<Database, 'query' | 'exec'>;

function tracedQueries<D extends Queries>(target: D, tracer: Tracer, parent: ActiveSpan): Queries {
  return {
    query: <T>(sql: string, params?: unknown[]) => inSpan(tracer, parent, sql, () => target.query<T>(sql, params)),
    exec: (sql: string) => inSpan(tracer, parent, sql, () => target.exec(sql)),
  };
}

/** `db` with every query, exec and transaction's query a child span of `parent`. */
export function tracedDatabase(db: Database, tracer: Tracer, parent: ActiveSpan): Database {
  return Object.assign(Object.create(db) as Database, tracedQueries(db, tracer, parent), {
    transaction: <T>(work: (tx: Queries) => Promise<T>) => db.transaction((tx) => work(tracedQueries(tx, tracer, parent))),
  });
}
