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
   * A token that changes whenever one of these tables may have been written (by this API
   * process) since it was taken: what a read cache compares to know its copy is current.
   */
  writeVersion(tables: readonly string[]): string;
}

/** Which tables a statement writes: named for INSERT/UPDATE/DELETE, '*' (all) for anything else that is not a read. */
export function tablesWrittenBy(sql: string): readonly string[] {
  const text = sql
    .replace(/^\s*(--[^\n]*\n\s*)*/, '')
    .trimStart()
    .toLowerCase();
  if (/^(select|show|explain)\b/.test(text)) return [];
  const named = /^(?:insert\s+into|update|delete\s+from)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/.exec(text);
  return named ? [named[1]!] : ['*'];
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
 * Wraps a database so every write is counted: after the statement (so a read that started
 * before it sees a new version), and again when a transaction ends (so a read that saw the
 * data before the commit is not kept).
 */
function tracked(inner: Omit<Database, 'writeVersion'>): Database {
  const log = new WriteLog();
  const counting = <D extends Pick<Database, 'query' | 'exec'>>(target: D, touched?: Set<string>) => ({
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        return await target.query<T>(sql, params);
      } finally {
        const tables = tablesWrittenBy(sql);
        log.bump(tables);
        tables.forEach((table) => touched?.add(table));
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
      }
    },
    close: () => inner.close(),
    writeVersion: (tables) => log.version(tables),
  };
}

// bigint and numeric come back as strings from pg; money and counts here fit in a double.
types.setTypeParser(20, (value) => Number(value));
types.setTypeParser(1700, (value) => Number(value));

function fromPglite(db: PGlite): Omit<Database, 'writeVersion'> {
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

function fromPool(pool: Pool): Omit<Database, 'writeVersion'> {
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await work({
          async query<T>(sql: string, params: unknown[] = []) {
            return (await client.query(sql, params)).rows as T[];
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

/**
 * A PostgreSQL server when `url` is given (DATABASE_URL), else PGlite: on disk in `dataDir`
 * so nothing is lost on restart, or in memory when neither is given (tests).
 */
export async function openDatabase(options: { url?: string; dataDir?: string } = {}): Promise<Database> {
  if (options.url) {
    const pool = new Pool({ connectionString: options.url, max: 10 });
    await pool.query('select 1');
    return tracked(fromPool(pool));
  }
  const db = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await db.waitReady;
  return tracked(fromPglite(db));
}
