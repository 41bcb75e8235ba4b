import { createPageStore } from '@eyewear/event-bus';
import { attributeError, BEACON_URL, createReporter, shellBuild } from './telemetry';

/** The beacons the reporter sent, decoded from the Blobs it handed to sendBeacon. */
async function sentEvents(sendBeacon: jest.Mock) {
  // jsdom's Blob has no text(); FileReader reads it.
  const read = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
  const bodies = await Promise.all(sendBeacon.mock.calls.map(([, blob]: [string, Blob]) => read(blob)));
  return bodies.flatMap((body) => JSON.parse(body).events);
}

const VIEW = 'AAAAAAAAAAAA.t0n.BBBBBBBBBBBBBBBBBBBBBB';
const receipt = () => VIEW;

describe('release beacons (docs/adr/024)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = '<meta name="eyewear-shell" content="0.1.0-abc123" data-channel="stable">';
  });
  afterEach(() => {
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  it('sends what loaded and what failed to the edge, a failure charged to the build that failed', async () => {
    const sendBeacon = jest.fn(() => true);
    const api = { call: jest.fn(() => Promise.resolve({})) };
    const report = createReporter(createPageStore({}), api as never, { sendBeacon, receipt });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    report.loaded({ remote: 'catalog', channel: 'stable', version: '1.0.0', entry: '/x.json' });
    report({ kind: 'load', remote: 'catalog', version: '1.1.0', channel: 'canary', message: 'chunk 404' });
    jest.advanceTimersByTime(1000);
    expect(sendBeacon).toHaveBeenCalledWith(BEACON_URL, expect.any(Blob));
    expect(await sentEvents(sendBeacon)).toEqual([
      { kind: 'loaded', app: 'shell', version: '0.1.0-abc123' },
      { kind: 'loaded', app: 'catalog', version: '1.0.0' },
      { kind: 'load', app: 'catalog', version: '1.1.0' },
    ]);
    // The failure's message still reaches the API's diagnostics log; the loads do not.
    expect(api.call).toHaveBeenCalledTimes(1);
    const sent = (api.call.mock.calls as unknown as Array<[unknown, { body: { events: unknown[] } }]>)[0]?.[1];
    expect(sent?.body.events).toEqual([expect.objectContaining({ kind: 'load', remote: 'catalog', version: '1.1.0', message: 'chunk 404' })]);
  });

  it('charges a page error to the remote build whose file threw, else to the shell build', async () => {
    const sendBeacon = jest.fn(() => true);
    const report = createReporter(createPageStore({}), { call: jest.fn(() => Promise.resolve({})) } as never, { sendBeacon, receipt });
    report.pageError('boom', 'http://shop/remotes/product/2.0.0-ff/123.abcd1234.js:1:2');
    report.pageError('bang', 'http://shop/main.1234abcd.js:3:4');
    jest.advanceTimersByTime(1000);
    const events = await sentEvents(sendBeacon);
    expect(events).toContainEqual({ kind: 'pageerror', app: 'product', version: '2.0.0-ff' });
    expect(events).toContainEqual({ kind: 'pageerror', app: 'shell', version: '0.1.0-abc123' });
  });

  it("waits for the page view's receipt (remotes.json) and sends it with the events (docs/adr/057)", async () => {
    const sendBeacon = jest.fn(() => true);
    let view: string | null = null;
    const report = createReporter(createPageStore({}), { call: jest.fn(() => Promise.resolve({})) } as never, {
      sendBeacon,
      receipt: () => view,
      // remotes.json is on its way: the edge is not asked separately before it answers.
      fetchView: () => new Promise<string | null>(() => undefined),
    });
    report.loaded({ remote: 'catalog', channel: 'stable', version: '1.0.0', entry: '/x.json' });
    jest.advanceTimersByTime(3000);
    expect(sendBeacon).not.toHaveBeenCalled();
    view = VIEW;
    jest.advanceTimersByTime(1000);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const body = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText((sendBeacon.mock.calls[0] as unknown as [string, Blob])[1]);
    });
    expect(JSON.parse(body)).toEqual({
      view: VIEW,
      events: [
        { kind: 'loaded', app: 'shell', version: '0.1.0-abc123' },
        { kind: 'loaded', app: 'catalog', version: '1.0.0' },
      ],
    });
  });

  it("asks the edge once for a server-rendered page's receipt (its manifest came with the page), then sends with it", async () => {
    const sendBeacon = jest.fn(() => true);
    let answer!: (view: string | null) => void;
    const fetchView = jest.fn(() => new Promise<string | null>((resolve) => (answer = resolve)));
    const report = createReporter(createPageStore({}), { call: jest.fn(() => Promise.resolve({})) } as never, { sendBeacon, receipt: () => null, fetchView });
    report.loaded({ remote: 'catalog', channel: 'stable', version: '1.0.0', entry: '/x.json' });
    jest.advanceTimersByTime(3000);
    expect(fetchView).toHaveBeenCalledTimes(1);
    expect(sendBeacon).not.toHaveBeenCalled();
    answer(VIEW);
    await jest.advanceTimersByTimeAsync(0);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    report.loaded({ remote: 'product', channel: 'stable', version: '1.0.0', entry: '/y.json' });
    jest.advanceTimersByTime(1000);
    expect(fetchView).toHaveBeenCalledTimes(1);
    expect(sendBeacon).toHaveBeenCalledTimes(2);
  });

  it("asks a server-rendered page's receipt as the shell starts: a shopper who leaves at once still sends with it", async () => {
    document.body.innerHTML = '<script type="application/json" id="eyewear-ssr">{}</script>';
    const sendBeacon = jest.fn(() => true);
    const fetchView = jest.fn(() => Promise.resolve(VIEW));
    const report = createReporter(createPageStore({}), { call: jest.fn(() => Promise.resolve({})) } as never, { sendBeacon, receipt: () => null, fetchView });
    await jest.advanceTimersByTimeAsync(0);
    expect(fetchView).toHaveBeenCalledTimes(1);
    report.loaded({ remote: 'catalog', channel: 'stable', version: '1.0.0', entry: '/x.json' });
    window.dispatchEvent(new Event('pagehide'));
    const bodies = await Promise.all(
      (sendBeacon.mock.calls as unknown as Array<[string, Blob]>).map(
        ([, blob]) =>
          new Promise<string>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve(String(reader.result));
            reader.readAsText(blob);
          }),
      ),
    );
    const sent = bodies.map((body) => JSON.parse(body));
    expect(sent.flatMap((body) => body.events)).toContainEqual({ kind: 'loaded', app: 'catalog', version: '1.0.0' });
    expect(sent.every((body) => body.view === VIEW)).toBe(true);
  });

  it("on a page the browser renders, waits for remotes.json's receipt and asks the edge only when a beacon is due without one", async () => {
    const fetchView = jest.fn(() => new Promise<string | null>(() => undefined));
    const report = createReporter(createPageStore({}), { call: jest.fn(() => Promise.resolve({})) } as never, {
      sendBeacon: jest.fn(() => true),
      receipt: () => null,
      fetchView,
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(fetchView).not.toHaveBeenCalled();
    report.loaded({ remote: 'catalog', channel: 'stable', version: '1.0.0', entry: '/x.json' });
    await jest.advanceTimersByTimeAsync(1000);
    expect(fetchView).toHaveBeenCalledTimes(1);
  });

  it('reads the shell build from the document, and refuses what is not a version', () => {
    expect(shellBuild()).toBe('0.1.0-abc123');
    document.head.innerHTML = '<meta name="eyewear-shell" content="../../x">';
    expect(shellBuild()).toBeNull();
    expect(attributeError('at https://shop/remotes/admin/1.0.0/x.js', null)).toBeNull();
  });
});
