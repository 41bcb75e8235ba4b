import { type FastifyInstance } from 'fastify';
import { areaEndpoints } from '@eyewear/api-client';

const accountEndpoints = areaEndpoints.account;
import { type Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { route } from '../../http/endpoint';
import { type Tx } from '../area';

/**
 * The simulated SMS and e-mail gateway (DESIGN.md "API": SMS and e-mail are simulated behind
 * an interface). Nothing leaves the machine: every message is written to account_outbox and
 * developers and tests read it with GET /v2/dev/outbox?to=<phone or e-mail>. A real gateway
 * would replace `deliver`; ACCOUNT_OUTBOX=off closes the read endpoint.
 */
export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  body: string;
  code?: string;
}

export async function deliver(db: Pick<Database, 'query'>, message: OutboxMessage) {
  await db.query('insert into account_outbox (channel, recipient, subject, body, code) values ($1, $2, $3, $4, $5)', [
    message.channel,
    message.to,
    message.subject ?? null,
    message.body,
    message.code ?? null,
  ]);
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
  created_at: Date | string;
}

export function outboxRoutes(app: FastifyInstance, db: Database | Tx) {
  route(app, accountEndpoints.outbox, async ({ query }) => {
    if (process.env.ACCOUNT_OUTBOX === 'off') throw new HttpError(404, 'The outbox is closed on this server.', undefined, 'NOT_FOUND');
    const channel = query.channel ?? null;
    const rows = await db.query<OutboxRow>(
      `select * from account_outbox where lower(recipient) = lower($1) and ($2::text is null or channel = $2)
       order by id desc limit $3`,
      [query.to.trim(), channel, query.limit ?? 10],
    );
    return {
      result: {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.recipient,
          subject: row.subject ?? undefined,
          body: row.body,
          code: row.code ?? undefined,
          createdAt: new Date(row.created_at).toISOString(),
        })),
      },
    };
  });
}
