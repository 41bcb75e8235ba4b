import { useCallback, useRef, useState } from 'react';
import { appointmentRoutes, cartRoutes, htoRoutes, messageOf, type HecAppointment, type HtoAppointment } from '@eyewear/api-client';
import { useApiClient, useQuery } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { messages } from '../../app/flow-messages';
import { useSubmit } from '../../app/use-submit';

/**
 * The page JSON (with a cache-busting `v`), then the cancel reasons; either failing fails the
 * page. `retry` asks again with a new `v`.
 */
export function useHtoPage() {
  const m = useMessages(messages);
  const [v, setV] = useState(() => Date.now());
  const page = useQuery(htoRoutes.page, { query: { v } });
  const reasons = useQuery(htoRoutes.cancelReasons, {}, { enabled: page.status === 'ready' });
  const failed = page.status === 'failed' ? page : reasons.status === 'failed' ? reasons : null;
  return {
    status: failed ? ('failed' as const) : page.status === 'ready' ? ('ready' as const) : ('loading' as const),
    error: failed ? messageOf(failed.error, m.genericError) : null,
    page: page.status === 'ready' ? page.data!.result : null,
    reasons: reasons.data?.result.reasons ?? [],
    retry: () => setV(Date.now()),
  };
}

/**
 * The home visit slots of the place found, when visits reach it: asked at each resolution, and
 * kept while a booked visit is shown (a cancel goes back to them without asking again).
 */
export function useHtoSlots({ serviceable, pincode }: { serviceable: boolean | null; pincode: string | null }) {
  return useQuery(htoRoutes.slots, { query: { pinCode: pincode } }, { enabled: Boolean(serviceable && pincode) });
}

/**
 * The home visit on this page (account §3 appointmentInfo: booked or found; a cancel clears it)
 * and, with `?appointmentId=`, the home eye check-up (HEC) it shows, synced or cancelled here.
 */
export function useVisit(hecId: string | null) {
  const m = useMessages(messages);
  const api = useApiClient();
  const [info, setInfo] = useState<HtoAppointment | null>(null);
  const [cancelled, setCancelled] = useState(false);
  const [hec, setHec] = useState<HecAppointment | null>(null);
  const hecGet = useQuery(appointmentRoutes.hecGet, { params: { appointmentId: hecId } }, { enabled: Boolean(hecId) });
  const hecCall = useSubmit(m.genericError);
  /** A synced or cancelled HEC appointment; the booked visit it belongs to takes its status. */
  const hecChanged = (next: HecAppointment) => {
    setHec(next);
    setInfo((visit) => (visit && visit.appointmentId === next.appointmentId ? { ...visit, status: next.status } : visit));
  };
  const shown = hec ?? hecGet.data?.result ?? null;
  return {
    info,
    cancelled,
    show: (visit: HtoAppointment) => {
      setInfo(visit);
      setCancelled(false);
    },
    clear: () => {
      setInfo(null);
      setCancelled(true);
    },
    hec: {
      appointment: shown,
      loading: (hecGet.status === 'loading' || hecCall.submitting) && !shown,
      error: hecCall.error ?? (hecGet.status === 'failed' && !hec ? messageOf(hecGet.error, m.genericError) : null),
    },
    syncHec: (appointmentId: string) =>
      hecCall.run(
        () => api.call(appointmentRoutes.hecSync, { params: { appointmentId }, query: { source: 'HEC' } }),
        (answer) => hecChanged(answer.result),
      ),
    cancelHec: (orderId: number, reason: string) =>
      hecCall.run(
        () => api.call(appointmentRoutes.hecCancel, { query: { orderId, reasonCancellation: reason } }),
        (answer) => hecChanged(answer.result),
      ),
  };
}

export type Visit = ReturnType<typeof useVisit>;

/** What a home try-on lead carries (the contract's `cart.htoLeads` body). */
export interface HtoLead {
  phone: string;
  name?: string;
  pincode?: string;
}

/**
 * shopping §7 Cart "POST cart /htoLeads": the shopper's mobile number (with the name and the
 * pincode when known) as soon as it is a valid number on the visit form, so a visit that is not
 * booked can still be followed up. Once per number; a failure is only logged (shopping §8
 * "Abandoned-lead and HTO-lead errors: Logged only") and never stops the booking.
 */
export function useHtoLead() {
  const api = useApiClient();
  const sent = useRef(new Set<string>());
  return useCallback(
    (lead: HtoLead) => {
      if (sent.current.has(lead.phone)) return;
      sent.current.add(lead.phone);
      api.call(cartRoutes.htoLeads, { body: lead }).catch((error: unknown) => console.warn('[appointments] home try-on lead not recorded', error));
    },
    [api],
  );
}
