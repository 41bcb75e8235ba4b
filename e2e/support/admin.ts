import { type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_PORT } from '../playwright.config';

/**
 * The API's admin listener (docs/adr/019): 127.0.0.1 only, its own port, never behind the
 * edge. Journeys read the simulated outbox and drive the simulated courier through it.
 */
export const adminOrigin = `http://127.0.0.1:${E2E_ADMIN_PORT}`;

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  body: string;
  /** An e-mail's HTML part. */
  html?: string;
  code?: string;
}

/** What the simulated notifiers "sent" to a phone (`+91 9876543210`) or an e-mail, newest first. */
export async function readOutbox(request: APIRequestContext, to: string, channel?: 'sms' | 'email'): Promise<OutboxMessage[]> {
  const query = new URLSearchParams({ to, ...(channel ? { channel } : {}) });
  const answer = await request.get(`${adminOrigin}/outbox?${query}`);
  if (!answer.ok()) throw new Error(`admin outbox: ${answer.status()} ${await answer.text()}`);
  return ((await answer.json()) as { result: { messages: OutboxMessage[] } }).result.messages;
}

/** The simulated courier moves an order on (SHIPPED, DELIVERED...). */
export function advanceOrder(request: APIRequestContext, orderId: number | string, to: 'CONFIRMED' | 'PACKED' | 'SHIPPED' | 'DELIVERED' = 'DELIVERED') {
  return request.post(`${adminOrigin}/orders/${orderId}/advance?to=${to}`);
}

/** The simulated courier picks a return up (PICKED_UP, pickups only) or the goods arrive (RECEIVED): its refund is paid then. */
export function advanceReturn(request: APIRequestContext, returnId: number | string, to: 'PICKED_UP' | 'RECEIVED' = 'RECEIVED') {
  return request.post(`${adminOrigin}/returns/${returnId}/advance?to=${to}`);
}
