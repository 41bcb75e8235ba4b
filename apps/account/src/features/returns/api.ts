import { useMemo } from 'react';
import { returnRoutes, type ApiClient, type ReturnRequest } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';

/** Starting and cancelling a return and choosing its refund, over the page's client (the loads are `useQuery`s). */
function returnsApi(client: ApiClient) {
  return {
    create: (orderId: number, body: ReturnRequest) => client.call(returnRoutes.create, { params: { orderId }, body }),
    cancel: (orderId: number, returnId: number) => client.call(returnRoutes.cancel, { params: { orderId, returnId } }),
    createRefund: (orderId: number, itemId: number, refundMethod: 'source' | 'storecredit' | 'neft' | 'upi') =>
      client.call(returnRoutes.createRefund, { params: { orderId }, body: { itemId, refundMethod } }),
  };
}

export function useReturnsApi() {
  const client = useApiClient();
  return useMemo(() => returnsApi(client), [client]);
}
