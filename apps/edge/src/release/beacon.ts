// POST /_edge/beacon (docs/adr/024, 057): what a page loaded and how it went, counted in the
// release signal for the page view that sent it (its receipt, from the remotes.json the edge
// served it), when the view's session was given that build.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Responder } from '../http/respond';
import type { Sessions } from '../sessions/sessions';
import { parseBeacon } from './signal-beacon';
import type { Receipts } from './receipt';
import type { Judge, SignalRecorder } from './signal';

/** A beacon's largest body (bytes). */
export const BEACON_LIMIT = 8 * 1024;

export interface BeaconReceiverOptions {
  signal: Pick<SignalRecorder, 'allow' | 'reject' | 'record'>;
  /** The request's signed session id, if any (never minted here: a beacon carries its page's). */
  sessionIdOf: Sessions['sessionIdOf'];
  /** The client's address, through the trusted balancers. */
  clientAddressOf: Sessions['clientAddressOf'];
  /** Page-view receipts: a beacon counts only with its view's (docs/adr/057). */
  receipts: Receipts;
  responder: Responder;
  /**
   * Whether a vote about `app`@`version` from this session counts: the version must be the
   * app's stable, or its canary for a session in the canary's bucket.
   */
  judgeFor: (sessionId: string) => Promise<Judge>;
  /** The apps a beacon may name (the shell and the remotes). */
  apps: readonly string[];
}

export function createBeaconReceiver({ signal, sessionIdOf, clientAddressOf, receipts, responder, judgeFor, apps }: BeaconReceiverOptions) {
  const { sendJson, securityHeaders } = responder;
  const tooLarge = (req: IncomingMessage, res: ServerResponse) => sendJson(req, res, 413, { message: 'A beacon is at most 8 KiB.', code: 'BODY_TOO_LARGE' });
  const badBeacon = (req: IncomingMessage, res: ServerResponse) =>
    sendJson(req, res, 400, { message: 'A beacon is a JSON object with events.', code: 'BAD_BEACON' });

  /** POST /_edge/beacon: what a page loaded and how it went (docs/adr/024). Always 204 unless refused. */
  return async function receiveBeacon(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const declared = Number(req.headers['content-length'] || 0);
    if (declared > BEACON_LIMIT) {
      req.resume();
      return tooLarge(req, res);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > BEACON_LIMIT) return tooLarge(req, res);
      chunks.push(chunk);
    }
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return badBeacon(req, res);
    }
    const events = parseBeacon(body, apps);
    if (!events) return badBeacon(req, res);
    const sessionId = sessionIdOf(req);
    if (!sessionId) {
      signal.reject('noSession', events.length);
    } else if (!signal.allow(sessionId)) {
      signal.reject('rateLimited', events.length);
      return sendJson(req, res, 429, { message: 'Too many beacons from this session; try again in a minute.', code: 'RATE_LIMITED' }, { 'retry-after': '60' });
    } else {
      const addr = receipts.addressKey(clientAddressOf(req));
      const view = receipts.verify((body as { view?: unknown }).view, addr);
      if (!view) signal.reject('noView', events.length);
      else {
        // A session's first view ran the stable shell whatever its bucket (its document came without the session).
        const counted = view.first ? events.filter((event) => event.app !== 'shell') : events;
        if (counted.length < events.length) signal.reject('firstView', events.length - counted.length);
        signal.record({ id: view.id, addr }, counted, await judgeFor(sessionId));
      }
    }
    res.writeHead(204, { ...securityHeaders, 'cache-control': 'no-store' });
    res.end();
  };
}

export type BeaconReceiver = ReturnType<typeof createBeaconReceiver>;
