import { type FastifyInstance } from 'fastify';
import { type Database } from '../db/database';
import { type Tx } from '../db/rows';
import { type SessionRow } from '../http/session';
import { type SeedCatalogue } from '../seed/types';

export type { Tx };

export interface Migration {
  /** Sorted with every other migration: `NNN_area_what`. Never edit a released one. */
  id: string;
  sql: string;
}

export interface LoginEvent {
  /** The guest session the shopper had before logging in (already ended). */
  previousSessionId: string;
  /** The new session bound to the customer. */
  sessionId: string;
  customerId: number;
}

/** What an area adds to `GET /me`: its counts (cart, wishlist), the account's face profiles. */
export type UserInfoPart = Partial<{ cartCount: number; wishlistCount: number; dittos: string[] }>;

/**
 * What areas tell each other on the server without importing one another: the account area
 * runs `afterLogin` inside its login transaction (the cart merges the guest cart there), and
 * `GET /me` adds up what each area knows of the shopper (the cart's and wishlist's counts, the
 * account's face profiles).
 */
export interface AreaHooks {
  afterLogin: Array<(tx: Tx, event: LoginEvent) => Promise<void>>;
  counts: Array<(db: Database, session: SessionRow) => Promise<UserInfoPart>>;
}

export function createHooks(): AreaHooks {
  return { afterLogin: [], counts: [] };
}

/** One business area of the API: its tables, its routes and the data it seeds. */
export interface ApiArea {
  name: string;
  migrations: readonly Migration[];
  routes(app: FastifyInstance, db: Database, hooks: AreaHooks): void;
  /** Idempotent (upserts); runs after the catalogue seed on every start. */
  seed?(db: Database, catalogue: SeedCatalogue): Promise<void>;
}
