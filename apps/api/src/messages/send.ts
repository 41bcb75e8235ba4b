import { type Database } from '../db/database';
import { notifierFor } from '../areas/account/outbox';
import { spendSms } from '../areas/account/sms-budget';
import { type OutboxMessage } from '../areas/account/notifiers/notifier';
import { type MessageAudience, type MessageEvent } from './events';
import { renderMessage } from './templates';

interface MessageRow {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  event: MessageEvent;
  audience: MessageAudience;
  status: 'QUEUED' | 'SENT';
}

/**
 * The `message` job: renders a queued message (messages/templates) and hands it to the notifier
 * of its channel. Idempotent: a message already sent is not sent again. A notifier that only
 * writes to the database (the simulators) sends in the same transaction that marks it sent,
 * so exactly once; a real provider (SMTP) sends, then the row is marked, so a crash between the
 * two sends it again on the retry (at least once, the most an SMTP server allows). A failure is
 * recorded on the row and thrown, for the queue to retry with backoff.
 */
export async function sendQueuedMessage(db: Database, id: number): Promise<'sent' | 'already-sent' | 'unknown'> {
  const [row] = await db.query<MessageRow>('select id, channel, recipient, event, audience, status from customer_messages where id = $1', [id]);
  if (!row) return 'unknown';
  if (row.status === 'SENT') return 'already-sent';
  try {
    const rendered = await renderMessage(row.event, row.audience);
    const message: OutboxMessage =
      row.channel === 'email'
        ? { channel: 'email', to: row.recipient, subject: rendered.subject, body: rendered.text, html: rendered.html }
        : { channel: 'sms', to: row.recipient, body: rendered.sms };
    const notifier = notifierFor(row.channel);
    const markSent = `update customer_messages set status = 'SENT', sent_at = now(), attempts = attempts + 1, last_error = null
                      where id = $1 and status <> 'SENT' returning id`;
    // An SMS takes from the country's daily budget (the bill's bound; not the number's, which the
    // customer's sign-in codes need): past it, this throws and the job is retried later.
    const budget = (tx: Pick<Database, 'query'>) =>
      row.channel === 'sms' ? spendSms(tx, { to: row.recipient, client: 'worker', country: row.audience.country, transactional: true }) : undefined;
    if (notifier.inDatabase) {
      const sent = await db.transaction(async (tx) => {
        const [claimed] = await tx.query(markSent, [id]);
        if (claimed) {
          await budget(tx);
          await notifier.send(tx, message);
        }
        return Boolean(claimed);
      });
      return sent ? 'sent' : 'already-sent';
    }
    await budget(db);
    await notifier.send(db, message);
    await db.query(markSent, [id]);
    return 'sent';
  } catch (error) {
    await db.query('update customer_messages set attempts = attempts + 1, last_error = $2 where id = $1', [
      id,
      String((error as Error).message ?? error).slice(0, 500),
    ]);
    throw error;
  }
}
