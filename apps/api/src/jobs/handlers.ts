import { type Database } from '../db/database';
import { sweepExpired } from '../db/housekeeping';
import { expireUnpaidOrders } from '../areas/cart/order-expiry';
import { sendQueuedMessage } from '../messages/send';
import { queueBookingReminder } from '../messages/booking-messages';
import { type QueueName } from './queue';
import { runSimulatedMove, type SimulatedMove } from './simulated-courier';

/**
 * What each queue's job does. Every handler is idempotent (a job run twice, after a crash or an
 * expiry, changes nothing the second time): a message is sent once (messages/send.ts), an
 * expired order is cancelled by a conditional update, a sweep deletes what is past keeping.
 */
export const HANDLERS: Record<QueueName, (db: Database, data: Record<string, unknown>) => Promise<unknown>> = {
  message: (db, data) => sendQueuedMessage(db, Number(data.id)),
  'expire-orders': async (db) => ({ expired: await expireUnpaidOrders(db) }),
  sweep: async (db) => ({ removed: await sweepExpired(db) }),
  'simulated-courier': (db, data) => runSimulatedMove(db, data as unknown as SimulatedMove),
  'booking-reminder': (db, data) => queueBookingReminder(db, String(data.bookingId), String(data.startsAt)),
};

/**
 * The scheduled jobs: each worker asks for every one on each tick, with the slot of its period
 * (pg-boss's singletonSeconds), so a slot has one job in the whole cluster however many workers
 * ask, and the worker that fetches it runs it once.
 */
export const SCHEDULES: ReadonlyArray<{ queue: QueueName; everySeconds: number }> = [
  { queue: 'expire-orders', everySeconds: 60 },
  { queue: 'sweep', everySeconds: 60 * 60 },
];
