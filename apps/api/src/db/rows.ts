import { type Database } from './database';

export type Tx = Pick<Database, 'query' | 'exec'>;

/** Inserts rows in batches: one statement per batch, parameters numbered across the batch. */
export async function insertRows(tx: Tx, table: string, columns: string[], rows: unknown[][], conflict: string) {
  const batch = Math.max(1, Math.floor(900 / columns.length));
  for (let start = 0; start < rows.length; start += batch) {
    const slice = rows.slice(start, start + batch);
    const values = slice.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`).join(', ');
    await tx.query(`insert into ${table} (${columns.join(', ')}) values ${values} ${conflict}`, slice.flat());
  }
}
