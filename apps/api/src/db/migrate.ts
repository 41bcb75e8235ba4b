import { type Database } from './database';
import { AREAS } from '../areas';
import { MIGRATIONS } from './migrations';

/** The core migrations, then every area's, by id. */
export function allMigrations() {
  const areas = AREAS.flatMap((area) => area.migrations).sort((a, b) => a.id.localeCompare(b.id));
  const ids = new Set<string>();
  for (const migration of [...MIGRATIONS, ...areas]) {
    if (ids.has(migration.id)) throw new Error(`Two migrations share the id ${migration.id}`);
    ids.add(migration.id);
  }
  return [...MIGRATIONS, ...areas];
}

/** Applies the migrations not yet applied; safe to run on every start. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`);
  const applied = new Set((await db.query<{ id: string }>('select id from schema_migrations')).map((row) => row.id));
  const ran: string[] = [];
  for (const migration of allMigrations()) {
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
