import { readConfig } from '../config';
import { type Database } from '../db/database';
import { HttpError } from '../http/errors';
import { courierFor } from '../areas/account/courier/courier';
import { advanceReturn } from '../areas/account/return-progress';
import { enqueue, type Queryable } from './queue';

/**
 * The simulated courier's pace (local mode, COURIER_PROVIDER=simulated; issue 38: "the simulated
 * courier and refund completions run as jobs"). A placed order is shipped a day later and
 * delivered three days after it was placed. A return is picked up a day after it is asked for
 * and reaches us three days after. A return the customer sends back reaches us five days after,
 * and its refund is paid then. Each move is a job queued with its start time, in the
 * transaction of the order or the return. The admin listener's advance routes (tests, and a
 * person who does not want to wait) make the same moves at once; a job whose move was already
 * made changes nothing. A real courier reports its moves instead: nothing is queued then.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
export const SIMULATED_PACE = {
  shipAfterMs: DAY_MS,
  deliverAfterMs: 3 * DAY_MS,
  pickUpAfterMs: DAY_MS,
  receivePickupAfterMs: 3 * DAY_MS,
  receiveSentBackAfterMs: 5 * DAY_MS,
};

export type SimulatedMove =
  { kind: 'order'; orderId: number; to: 'SHIPPED' | 'DELIVERED' } | { kind: 'return'; returnId: number; to: 'PICKED_UP' | 'RECEIVED' };

const simulated = () => readConfig().providers.courier === 'simulated';
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** A placed order's shipment and delivery, as the simulated courier will make them. */
export async function scheduleSimulatedDelivery(tx: Queryable, orderId: number, now = new Date()) {
  if (!simulated()) return;
  await enqueue(tx, 'simulated-courier', { kind: 'order', orderId, to: 'SHIPPED' }, { startAfter: at(now, SIMULATED_PACE.shipAfterMs) });
  await enqueue(tx, 'simulated-courier', { kind: 'order', orderId, to: 'DELIVERED' }, { startAfter: at(now, SIMULATED_PACE.deliverAfterMs) });
}

/** A return's pickup (when it is one) and its arrival, as the simulated courier will make them. */
export async function scheduleSimulatedReturn(tx: Queryable, returnId: number, mode: string, now = new Date()) {
  if (!simulated()) return;
  if (mode === 'pickup') {
    await enqueue(tx, 'simulated-courier', { kind: 'return', returnId, to: 'PICKED_UP' }, { startAfter: at(now, SIMULATED_PACE.pickUpAfterMs) });
    await enqueue(tx, 'simulated-courier', { kind: 'return', returnId, to: 'RECEIVED' }, { startAfter: at(now, SIMULATED_PACE.receivePickupAfterMs) });
  } else {
    await enqueue(tx, 'simulated-courier', { kind: 'return', returnId, to: 'RECEIVED' }, { startAfter: at(now, SIMULATED_PACE.receiveSentBackAfterMs) });
  }
}

/** The `simulated-courier` job: the move, unless it was made already (or can no longer be made: a cancelled order, a cancelled return). */
export async function runSimulatedMove(db: Database, move: SimulatedMove): Promise<{ moved: boolean }> {
  try {
    if (move.kind === 'order') {
      const { itemIds } = await courierFor().advance(db, move.orderId, move.to);
      return { moved: itemIds.length > 0 };
    }
    await advanceReturn(db, move.returnId, move.to);
    return { moved: true };
  } catch (error) {
    // 404 or 409: the order or return is gone, cancelled, or already past this move.
    if (error instanceof HttpError && (error.status === 404 || error.status === 409)) return { moved: false };
    throw error;
  }
}
