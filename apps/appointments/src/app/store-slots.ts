import { appointmentRoutes } from '@eyewear/api-client';
import { useQuery } from '@eyewear/event-bus';

/** account §9: slot request duration 30, classification 1, skipCurrentDate 0. */
export const SLOT_REQUEST = { duration: 30, classification: 1, skipCurrentDate: 0 } as const;

/** A store's free 30-minute times on `date` (without one, on the store's default date). */
export function useStoreSlots(storeCode: string | undefined, date: string | undefined) {
  return useQuery(appointmentRoutes.storeSlots, { body: { storeCode, ...SLOT_REQUEST, ...(date ? { date } : {}) } }, { enabled: Boolean(storeCode) });
}
