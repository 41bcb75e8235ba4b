import { useMemo } from 'react';
import {
  apiClientFor,
  checkoutRoutes,
  orderRoutes,
  prescriptionRoutes,
  type ApiClient,
  type CardInput,
  type PowerType,
  type PrescriptionInput,
} from '@eyewear/api-client';
import { useCountry } from '@eyewear/i18n';

/**
 * Calls about one order item after the order (lens package, power type, power with the
 * order's code) and paying a lens upgrade's difference through the order payment call.
 */
export function itemApi(client: ApiClient) {
  const p = prescriptionRoutes;
  return {
    /**
     * An order opened from an e-mail or SMS link, proved by its e-mail (account §7 GET order
     * ?email): the tracked shape, status and items, of the address only the city.
     */
    track: (orderId: number, email: string) => client.call(orderRoutes.track, { params: { orderId }, query: { email } }),
    upgradeOptions: (orderId: number, itemId: number) => client.call(p.upgradeOptions, { params: { orderId, itemId } }),
    upgradePackage: (orderId: number, itemId: number, updateFrom: number, updateTo: number) =>
      client.call(p.upgradePackage, { params: { orderId, itemId }, query: { updateFrom, updateTo } }),
    updatePackage: (orderId: number, itemId: number, packageId: number) => client.call(p.updatePackage, { params: { orderId, itemId }, body: { packageId } }),
    updatePowerType: (orderId: number, itemId: number, from: PowerType, to: PowerType) =>
      client.call(p.updatePowerType, { params: { orderId, itemId }, query: { from, to } }),
    updatePrescription: (orderId: number, itemId: number, body: PrescriptionInput, email?: string) =>
      client.call(p.updateItemPrescription, { params: { orderId, itemId }, query: email ? { email } : {}, body }),
    confirmOtp: (orderId: number, value: string, email?: string) => client.call(p.otp, { params: { orderId }, query: email ? { value, email } : { value } }),
    /** One payment attempt = one Idempotency-Key: a retried answer never charges twice. */
    payOrder: (orderId: number, card: CardInput, idempotencyKey: string) =>
      client.call(checkoutRoutes.pay, { body: { paymentMethod: 'cc', orderId, card }, idempotencyKey }),
  };
}

export type ItemApi = ReturnType<typeof itemApi>;

const apis = new Map<string, ItemApi>();
export function useItemApi(): ItemApi {
  const country = useCountry();
  return useMemo(() => {
    let api = apis.get(country);
    if (!api) {
      api = itemApi(apiClientFor(country));
      apis.set(country, api);
    }
    return api;
  }, [country]);
}

export const newAttemptKey = () => `upgrade-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
