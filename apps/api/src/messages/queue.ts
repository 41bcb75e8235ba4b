import { enqueue, type Queryable } from '../jobs/queue';
import { type MessageAudience, type MessageEvent } from './events';

/**
 * Queues what a customer is told about an event, in the event's transaction: one row per
 * channel the customer can be reached on (e-mail, SMS), keyed by the event (`eventKey`), and a
 * `message` job for each new row. The key is unique per channel, so the same event queued again
 * (a double click, a balancer's retry, five parallel calls, a job run twice) adds nothing: the
 * second writer waits for the first's commit, then finds its row. Answers the ids queued now.
 *
 * Every message here is transactional (about an order or a booking the customer made): it is
 * sent whatever the customer chose for marketing (account_marketing), as a store must.
 */
export async function queueMessage(tx: Queryable, eventKey: string, event: MessageEvent, audience: MessageAudience): Promise<number[]> {
  const channels: Array<['email' | 'sms', string]> = [];
  if (audience.email) channels.push(['email', audience.email]);
  if (audience.phone) channels.push(['sms', audience.phone]);
  const queued: number[] = [];
  for (const [channel, recipient] of channels) {
    const [row] = await tx.query<{ id: number }>(
      `insert into customer_messages (event_key, channel, recipient, kind, event, audience) values ($1, $2, $3, $4, $5, $6)
       on conflict (event_key, channel) do nothing returning id`,
      [eventKey, channel, recipient, event.kind, JSON.stringify(event), JSON.stringify(audience)],
    );
    if (!row) continue;
    await enqueue(tx, 'message', { id: Number(row.id) });
    queued.push(Number(row.id));
  }
  return queued;
}
