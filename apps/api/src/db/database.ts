import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Pool, types } from 'pg';

/**
 * The one database interface the API uses, over embedded PostgreSQL (PGlite) or a
 * PostgreSQL server. The same SQL runs on both.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Pick<Database, 'query' | 'exec'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * A token that changes whenever one of these tables may have been written since it was
   * taken: what a read cache compares to know its copy is current. On PGlite (one process)
   * the writes this process made; on a PostgreSQL server the writes of every API instance
   * sharing it, for the tables registered with `watchWrites` (the `write_versions` rows).
   */
  writeVersion(tables: readonly string[]): Promise<string>;
  /** Tables whose writes every instance must see in `writeVersion` (what read caches read). */
  watchWrites(tables: readonly string[]): void;
}

/**
 * The version a stock move counts as (docs/adr/029): stock lives in `products`, but an order
 * must not retire what is cached by the products' version alone: its statements say
 * `-- writes: product_stock`, which the API's own read caches that show stock (product,
 * listing) watch. Pages cached outside the API are purged by key instead (db/purges.ts:
 * `s<id>` when the stock a page shows changes).
 */
export const STOCK_VERSION = 'product_stock';

/** A statement that moves stock only, counted as a stock move (STOCK_VERSION). */
export const stockWrite = (sql: string) => `-- writes: ${STOCK_VERSION}\n${sql}`;

/**
 * Which tables a statement writes: named for INSERT/UPDATE/DELETE, '*' (all) for anything else
 * that is not a read. A leading `-- writes: <name>` comment names the version it moves instead.
 */
export function tablesWrittenBy(sql: string): readonly string[] {
  const declared = /^\s*--\s*writes:\s*([a-z_][a-z0-9_]*)\s*\n/i.exec(sql);
  if (declared) return [declared[1]!.toLowerCase()];
  const text = sql
    .replace(/^\s*(--[^\n]*\n\s*)*/, '')
    .trimStart()
    .toLowerCase();
  // Reads, and a transaction's own bookkeeping (a savepoint writes nothing: what runs inside it counts).
  if (/^(select|show|explain|savepoint|release\s+savepoint|rollback\s+to\s+savepoint)\b/.test(text)) return [];
  // A read with a CTE (`with recent as (select ...) select ...`) is a read too (issue 39: the
  // one-time-code request's throttle read counted as a write of every table and retired every
  // cache). One that could modify data (an insert, update, delete or merge in it, or a `for
  // update` lock: the words anywhere, so a doubt counts as a write) stays a write of everything.
  if (/^with\b/.test(text) && !/\b(insert|update|delete|merge)\b/.test(text)) return [];
  const named = /^(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/.exec(text);
  return named ? [named[1]!] : ['*'];
}

/** When a shopper is told to try again while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The database is away, full or too slow, rather than the request wrong: connection refused,
 * reset or cut, the server shutting down or starting, too many connections, a pool that found
 * no connection in time, a statement cancelled by its timeout. Answered 503 with Retry-After.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57014',
]);
export function databaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return (
    typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)
  );
}

/** Counts writes per table; a version is read before a read and compared after. */
class WriteLog {
  private counts = new Map<string, number>();

  bump(tables: readonly string[]) {
    for (const table of tables) this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
  }

  version(tables: readonly string[]): string {
    return [this.counts.get('*') ?? 0, ...tables.map((table) => this.counts.get(table) ?? 0)].join('.');
  }
}

/**
 * The shared part of the write versions on a PostgreSQL server (several API instances): one
 * row per watched table in `write_versions`, bumped after the write is visible (after the
 * statement, or after the COMMIT of its transaction), read with each `writeVersion`. A read
 * that took the version before the bump and the data before the commit is kept under the old
 * version, which the bump then retires; so a write through one instance is seen by the next
 * read through any other. A bump is a one-row upsert in its own statement (no lock held across
 * the writer's transaction); PGlite has one process and keeps to the in-memory log.
 */
class SharedVersions {
  readonly watched = new Set<string>();

  constructor(private readonly inner: Pick<Database, 'query'>) {}

  async bump(tables: Iterable<string>) {
    // Nothing is watched before the routes are made (migrations run first): nothing to tell.
    if (this.watched.size === 0) return;
    const names = [...new Set(tables)].filter((table) => table === '*' || this.watched.has(table));
    if (names.length === 0) return;
    await this.tolerant(() =>
      this.inner.query(
        `insert into write_versions (table_name, version) select name, 1 from unnest($1::text[]) as name
       on conflict (table_name) do update set version = write_versions.version + 1`,
        [names.sort()],
      ),
    );
  }

  /** Before the migration that makes the table has run (a fresh database), there is nothing to share yet. */
  private async tolerant<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code === '42P01') return undefined;
      throw error;
    }
  }

  async version(tables: readonly string[]): Promise<string> {
    const rows =
      (await this.tolerant(() =>
        this.inner.query<{ table_name: string; version: number }>('select table_name, version from write_versions where table_name = any($1::text[])', [
          ['*', ...tables],
        ]),
      )) ?? [];
    const of = new Map(rows.map((row) => [row.table_name, Number(row.version)]));
    return ['*', ...tables].map((table) => of.get(table) ?? 0).join('.');
  }
}

/**
 * The database as a request running in one transaction sees it (http/idempotency.ts: a write held
 * by its Idempotency-Key runs with its key in one transaction, handed to the handler as `db`):
 * every statement goes to `tx`; a transaction asked for is a savepoint of it, so a failure undoes
 * that part only, as a transaction of its own would have; write versions are the database's.
 */
export function databaseIn(root: Database, tx: Pick<Database, 'query' | 'exec'>): Database {
  // Named by depth, so the same few statements are prepared again and again, not a new one each time.
  let depth = 0;
  return {
    kind: root.kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    async transaction(work) {
      // Through query, not exec: a savepoint is no write, so it moves no write version (exec
      // counts as a write of every table, which would empty every read cache on each keyed write).
      const name = `nested_${(depth += 1)}`;
      try {
        await tx.query(`savepoint ${name}`);
        try {
          const value = await work(tx);
          await tx.query(`release savepoint ${name}`);
          return value;
        } catch (error) {
          await tx.query(`rollback to savepoint ${name}`).catch(() => undefined);
          throw error;
        }
      } finally {
        depth -= 1;
      }
    },
    close: () => Promise.reject(new Error('The transaction of a request is not closed by its handler.')),
    writeVersion: (tables) => root.writeVersion(tables),
    watchWrites: (tables) => root.watchWrites(tables),
  };
}

/**
 * Wraps a database so every write is counted: after the statement (so a read that started
 * before it sees a new version), and again when a transaction ends (so a read that saw the
 * data before the commit is not kept).
 */
function tracked(inner: Omit<Database, 'writeVersion' | 'watchWrites'>): Database {
  const log = new WriteLog();
  const shared = inner.kind === 'postgres' ? new SharedVersions(inner) : null;
  const counting = <D extends Pick<Database, 'query' | 'exec'>>(target: D, touched?: Set<string>) => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const tables = tablesWrittenBy(sql);
      try {
        return await target.query<T>(sql, params);
      } finally {
        log.bump(tables);
        tables.forEach((table) => touched?.add(table));
        // Outside a transaction the write is visible now; inside, at the COMMIT below.
        if (!touched && shared && tables.length > 0) await shared.bump(tables);
      }
    },
    async exec(sql: string) {
      try {
        await target.exec(sql);
      } finally {
        log.bump(['*']);
        touched?.add('*');
      }
    },
  });
  return {
    kind: inner.kind,
    ...counting(inner),
    async transaction(work) {
      const touched = new Set<string>();
      try {
        return await inner.transaction((tx) => work(counting(tx, touched)));
      } finally {
        log.bump([...touched]);
        if (shared && touched.size > 0) await shared.bump(touched);
      }
    },
    close: () => inner.close(),
    async writeVersion(tables) {
      const local = log.version(tables);
      return shared ? `${local}|${await shared.version(tables)}` : local;
    },
    watchWrites(tables) {
      tables.forEach((table) => shared?.watched.add(table));
    },
  };
}

// bigint and numeric come back as strings from pg; money and counts here fit in a double.
types.setTypeParser(20, (value) => Number(value));
types.setTypeParser(1700, (value) => Number(value));

function fromPglite(db: PGlite): Omit<Database, 'writeVersion' | 'watchWrites'> {
  const normalise = <T>(rows: unknown[]): T[] =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
        out[key] = typeof value === 'bigint' ? Number(value) : value;
      }
      return out as T;
    });
  const parsers = {
    [20]: (value: string) => Number(value),
    [1700]: (value: string) => Number(value),
  };
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await db.query(sql, params, { parsers });
      return normalise<T>(result.rows);
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
    async transaction(work) {
      return db.transaction(async (tx) =>
        work({
          async query<T>(sql: string, params: unknown[] = []) {
            const result = await tx.query(sql, params, { parsers });
            return normalise<T>(result.rows);
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
        }),
      );
    },
    async close() {
      await db.close();
    },
  };
}

/**
 * A statement with parameters runs as a named prepared statement: each pooled connection parses
 * and plans it once, then only binds and executes (the API runs a few hundred distinct
 * statements, the same ones on every request). DB_NAMED_STATEMENTS=false sends them unnamed
 * (parsed with each execution, in the same round trip): for a pooler that cannot keep a named
 * statement across transactions (PgBouncer before 1.21 in transaction mode; docs/adr/045).
 */
const statements = new Map<string, { name: string; text: string }>();
let renames = 0;
const namedStatements = () => process.env.DB_NAMED_STATEMENTS?.trim().toLowerCase() !== 'false';
function prepared(sql: string, params: unknown[]) {
  if (!namedStatements()) return { text: sql, values: params };
  let statement = statements.get(sql);
  if (!statement) {
    statement = { name: `s${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`, text: sql };
    statements.set(sql, statement);
  }
  return { name: statement.name, text: statement.text, values: params };
}

/**
 * A table changed under a prepared statement (another instance migrated it during a rolling
 * deploy): PostgreSQL refuses the old plan ("cached plan must not change result type", 0A000).
 * The statement gets a new name and a new text (a comment), so every connection prepares it
 * again; the text too, because PgBouncer 1.21+ shares prepared statements between clients by
 * their text, and would hand back the broken one under the new name.
 */
async function withReprepare<T>(sql: string, run: () => Promise<T>, retry: boolean): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const statement = statements.get(sql);
    if ((error as { code?: string }).code !== '0A000' || !statement) throw error;
    renames += 1;
    statements.set(sql, { name: `${statement.name.split('_')[0]}_${renames}`, text: `${sql}\n/* reprepared ${renames} */` });
    if (!retry) throw error;
    return run();
  }
}

function fromPool(pool: Pool): Omit<Database, 'writeVersion' | 'watchWrites'> {
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return withReprepare(sql, async () => (await pool.query(prepared(sql, params))).rows as T[], true);
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await work({
          // Inside a transaction a failed statement aborts it: renamed for the next request, not retried.
          async query<T>(sql: string, params: unknown[] = []) {
            return withReprepare(sql, async () => (await client.query(prepared(sql, params))).rows as T[], false);
          },
          async exec(sql: string) {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** A pool's bounds on a PostgreSQL server, from the environment (deploy/README.md lists them). */
export interface PoolOptions {
  /** Connections this process opens at most (DB_POOL_MAX, default 10): instances x this <= the server's max_connections. */
  max?: number;
  /** A statement running longer is cancelled by the server (DB_STATEMENT_TIMEOUT_MS, default 5000). */
  statementTimeoutMs?: number;
  /** Waiting longer for a free connection fails the request (DB_CONNECT_TIMEOUT_MS, default 3000). */
  connectTimeoutMs?: number;
  /** How this process's connections are named in pg_stat_activity (DB_APPLICATION_NAME, default eyewear-api). */
  applicationName?: string;
}

const fromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/**
 * A PostgreSQL server when `url` is given (DATABASE_URL), else PGlite: on disk in `dataDir`
 * so nothing is lost on restart, or in memory when neither is given (tests).
 */
export async function openDatabase(options: { url?: string; dataDir?: string; pool?: PoolOptions } = {}): Promise<Database> {
  if (options.url) {
    const pool = new Pool({
      connectionString: options.url,
      max: options.pool?.max ?? fromEnv('DB_POOL_MAX', 10),
      statement_timeout: options.pool?.statementTimeoutMs ?? fromEnv('DB_STATEMENT_TIMEOUT_MS', 5000),
      connectionTimeoutMillis: options.pool?.connectTimeoutMs ?? fromEnv('DB_CONNECT_TIMEOUT_MS', 3000),
      idleTimeoutMillis: 30_000,
      application_name: options.pool?.applicationName ?? process.env.DB_APPLICATION_NAME ?? 'eyewear-api',
    });
    // A connection the server drops (a restart, a failover) is replaced, not fatal to the process.
    pool.on('error', (error) => console.warn('[db] idle connection lost:', error.message));
    await pool.query('select 1');
    return tracked(fromPool(pool));
  }
  const db = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await db.waitReady;
  return tracked(fromPglite(db));
}
