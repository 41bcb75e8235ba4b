import { useMemo } from 'react';
import { addressRoutes, returnRoutes, type AddressInput, type ApiClient, type ReturnRequest } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { formOf } from '../../app/form-data';

/**
 * Starting and cancelling a return, its photo, a pickup address added from the form, and the
 * refund, over the page's client (the loads are `useQuery`s).
 */
function returnsApi(client: ApiClient) {
  return {
    create: (orderId: number, body: ReturnRequest) => client.call(returnRoutes.create, { params: { orderId }, body }),
    cancel: (orderId: number, returnId: number) => client.call(returnRoutes.cancel, { params: { orderId, returnId } }),
    uploadPhoto: (file: File) => client.call(returnRoutes.uploadPhoto, { body: formOf({ file }) }),
    addAddress: (body: AddressInput) => client.call(addressRoutes.create, { body }),
    createRefund: (orderId: number, itemId: number, refundMethod: 'source' | 'storecredit' | 'neft' | 'upi') =>
      client.call(returnRoutes.createRefund, { params: { orderId }, body: { itemId, refundMethod } }),
  };
}

export function useReturnsApi() {
  const client = useApiClient();
  return useMemo(() => returnsApi(client), [client]);
}
