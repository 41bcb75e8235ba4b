import { readConfig } from '../../config';
import { type Database } from '../../db/database';
import { type Notifier, type OutboxMessage } from './notifiers/notifier';
import { simulatedEmail } from './notifiers/simulated-email';
import { simulatedSms } from './notifiers/simulated-sms';
import { smtpEmail } from './notifiers/smtp-email';

export type { OutboxMessage } from './notifiers/notifier';

/**
 * Sending SMS and e-mail (DESIGN.md "API": simulated behind an interface, docs/adr/019). Every
 * caller uses `deliver(db, message)`; the notifier of the message's channel sends it. Only the
 * simulated notifiers exist today: they keep each message in account_outbox and print it on
 * the terminal; EMAIL_PROVIDER=smtp sends e-mail through an SMTP server (notifiers/smtp-email.ts). Nothing they keep is readable through the public API: the admin listener
 * (apps/api/src/admin, 127.0.0.1:ADMIN_PORT, local mode only) serves `readOutbox`.
 */
const NOTIFIERS: Record<OutboxMessage['channel'], Record<string, Notifier>> = {
  sms: { simulated: simulatedSms },
  email: { simulated: simulatedEmail, smtp: smtpEmail },
};

export function notifierFor(channel: OutboxMessage['channel'], config = readConfig()): Notifier {
  const name = channel === 'sms' ? config.providers.sms : config.providers.email;
  const notifier = NOTIFIERS[channel][name];
  if (!notifier) throw new Error(`No ${channel} provider named ${name} is built in.`);
  return notifier;
}

export async function deliver(db: Pick<Database, 'query'>, message: OutboxMessage) {
  await notifierFor(message.channel).send(db, message);
}

/** SMS recipients are written as `+91 9876543210`. */
export const smsRecipient = (phoneCode: string, telephone: string) => `${phoneCode} ${telephone}`;

interface OutboxRow {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  code: string | null;
  html: string | null;
  created_at: Date | string;
}

/** What the simulated notifiers kept for a recipient, newest first (the admin listener's GET /outbox). */
export async function readOutbox(db: Pick<Database, 'query'>, query: { to: string; channel?: 'sms' | 'email'; limit?: number }) {
  const rows = await db.query<OutboxRow>(
    `select * from account_outbox where lower(recipient) = lower($1) and ($2::text is null or channel = $2)
     order by id desc limit $3`,
    [query.to.trim(), query.channel ?? null, query.limit ?? 10],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    channel: row.channel,
    to: row.recipient,
    subject: row.subject ?? undefined,
    body: row.body,
    code: row.code ?? undefined,
    html: row.html ?? undefined,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
