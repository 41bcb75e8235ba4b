import { useEffect, useMemo } from 'react';
import { addressRoutes, cartRoutes, orderRoutes, prescriptionRoutes, type AddressInput, type ApiClient, type PrescriptionInput } from '@eyewear/api-client';
import { useApiClient, useQuery } from '@eyewear/event-bus';

/** The order changes of the order pages, over the page's client. */
function ordersApi(client: ApiClient) {
  return {
    cancel: (orderId: number, body: { itemIds?: number[]; reasonId: number; refundMethod?: 'source' | 'storecredit' }) =>
      client.call(orderRoutes.cancel, { params: { orderId }, body }),
    confirmCod: (orderId: number) => client.call(orderRoutes.confirmCod, { params: { orderId } }),
    /** Buy it again: the order's products into the cart (the cart area's re-order), the new cart answered. */
    buyAgain: (orderId: number) => client.call(cartRoutes.reorderById, { params: { orderId } }),
    editNeft: (orderId: number, body: Record<string, string>) => client.call(orderRoutes.editNeft, { params: { orderId }, body }),
    shipTo: (orderId: number, body: AddressInput) => client.call(addressRoutes.updateOrderShippingAddress, { params: { orderId }, body }),
    /** An item's power; `email` when the order was opened by its e-mail link (the API may then ask for a code). */
    updatePrescription: (orderId: number, itemId: number, body: PrescriptionInput, email?: string) =>
      client.call(prescriptionRoutes.updateItemPrescription, { params: { orderId, itemId }, query: email ? { email } : {}, body }),
    confirmOtp: (orderId: number, value: string, email?: string) =>
      client.call(prescriptionRoutes.otp, { params: { orderId }, query: email ? { value, email } : { value } }),
  };
}

export function useOrdersApi() {
  const client = useApiClient();
  return useMemo(() => ordersApi(client), [client]);
}

/** One order of the logged-in customer. */
export const useOrder = (orderId: number) => useQuery(orderRoutes.get, { params: { orderId } });

/**
 * An order opened from an e-mail or SMS link, proved by its e-mail (account §7 GET order
 * ?email): the tracked shape, status and items, of the address only the city.
 */
export const useTrackedOrder = (orderId: number, email: string) => useQuery(orderRoutes.track, { params: { orderId }, query: { email } });

/** account §4: a 401 on an order fetch creates a guest session. */
export function useGuestSessionOn401(error: unknown) {
  const client = useApiClient();
  const unauthorized = (error as { status?: number } | null)?.status === 401;
  useEffect(() => {
    if (unauthorized) void client.validateSession().catch(() => undefined);
  }, [unauthorized, error, client]);
}
