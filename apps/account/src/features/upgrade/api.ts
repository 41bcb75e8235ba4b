import { useMemo } from 'react';
import { checkoutRoutes, prescriptionRoutes, type ApiClient, type CardInput, type PowerType, type PowerTypeAdditions } from '@eyewear/api-client';
import { useApiClient, useQuery } from '@eyewear/event-bus';

/**
 * Changes of one order item's lenses after the order (lens package, power type) and paying a
 * lens upgrade's difference through the order payment call.
 */
function upgradeApi(client: ApiClient) {
  const p = prescriptionRoutes;
  return {
    upgradePackage: (orderId: number, itemId: number, updateFrom: number, updateTo: number) =>
      client.call(p.upgradePackage, { params: { orderId, itemId }, query: { updateFrom, updateTo } }),
    updatePackage: (orderId: number, itemId: number, packageId: number) => client.call(p.updatePackage, { params: { orderId, itemId }, body: { packageId } }),
    /** To bifocal or progressive lenses, with each eye's ADD (issue 42). */
    updatePowerType: (orderId: number, itemId: number, from: PowerType, to: PowerType, additions?: PowerTypeAdditions) =>
      client.call(p.updatePowerType, { params: { orderId, itemId }, query: { from, to }, ...(additions ? { body: additions } : {}) }),
    /**
     * One payment attempt = one Idempotency-Key: a retried answer never charges twice. `amount` is
     * the difference the page showed: the API charges it or nothing (409 CART_CHANGED, issue 37).
     */
    payOrder: (orderId: number, amount: number, card: CardInput, idempotencyKey: string) =>
      client.call(checkoutRoutes.pay, { body: { paymentMethod: 'cc', orderId, card, expectedTotal: amount }, idempotencyKey }),
  };
}

export function useUpgradeApi() {
  const client = useApiClient();
  return useMemo(() => upgradeApi(client), [client]);
}

/** The dearer lens packages of an item, with the price difference (and a change waiting for its payment). */
export const useUpgradeOptions = (orderId: number, itemId: number) => useQuery(prescriptionRoutes.upgradeOptions, { params: { orderId, itemId } });

export const newAttemptKey = () => `upgrade-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
