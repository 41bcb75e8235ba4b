import { createServer, type Server } from 'node:http';
import { createResponder, securityHeadersFor } from '../http/respond';
import { mintSession } from '../sessions/session';
import { createSessions } from '../sessions/sessions';
import { listen, stop } from '../testing/servers';
import { createBeaconReceiver, type BeaconReceiver } from './beacon';
import { createReceipts } from './receipt';
import { createSignalRecorder, type Judge, type SignalRecorder } from './signal';

const secret = 'k'.repeat(64);
let server: Server;
let at: string;
let signal: SignalRecorder;
let receiveBeacon: BeaconReceiver;
const judged: string[] = [];
const receipts = createReceipts({ secret });
const sessions = createSessions({ secret });
/** The receipt a session's page got with its remotes.json, from this machine (127.0.0.1). */
const receiptOf = (_value: string, address = '127.0.0.1') => receipts.mint(receipts.addressKey(address)).receipt;

// One server for the file (a new one per test could get a port whose pooled connection fetch still holds).
beforeAll(async () => {
  server = createServer((req, res) => void receiveBeacon(req, res));
  at = await listen(server);
});
afterAll(() => stop(server));

beforeEach(() => {
  judged.length = 0;
  signal = createSignalRecorder({ root: '/nonexistent', instance: 'beacon-test', now: () => Date.UTC(2026, 10, 26, 10, 0, 0) });
  receiveBeacon = createBeaconReceiver({
    signal,
    sessionIdOf: sessions.sessionIdOf,
    clientAddressOf: sessions.clientAddressOf,
    receipts,
    responder: createResponder(securityHeadersFor(null)),
    judgeFor: async (sessionId): Promise<Judge> => {
      judged.push(sessionId);
      return (_app, version) => ({ verdict: version === '1.0.0' ? 'yes' : 'unknown', run: 'stable' });
    },
    apps: ['shell', 'catalog'],
  });
});

const beacon = (body: string, cookie?: string) => fetch(`${at}/_edge/beacon`, { method: 'POST', body, headers: cookie ? { cookie: `mf_sid=${cookie}` } : {} });
const events = [{ kind: 'loaded', app: 'catalog', version: '1.0.0' }];
const loaded = JSON.stringify({ events });
const loadedIn = (view: string) => JSON.stringify({ view, events });

describe('receiveBeacon', () => {
  it("counts a page view's events with its session's judge, once however often it is sent, and answers 204", async () => {
    const value = mintSession(secret);
    const view = receiptOf(value);
    const answer = await beacon(loadedIn(view), value);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(judged).toEqual([value.split('.')[0]]);
    expect((await beacon(loadedIn(view), value)).status).toBe(204);
    expect(signal.summarise()[0]?.apps.catalog?.['1.0.0']).toMatchObject({ sessions: 1, ok: 1 });
  });

  it("counts no shell event from a session's first page view (its document came without the session: stable shell)", async () => {
    const value = mintSession(secret);
    const first = receipts.mint(receipts.addressKey('127.0.0.1'), { first: true }).receipt;
    const body = JSON.stringify({ view: first, events: [...events, { kind: 'loaded', app: 'shell', version: '1.0.0' }] });
    expect((await beacon(body, value)).status).toBe(204);
    expect(signal.summarise()[0]?.apps.shell).toBeUndefined();
    expect(signal.summarise()[0]?.apps.catalog?.['1.0.0']).toMatchObject({ sessions: 1, ok: 1 });
    expect(signal.summarise()[0]?.rejected.firstView).toBe(1);
  });

  it('counts nothing without the receipt of a page view from this network, still fresh; a receipt counts once whoever sends it', async () => {
    const value = mintSession(secret);
    // none; a forged one; one given to another network; a tampered one
    for (const view of [undefined, 'x'.repeat(12), receiptOf(value, '10.9.8.7'), `${receiptOf(value).slice(0, -1)}A`]) {
      expect((await beacon(JSON.stringify({ view, events }), value)).status).toBe(204);
    }
    expect(signal.summarise()[0]?.apps.catalog).toBeUndefined();
    expect(signal.summarise()[0]?.rejected.noView).toBe(4);
    // A receipt older than its life (30 minutes) counts no more.
    const old = createReceipts({ secret, now: () => Date.now() - 31 * 60_000 }).mint(receipts.addressKey('127.0.0.1')).receipt;
    await beacon(loadedIn(old), value);
    expect(signal.summarise()[0]?.rejected.noView).toBe(5);
    // One page view's receipt sent by two sessions (a first visit's parallel calls each given one): one vote.
    const view = receiptOf(value);
    await beacon(loadedIn(view), value);
    await beacon(loadedIn(view), mintSession(secret));
    expect(signal.summarise()[0]?.apps.catalog?.['1.0.0']).toMatchObject({ sessions: 1 });
  });

  it('counts events without a (valid) session as rejected, still 204', async () => {
    expect((await beacon(loaded)).status).toBe(204);
    expect((await beacon(loaded, `${mintSession(secret).slice(0, -1)}A`)).status).toBe(204);
    expect(signal.summarise()[0]?.rejected.noSession).toBe(2);
  });

  it('refuses what is not a beacon (400) and a body over 8 KiB (413)', async () => {
    for (const body of ['not json', '{}', JSON.stringify({ events: [{ kind: 'loaded', app: 'admin', version: '1.0.0' }] })]) {
      const answer = await beacon(body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message: 'A beacon is a JSON object with events.', code: 'BAD_BEACON' });
    }
    const large = await beacon(JSON.stringify({ events: [], pad: 'x'.repeat(9 * 1024) }));
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ message: 'A beacon is at most 8 KiB.', code: 'BODY_TOO_LARGE' });
  });

  it('answers 429 past 60 beacons a session a minute, counting nothing more', async () => {
    const value = mintSession(secret);
    const view = receiptOf(value);
    for (let i = 0; i < 60; i += 1) expect((await beacon(loadedIn(view), value)).status).toBe(204);
    const limited = await beacon(loadedIn(view), value);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(await limited.json()).toEqual({ message: 'Too many beacons from this session; try again in a minute.', code: 'RATE_LIMITED' });
    expect(signal.summarise()[0]?.rejected.rateLimited).toBe(1);
  });
});
