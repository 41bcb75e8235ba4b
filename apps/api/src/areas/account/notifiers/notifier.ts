import { type Database } from '../../../db/database';

/** One message to a person: an SMS to `+91 9876543210` or an e-mail to an address. */
export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  /** The text (an SMS, or an e-mail's plain-text part). */
  body: string;
  /** An e-mail's HTML part, when it has one. */
  html?: string;
  /** The one-time code or reset token the message carries (kept for the admin listener). */
  code?: string;
}

/**
 * Sends messages on one channel. The simulated implementations (simulated-sms.ts,
 * simulated-email.ts) keep what they "send" in account_outbox and print it on the terminal;
 * a real provider implements the same interface and is chosen by SMS_PROVIDER / EMAIL_PROVIDER
 * (apps/api/src/config.ts).
 */
export interface Notifier {
  readonly channel: OutboxMessage['channel'];
  /** The provider's name, as SMS_PROVIDER / EMAIL_PROVIDER spell it. */
  readonly provider: string;
  /** It only writes to the database given (the simulators): sent within the caller's transaction, exactly once. */
  readonly inDatabase?: boolean;
  send(db: Pick<Database, 'query'>, message: OutboxMessage): Promise<void>;
}

/** Where simulators print what they "send": the terminal of `npm start` (stdout), silent under Jest. */
let printer: (line: string) => void = (line) => {
  if (process.env.NODE_ENV !== 'test') process.stdout.write(`${line}\n`);
};

export function printSimulated(line: string) {
  printer(line);
}

/** Replaces the printer (tests capture the lines); returns the previous one. */
export function setSimulatorPrinter(next: (line: string) => void): (line: string) => void {
  const previous = printer;
  printer = next;
  return previous;
}

/** Keeps a simulated message where the admin listener reads it (GET /outbox on 127.0.0.1:ADMIN_PORT). */
export async function keepSimulated(db: Pick<Database, 'query'>, message: OutboxMessage) {
  await db.query('insert into account_outbox (channel, recipient, subject, body, code, html) values ($1, $2, $3, $4, $5, $6)', [
    message.channel,
    message.to,
    message.subject ?? null,
    message.body,
    message.code ?? null,
    message.html ?? null,
  ]);
}
