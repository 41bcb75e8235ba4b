import { type Database } from './database';
import { MIGRATIONS } from './migrations';

/** Applies the migrations not yet applied; safe to run on every start. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`);
  const applied = new Set((await db.query<{ id: string }>('select id from schema_migrations')).map((row) => row.id));
  const ran: string[] = [];
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.id)) continue;
    const done = await db.transaction(async (tx) => {
      // Two API instances starting at once on one server: one migrates, the other waits.
      await tx.query('select pg_advisory_xact_lock(7274)');
      const again = await tx.query('select 1 from schema_migrations where id = $1', [migration.id]);
      if (again.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (id) values ($1)', [migration.id]);
      return true;
    });
    if (done) ran.push(migration.id);
  }
  return ran;
}
