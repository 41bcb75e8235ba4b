import { readConfig } from '../../../config';
import { type Database } from '../../../db/database';
import { simulatedCourier } from './simulated-courier';

/** The statuses a courier moves an order's open items to, in order. */
export const COURIER_STATUSES = ['CONFIRMED', 'PACKED', 'SHIPPED', 'DELIVERED'] as const;
export type CourierStatus = (typeof COURIER_STATUSES)[number];

/**
 * The courier: it moves a placed order's open items on (packed, shipped, delivered). Only a
 * simulated courier exists (simulated-courier.ts), driven from the admin listener
 * (POST /orders/:orderId/advance on 127.0.0.1:ADMIN_PORT); a real one would report the same
 * moves from its tracking feed. COURIER_PROVIDER chooses (apps/api/src/config.ts).
 */
export interface Courier {
  readonly provider: string;
  advance(db: Database, orderId: number, to: CourierStatus): Promise<{ orderId: number; status: string; itemIds: number[] }>;
  /** The order's parcel with this courier (one per order): its name and tracking number, as the order page shows them (issue 42). */
  parcelOf(orderId: number): { courier: string; trackingNumber: string; trackingUrl?: string };
}

const COURIERS: Record<string, Courier> = { simulated: simulatedCourier };

export function courierFor(config = readConfig()): Courier {
  const courier = COURIERS[config.providers.courier];
  if (!courier) throw new Error(`No courier named ${config.providers.courier} is built in.`);
  return courier;
}
