import type { AddressInput } from '@eyewear/api-client';

/** A guest's checkout details, kept across a reload in this tab (session storage): contact and address only, never payment data. */
export const GUEST_DETAILS_KEY = 'cartCheckoutGuest';

export interface GuestDetails {
  guestInfo?: { email: string; phone: string };
  address?: AddressInput;
}

export function keptGuestDetails(): GuestDetails {
  try {
    const raw = globalThis.sessionStorage?.getItem(GUEST_DETAILS_KEY);
    return raw ? (JSON.parse(raw) as GuestDetails) : {};
  } catch {
    return {};
  }
}

/** Adds to what is kept (only the two known parts are written). */
export function keepGuestDetails(details: GuestDetails) {
  const kept = { ...keptGuestDetails(), ...details };
  try {
    globalThis.sessionStorage?.setItem(GUEST_DETAILS_KEY, JSON.stringify({ guestInfo: kept.guestInfo, address: kept.address }));
  } catch {
    // Storage full or blocked: the details are simply not kept.
  }
}
