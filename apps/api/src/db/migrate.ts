import { type Database } from './database';
import { AREAS } from '../areas';
import { MIGRATIONS } from './migrations';
import { installJobQueue } from '../jobs/queue';

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

/**
 * How long a migration may wait for a table lock (MIGRATE_LOCK_TIMEOUT_MS, 5 s by default) before
 * it gives up, so an ALTER queued behind a long transaction does not stall every query queued
 * behind it: the step fails, changes nothing, and is run again.
 */
export function migrateLockTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.MIGRATE_LOCK_TIMEOUT_MS ?? 5000);
  return Number.isInteger(value) && value > 0 ? value : 5000;
}

/**
 * Applies the migrations not yet applied, each in its own transaction under one advisory lock
 * (two migrators at once: one applies, the other waits, then finds it done). Inside, no
 * statement timeout (a migration may take its time) but a lock timeout (it must not queue
 * traffic behind it for long). Then the job queue's schema (pg-boss's own, under its own lock)
 * and its queues (jobs/queue.ts). Run by the migrate step of a deploy (`main.js migrate`) and, in
 * local mode, by `npm start` (db/prepare.ts).
 */
export async function migrate(db: Database, lockTimeoutMs = migrateLockTimeoutMs()): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (id text primary key, applied_at timestamptz not null default now())`);
  const applied = new Set((await db.query<{ id: string }>('select id from schema_migrations')).map((row) => row.id));
  const ran: string[] = [];
  for (const migration of allMigrations()) {
    if (applied.has(migration.id)) continue;
    const done = await db.transaction(async (tx) => {
      // Two API instances starting at once on one server: one migrates, the other waits.
      // The wait for another migrator is not a statement that ran too long: no timeout for it.
      await tx.exec('set local statement_timeout = 0');
      await tx.query('select pg_advisory_xact_lock(7274)');
      await tx.exec(`set local lock_timeout = ${Math.round(lockTimeoutMs)}`);
      const again = await tx.query('select 1 from schema_migrations where id = $1', [migration.id]);
      if (again.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (id) values ($1)', [migration.id]);
      return true;
    });
    if (done) ran.push(migration.id);
  }
  await installJobQueue(db);
  return ran;
}
