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
}

// bigint and numeric come back as strings from pg; money and counts here fit in a double.
types.setTypeParser(20, (value) => Number(value));
types.setTypeParser(1700, (value) => Number(value));

function fromPglite(db: PGlite): Database {
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

function fromPool(pool: Pool): Database {
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
    return fromPool(pool);
  }
  const db = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await db.waitReady;
  return fromPglite(db);
}
